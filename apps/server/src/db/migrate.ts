import { dirname, join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { type MigrationMeta, readMigrationFiles } from "drizzle-orm/migrator";
import type { PoolClient } from "pg";
import type { Database } from "./client.js";

/** Committed SQL migrations live beside the package, outside src/ and dist/. */
export const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), "../../drizzle");

/** An arbitrary constant: one migrator at a time across every process sharing the database. */
const MIGRATION_LOCK_ID = 727_274_001;

/**
 * The first line of a migration that runs outside a transaction, each statement on its own. Such a
 * migration only builds or drops indexes, CONCURRENTLY and repeatable (IF NOT EXISTS, IF EXISTS):
 * CREATE INDEX in a transaction blocks every write to its table until the index is built, minutes
 * on a busy production table, and CONCURRENTLY cannot run in a transaction (migrate.test.ts holds
 * every such migration to this).
 */
export const OUTSIDE_TRANSACTION = "-- migrate: outside a transaction";

/** What the migrator needs of a connection: statements without parameters, and one read. */
interface MigrationSession {
  exec(statement: string): Promise<void>;
  rows<T>(query: string): Promise<T[]>;
}

/**
 * Applies the pending migrations of `folder`, recorded in drizzle's own table (a hash and the
 * journal's timestamp per migration, as drizzle's migrator writes them, so databases migrated by
 * it go on from where they are). As drizzle's migrator, pending migrations run in one transaction,
 * except that one marked OUTSIDE_TRANSACTION ends the run before it and runs on its own.
 */
export async function runMigrations(database: Database, folder = MIGRATIONS_DIR): Promise<void> {
  if (database.pglite) {
    const pglite = database.pglite;
    await migrate(
      {
        exec: async (statement) => {
          await pglite.exec(statement);
        },
        rows: async <T>(query: string) => (await pglite.query<T>(query)).rows,
      },
      folder,
    );
    return;
  }
  if (!database.pool) throw new Error("PostgreSQL database without a pool");
  // The advisory lock is bound to a session, so the whole migration runs on one client.
  const client = await database.pool.connect();
  try {
    await lockMigrations(client);
    try {
      await migrate(
        {
          exec: async (statement) => {
            await client.query(statement);
          },
          rows: async <T>(query: string) => (await client.query(query)).rows as T[],
        },
        folder,
      );
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]);
    }
  } finally {
    client.release();
  }
}

/**
 * Takes the migrations' lock, asking again every half second rather than waiting in a statement:
 * a process waiting inside `pg_advisory_lock` holds a snapshot, which the migrating process's
 * CREATE INDEX CONCURRENTLY waits for, while that process holds the lock it waits for.
 */
async function lockMigrations(client: PoolClient): Promise<void> {
  for (;;) {
    const { rows } = await client.query<{ locked: boolean }>("SELECT pg_try_advisory_lock($1) AS locked", [
      MIGRATION_LOCK_ID,
    ]);
    if (rows[0]?.locked) return;
    await sleep(500);
  }
}

async function migrate(session: MigrationSession, folder: string): Promise<void> {
  await session.exec("CREATE EXTENSION IF NOT EXISTS pg_trgm");
  await session.exec("CREATE SCHEMA IF NOT EXISTS drizzle");
  await session.exec(`CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (
    id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`);
  const [last] = await session.rows<{ created_at: string }>(
    "SELECT created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1",
  );
  const pending = readMigrationFiles({ migrationsFolder: folder }).filter(
    (migration) => !last || Number(last.created_at) < migration.folderMillis,
  );
  let next = 0;
  while (next < pending.length) {
    const first = pending[next] as MigrationMeta;
    if (runsOutsideTransaction(first)) {
      await applyOutsideTransaction(session, first);
      next += 1;
      continue;
    }
    const batch: MigrationMeta[] = [];
    while (next < pending.length && !runsOutsideTransaction(pending[next] as MigrationMeta))
      batch.push(pending[next++] as MigrationMeta);
    await session.exec("BEGIN");
    try {
      for (const migration of batch) {
        for (const statement of migration.sql) await session.exec(statement);
        await record(session, migration);
      }
      await session.exec("COMMIT");
    } catch (error) {
      await session.exec("ROLLBACK");
      throw error;
    }
  }
}

export const runsOutsideTransaction = (migration: MigrationMeta): boolean =>
  (migration.sql[0] ?? "").trimStart().startsWith(OUTSIDE_TRANSACTION);

/**
 * Each statement on its own. A build that failed or was cut off leaves its index behind, invalid
 * (unused by queries, yet kept by IF NOT EXISTS): it is dropped first, so the next start builds it.
 */
async function applyOutsideTransaction(session: MigrationSession, migration: MigrationMeta): Promise<void> {
  for (const statement of migration.sql) {
    const index = createdIndexName(statement);
    if (index) {
      const [invalid] = await session.rows<{ name: string }>(
        `SELECT c.relname AS name FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
         WHERE NOT i.indisvalid AND c.relname = ${quoteLiteral(index)} AND pg_table_is_visible(c.oid)`,
      );
      if (invalid) await session.exec(`DROP INDEX CONCURRENTLY IF EXISTS "${index}"`);
    }
    await session.exec(statement);
  }
  await record(session, migration);
}

/** The index a `CREATE [UNIQUE] INDEX CONCURRENTLY IF NOT EXISTS "name"` statement builds. */
export function createdIndexName(statement: string): string | undefined {
  return /CREATE\s+(?:UNIQUE\s+)?INDEX\s+CONCURRENTLY\s+IF\s+NOT\s+EXISTS\s+"?([A-Za-z0-9_]+)"?/i.exec(
    statement,
  )?.[1];
}

const quoteLiteral = (text: string) => `'${text.replaceAll("'", "''")}'`;

async function record(session: MigrationSession, migration: MigrationMeta): Promise<void> {
  await session.exec(
    `INSERT INTO drizzle.__drizzle_migrations (hash, created_at)
     VALUES (${quoteLiteral(migration.hash)}, ${Number(migration.folderMillis)})`,
  );
}
