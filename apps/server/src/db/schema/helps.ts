import { pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { timestamps } from "./columns.js";

/**
 * Help videos (spec 2 sections 2, 3 and 7). Platform data, like plans: the
 * super administrator writes them once for every company (as in the Whaticket
 * family), so no company owns a row. `video` is the video service's code
 * (YouTube's id), never a URL the server fetches.
 */
export const helps = pgTable(
  "helps",
  {
    id: serial().primaryKey(),
    title: text().notNull(),
    description: text().notNull().default(""),
    video: text().notNull(),
    ...timestamps,
  },
  // Unique title (spec 8's "already exists with the same name"); the index also serves the list's order.
  (t) => [uniqueIndex("helps_title_key").on(t.title)],
);
