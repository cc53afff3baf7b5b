import { and, eq, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";

/**
 * The tenant filter every repo query starts from. A request's company comes
 * only from its verified token (`req.ctx.companyId`); repos receive it and
 * scope each statement with these instead of writing `companyId` by hand, so
 * a query without its company stands out in review.
 */

/** A tenant-owned table: it has `company_id` (db/schema/columns.ts `tenant()`). */
type Owned = PgTable & { companyId: PgColumn };
type OwnedWithId = Owned & { id: PgColumn };

/** Rows of the company matching every condition (undefined conditions are skipped). */
export function ofCompany(table: Owned, companyId: number, ...conditions: (SQL | undefined)[]): SQL {
  return and(eq(table.companyId, companyId), ...conditions) as SQL;
}

/** One row by id, only if it belongs to the company. */
export function rowOf(table: OwnedWithId, companyId: number, id: number): SQL {
  return ofCompany(table, companyId, eq(table.id, id));
}
