import { integer, timestamp } from "drizzle-orm/pg-core";

/** createdAt / updatedAt, both set by the database. */
export const timestamps = {
  createdAt: timestamp({ withTimezone: true, mode: "date" }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true, mode: "date" }).notNull().defaultNow(),
};

/** The tenant column every company-owned table carries (NOT NULL, leads every index). */
export const tenant = () => integer().notNull();
