import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * One-off data corrections that have run to the end (e.g. `national-phone-numbers`): a boot job
 * checks its row and does nothing once it is there, instead of scanning a large table at every start.
 */
export const dataBackfills = pgTable("data_backfills", {
  name: text().primaryKey(),
  finishedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
