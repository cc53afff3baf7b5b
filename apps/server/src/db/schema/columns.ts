import { type AnyPgColumn, foreignKey, integer, timestamp } from "drizzle-orm/pg-core";

/** createdAt / updatedAt, both set by the database. */
export const timestamps = {
  createdAt: timestamp({ withTimezone: true, mode: "date" }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true, mode: "date" }).notNull().defaultNow(),
};

/** The tenant column every company-owned table carries (NOT NULL, leads every index). */
export const tenant = () => integer().notNull();

/**
 * A reference that stays inside its company: `(company_id, column)` must name
 * a row of `parent` with the same company, so no row can point at another
 * company's row, whatever the code above does. The parent carries a unique
 * `(company_id, id)` key for it. "set null" clears only the referencing
 * column: the migration writes `ON DELETE SET NULL (column)` (PostgreSQL 15+),
 * because drizzle-kit would null the tenant column too.
 */
export function sameCompany(
  name: string,
  companyId: AnyPgColumn,
  column: AnyPgColumn,
  parent: { companyId: AnyPgColumn; id: AnyPgColumn },
  onDelete: "cascade" | "set null",
) {
  return foreignKey({
    name,
    columns: [companyId, column],
    foreignColumns: [parent.companyId, parent.id],
  }).onDelete(onDelete);
}
