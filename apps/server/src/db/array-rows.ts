import { type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

/**
 * Rows read as arrays (db/shaped-statement.ts) and mapped by position: a table's columns are
 * selected in a fixed order and each one is read back from its index. Timestamps arrive as
 * PostgreSQL's text (drizzle's drivers keep them raw) and become Dates here, as drizzle's
 * `mode: "date"` columns would.
 */
export interface ColumnRead {
  key: string;
  column: PgColumn;
  index: number;
  date: boolean;
}

/** The reads of `keys` of a table, at positions `first`, `first + 1`, … of the select. */
export function columnReads<K extends string>(
  table: Record<K, PgColumn>,
  keys: readonly K[],
  first: number,
): ColumnRead[] {
  return keys.map((key, i) => ({
    key,
    column: table[key],
    index: first + i,
    date: table[key].columnType === "PgTimestamp",
  }));
}

/** The select list of the reads, in their order. */
export const selectedColumns = (reads: ColumnRead[]): SQL[] => reads.map((read) => sql`${read.column}`);

/** One row's object of the reads' columns. */
export function rowPart(row: unknown[], reads: ColumnRead[]): Record<string, unknown> {
  const part: Record<string, unknown> = {};
  for (const read of reads) {
    const value = row[read.index];
    part[read.key] = read.date && value !== null ? new Date(value as string) : value;
  }
  return part;
}

/** A left-joined row's object, or null when the join found none (its first read, the key, is null). */
export function joinedPart(row: unknown[], reads: ColumnRead[]): Record<string, unknown> | null {
  return row[reads[0]!.index] === null ? null : rowPart(row, reads);
}
