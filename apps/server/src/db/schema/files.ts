import { bigserial, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Stored files whose owner row went (deleted, cascaded, or its path replaced):
 * database triggers on every table holding a `/public/...` path add them here
 * (migration 0008), and the `files.remove` job deletes each file from disk
 * once no row refers to it any more.
 */
export const fileDeletions = pgTable("file_deletions", {
  id: bigserial({ mode: "number" }).primaryKey(),
  path: text().notNull(),
  createdAt: timestamp({ withTimezone: true, mode: "date" }).notNull().defaultNow(),
});
