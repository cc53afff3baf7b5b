import { type Column, getTableColumns, type SQL, sql, type Table } from "drizzle-orm";

/**
 * Many rows in one statement parameter, for the hot paths that write in
 * batches. Building a multi-row VALUES list with the query builder costs
 * a few microseconds per value (thousands per batch); a JSON array passed
 * to `json_to_recordset` costs one `JSON.stringify`.
 */

/** The database name of a schema key: the schema uses drizzle's `snake_case` casing. */
export function columnName(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/**
 * `INSERT INTO table (keys) SELECT keys FROM json_to_recordset($1)`, rows
 * kept in the given order. Append `ON CONFLICT …` / `RETURNING …` to it.
 * Every row must give every key (a missing value is NULL, not the default).
 */
export function insertRows<T extends Table>(
  table: T,
  keys: readonly (keyof T["$inferInsert"] & string)[],
  rows: readonly T["$inferInsert"][],
): SQL {
  const columns = getTableColumns(table) as Record<string, Column>;
  const names = keys.map(columnName).join(", ");
  const types = keys.map((key) => `${columnName(key)} ${recordType(columns[key] as Column)}`).join(", ");
  const json = JSON.stringify(
    rows.map((row) => Object.fromEntries(keys.map((key) => [columnName(key), row[key] ?? null]))),
  );
  return sql`INSERT INTO ${table} (${sql.raw(names)}) SELECT ${sql.raw(names)} FROM json_to_recordset(${json}::json) AS v(${sql.raw(types)})`;
}

/** A serial column is an integer once it has a value. */
function recordType(column: Column): string {
  const type = column.getSQLType();
  return type === "serial" ? "integer" : type === "bigserial" ? "bigint" : type;
}

/**
 * `row_to_json` answers database column names and JSON values; this maps
 * them back onto the table's TypeScript fields (dates included).
 */
export function fromJsonRow<T extends Table>(table: T, json: Record<string, unknown>): T["$inferSelect"] {
  const out: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[columnName(key)];
    out[key] =
      value !== null && value !== undefined && column.dataType === "date"
        ? new Date(value as string)
        : (value ?? null);
  }
  return out as T["$inferSelect"];
}
