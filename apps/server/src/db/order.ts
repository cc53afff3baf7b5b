import type { AnyColumn, SQL } from "drizzle-orm";
import { sql } from "drizzle-orm";

/**
 * `column DESC NULLS LAST`: the order drizzle-kit gives an index column declared `.desc()`.
 * drizzle's `desc()` writes a bare `DESC` (nulls first), which such an index cannot serve, so
 * PostgreSQL reads the whole range and sorts it instead of stopping after the page. Every
 * newest-first list over a `.desc()` index orders with this.
 */
export const descNullsLast = (column: AnyColumn | SQL): SQL => sql`${column} DESC NULLS LAST`;
