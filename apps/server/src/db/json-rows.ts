import {
  type Column,
  getTableColumns,
  type InferColumnsDataTypes,
  Placeholder,
  type SQL,
  sql,
  type Table,
} from "drizzle-orm";

/**
 * Many rows in one statement parameter, for the hot paths that write in
 * batches. Building a multi-row VALUES list with the query builder costs
 * a few microseconds per value (thousands per batch); one JSON array of
 * rows, unpacked by `json_array_elements`, costs one `JSON.stringify`.
 */

/** The database name of a schema key: the schema uses drizzle's `snake_case` casing. */
export function columnName(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** Each table's keys with their database names and whether they hold dates, worked out once. */
const layouts = new WeakMap<Table, { key: string; name: string; isDate: boolean }[]>();

function layoutOf(table: Table) {
  let layout = layouts.get(table);
  if (!layout) {
    layout = Object.entries(getTableColumns(table)).map(([key, column]) => ({
      key,
      name: columnName(key),
      isDate: column.dataType === "date",
    }));
    layouts.set(table, layout);
  }
  return layout;
}

/**
 * `INSERT INTO table (keys) SELECT … FROM json_array_elements($1)`, rows
 * kept in the given order. Append `ON CONFLICT …` / `RETURNING …` to it.
 * Every row must give every key (a missing value is NULL, not the default).
 * `rows` may be a placeholder for a prepared statement (db/prepared.ts),
 * whose value is then `rowsJson(keys, rows)`.
 */
export function insertRows<T extends Table>(
  table: T,
  keys: readonly (keyof T["$inferInsert"] & string)[],
  rows: readonly T["$inferInsert"][] | Placeholder,
): SQL {
  const columns = getTableColumns(table) as Record<string, Column>;
  const names = keys.map(columnName);
  const json = rows instanceof Placeholder ? rows : rowsJson(keys, rows as readonly T["$inferInsert"][]);
  const fields = names.map(
    (name, i) => `(r->>${i})::${recordType(columns[keys[i] as string] as Column)} AS ${name}`,
  );
  return sql`INSERT INTO ${table} (${sql.raw(names.join(", "))}) SELECT ${sql.raw(fields.join(", "))} FROM json_array_elements(${json}::json) AS r`;
}

/** insertRows' parameter: arrays of values, not objects (half the JSON, and no key strings to build per row). */
export function rowsJson<Row extends object>(
  keys: readonly (keyof Row & string)[],
  rows: readonly Row[],
): string {
  return JSON.stringify(rows.map((row) => keys.map((key) => row[key] ?? null)));
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
  for (const { key, name, isDate } of layoutOf(table)) {
    const value = json[name];
    out[key] = value === null || value === undefined ? null : isDate ? new Date(value as string) : value;
  }
  return out as T["$inferSelect"];
}

/**
 * Chosen columns as one JSON object keyed by their TypeScript names (`json_build_object`), to
 * nest inside a bigger statement (`json_agg` of it for many rows), and `read`, which maps the
 * answer back onto what a select of those columns gives (dates included).
 */
export function jsonColumns<T extends Record<string, Column>>(columns: T) {
  const entries = Object.entries(columns);
  for (const [key] of entries) if (!/^\w+$/.test(key)) throw new Error(`not a field name: ${key}`);
  const dates = entries.filter(([, column]) => column.dataType === "date").map(([key]) => key);
  return {
    sql: sql`json_build_object(${sql.join(
      entries.map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`),
      sql`, `,
    )})`,
    read(json: Record<string, unknown>): InferColumnsDataTypes<T> {
      const out: Record<string, unknown> = { ...json };
      for (const key of dates) if (typeof out[key] === "string") out[key] = new Date(out[key] as string);
      return out as InferColumnsDataTypes<T>;
    },
  };
}
