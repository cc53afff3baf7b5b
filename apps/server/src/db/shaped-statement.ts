import { type Placeholder, type SQL, sql } from "drizzle-orm";
import type { PgDialect, PgPreparedQuery, PreparedQueryConfig } from "drizzle-orm/pg-core";
import type { Db } from "./client.js";

/**
 * Statements whose text varies with a request's shape (how many visibility branches, which
 * filters), not only with its values: the ticket list. Each shape is rendered by drizzle once per
 * database handle and prepared under its own name, so a request costs neither drizzle's SQL
 * building nor, on PostgreSQL, a parse and plan per request (each pooled connection prepares a
 * name once and may then settle on a generic plan). The caller names the shape (`key`): two
 * requests with the same key must build the same text with the same fixed parameters, every
 * varying value bound through a `Placeholders`. A test of each caller checks its key that way.
 */

/** The varying values of one request, bound as named placeholders in the order the builder meets them. */
export class Placeholders {
  readonly values: Record<string, unknown> = {};
  private next = 0;

  readonly bind = (value: unknown): Placeholder => {
    const name = `p${this.next++}`;
    this.values[name] = value;
    return sql.placeholder(name);
  };
}

/** How a value enters a statement: as a parameter of this statement, or as a placeholder (`Placeholders.bind`). */
export type Bind = (value: unknown) => SQL | Placeholder;
export const asParam: Bind = (value) => sql`${sql.param(value)}`;

type RawPrepared = PgPreparedQuery<PreparedQueryConfig & { execute: unknown }>;

/** Rendered shapes kept per database handle; beyond this many a new shape runs unprepared. */
const MAX_SHAPES = 500;

interface ShapeCache {
  statements: Map<string, RawPrepared>;
  /** Prepared statement names are per connection; a handle's own counter keeps one text per name. */
  named: number;
}

/**
 * A family of shaped statements: its name prefixes the prepared statements' names; `map` takes a
 * statement's rows as arrays of column values in the select's order (timestamps as PostgreSQL's
 * text, JSON parsed). Array rows spare pg an object per row whose dozens of keys V8 keeps as a
 * dictionary (pg's parseRow was a fifth of the ticket list's time with object rows).
 */
export function shapedStatement<Row>(prefix: string, map: (rows: unknown[][]) => Row[]) {
  const caches = new WeakMap<Db, ShapeCache>();
  return {
    /**
     * Runs the statement of `key`: `built` is this request's statement, with `placeholders` holding
     * its values (it is built on every request, so the values are bound; it is rendered only for a
     * new shape). `planEach`: the statement stays unnamed, so PostgreSQL plans it with each
     * request's values (for a shape whose best plan depends on them; a generic plan of a search
     * walked a whole queue's tickets, not knowing how few contacts matched).
     */
    async rows(
      db: Db,
      key: string,
      placeholders: Placeholders,
      built: SQL,
      { planEach = false } = {},
    ): Promise<Row[]> {
      let cache = caches.get(db);
      if (!cache) {
        cache = { statements: new Map(), named: 0 };
        caches.set(db, cache);
      }
      let statement = cache.statements.get(key);
      if (!statement) {
        const full = cache.statements.size >= MAX_SHAPES;
        const name = full || planEach ? undefined : `${prefix}_${cache.named++}`;
        statement = prepareArrays(db, built, name, map);
        if (!full) cache.statements.set(key, statement);
      }
      return (await statement.execute(placeholders.values)) as Row[];
    },
  };
}

/** drizzle's own prepared query with the caller's row mapping (a custom mapper: rows come as arrays). */
function prepareArrays(
  db: Db,
  query: SQL,
  name: string | undefined,
  map: (rows: unknown[][]) => unknown[],
): RawPrepared {
  const dialect = (db as unknown as { dialect: PgDialect }).dialect;
  return db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, true, map) as RawPrepared;
}
