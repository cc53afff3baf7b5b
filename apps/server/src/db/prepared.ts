import type { Db } from "./client.js";

/**
 * A hot statement built once per database handle with `.prepare(name)` and placeholders: drizzle
 * builds its SQL once, and on PostgreSQL each pooled connection parses and plans it once (a generic
 * plan after five runs) instead of at every request. Only for statements of a fixed shape.
 */
export function preparedPer<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let statement = built.get(db);
    if (statement === undefined) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}
