import type { Db, Tx } from "./client.js";

/**
 * A hot statement built once per database handle with `.prepare(name)` and placeholders: drizzle
 * builds its SQL once, and on PostgreSQL each pooled connection parses and plans it once (a generic
 * plan after five runs) instead of at every request. Only for statements of a fixed shape. Given a
 * transaction, the statements are built for it (and dropped with it): its connection still parses
 * and plans a named statement once.
 */
export function preparedPer<T>(build: (db: Db | Tx) => T): (db: Db | Tx) => T {
  const built = new WeakMap<Db | Tx, T>();
  return (db) => {
    let statement = built.get(db);
    if (statement === undefined) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}
