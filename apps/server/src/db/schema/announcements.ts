import { boolean, index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { tenant, timestamps } from "./columns.js";
import { companies } from "./companies.js";

/**
 * Announcements shown in the top bar (spec 1 section 3). The super
 * administrator writes them in the platform company (id 1) and every company
 * reads those; a company's own rows are read by that company only.
 */
export const announcements = pgTable(
  "announcements",
  {
    id: serial().primaryKey(),
    companyId: tenant().references(() => companies.id, { onDelete: "cascade" }),
    /** 1 red, 2 orange, 3 grey (spec 1 section 9). */
    priority: integer().notNull().default(3),
    title: text().notNull(),
    text: text().notNull().default(""),
    mediaPath: text(),
    mediaName: text(),
    /** Only active announcements are listed. */
    status: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [
    index("announcements_company_status_created_idx").on(
      t.companyId,
      t.status,
      t.createdAt.desc(),
      t.id.desc(),
    ),
  ],
);
