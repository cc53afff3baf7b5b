import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import * as schema from "./schema/index.js";

export type Schema = typeof schema;
/** The one database type the repos see, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle has the same query API. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The rows of `db.execute(sql…)`: node-postgres and PGlite both answer `{ rows }`, typed differently. */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

/** Plain SQL access for pg-boss and the migrator. */
export interface SqlExecutor {
  query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  sql: SqlExecutor;
  close(): Promise<void>;
  /** Only for PostgreSQL: the pool, for the migrator's session-bound advisory lock. */
  pool?: pg.Pool;
  /** Only for PGlite. */
  pglite?: PGlite;
}

export interface DatabaseOptions {
  /** A PostgreSQL URL; without it, PGlite. */
  url?: string;
  /** PGlite data directory; `undefined` means in memory. */
  pgliteDir?: string;
  /** A PGlite data directory dumped with `dumpDataDir` (a tarball): the database starts as a copy of it. */
  pgliteSnapshot?: Blob;
  poolMax?: number;
}

// timestamptz and date come back as strings from pg by default for `date`; keep bigint counts as numbers.
pg.types.setTypeParser(20, (v) => Number(v));

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolMax ?? 20,
      // A new backend spends its first statements filling its catalog caches (about 15 ms of planning
      // on the ticket list against 1 ms warm): keep connections through lulls, not pg's default 10 s.
      idleTimeoutMillis: 5 * 60_000,
    });
    pool.on("error", () => {
      // An idle client lost its connection; the pool replaces it on next use.
    });
    const db = drizzlePg(pool, { schema, casing: "snake_case" }) as unknown as Db;
    return {
      db,
      kind: "postgres",
      pool,
      sql: { query: async (text, values) => ({ rows: (await pool.query(text, values)).rows }) },
      close: () => pool.end(),
    };
  }
  if (options.pgliteDir) mkdirSync(options.pgliteDir, { recursive: true });
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const pglite = await PGlite.create({
    dataDir: options.pgliteDir,
    loadDataDir: options.pgliteSnapshot,
    extensions: { pg_trgm },
  });
  const db = drizzlePglite(pglite, { schema, casing: "snake_case" }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    pglite,
    sql: {
      query: async (text, values) => {
        // pg-boss sends multi-statement scripts without parameters; those need exec().
        if (!values?.length && hasSeveralStatements(text)) {
          const results = await pglite.exec(text);
          return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
        }
        return { rows: (await pglite.query<Record<string, unknown>>(text, values)).rows };
      },
    },
    close: () => pglite.close(),
  };
}

function hasSeveralStatements(text: string): boolean {
  const trimmed = text.trim().replace(/;$/, "");
  return trimmed.includes(";");
}

export function pgliteDataDir(dataDir: string): string {
  return join(dataDir, "pg");
}
