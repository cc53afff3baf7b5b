import { boolean, index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { sameCompany, tenant, timestamps } from "./columns.js";
import { companies } from "./companies.js";
import { users } from "./users.js";

/**
 * Quick replies (spec 1 section 9: the list opens when the text starts with
 * '/'). As in Whaticket, a row is either global to the company (`geral`) or
 * owned by the user who wrote it.
 */
export const quickMessages = pgTable(
  "quick_messages",
  {
    id: serial().primaryKey(),
    companyId: tenant().references(() => companies.id, { onDelete: "cascade" }),
    shortcode: text().notNull(),
    message: text().notNull().default(""),
    mediaPath: text(),
    mediaName: text(),
    /** true: every user of the company sees it; false: only its owner. */
    geral: boolean().notNull().default(false),
    userId: integer(),
    ...timestamps,
  },
  (t) => [
    sameCompany("quick_messages_user_id_fk", t.companyId, t.userId, users, "cascade"),
    index("quick_messages_company_shortcode_idx").on(t.companyId, t.shortcode, t.id),
    index("quick_messages_company_user_idx").on(t.companyId, t.userId),
  ],
);
