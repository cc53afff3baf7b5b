import type { Query, SQL } from "drizzle-orm";
import type { PgDialect } from "drizzle-orm/pg-core";
import { type Db, rowsOf, type Tx } from "./client.js";

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

/**
 * A hot statement whose text never changes, run by name on whichever handle is given: the pool, or
 * a transaction (a batch's transaction is new every time, so `preparedPer` would build it again).
 * drizzle renders it once per process, and each PostgreSQL connection parses and plans it once and
 * may then keep a generic plan. Its values are named placeholders (`sql.placeholder`); a list is
 * one parameter (an array, `= ANY($1::int[])` or `unnest`, or a JSON array of rows), so neither the
 * text nor the plan depends on the list's length, and drizzle never builds hundreds of parameters.
 *
 * Rows come as the driver gives them: keys as the SELECT names them, timestamps as PostgreSQL's
 * text, int8 as text (`fromJsonRow` maps a table's row). Write the statement so that its generic
 * plan is a good one (a lookup per key by `LATERAL ... LIMIT`, not a join the planner may hash).
 */
export function fixedStatement<Row>(
  name: string,
  build: () => SQL,
): (db: Db | Tx, values?: Record<string, unknown>) => Promise<Row[]> {
  let query: Query | undefined;
  return async (db, values = {}) => {
    query ??= (db as unknown as { dialect: PgDialect }).dialect.sqlToQuery(build());
    const statement = db._.session.prepareQuery(query, undefined, name, false);
    return rowsOf<Row>(await statement.execute(values));
  };
}
