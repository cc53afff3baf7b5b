import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { Database } from "./client.js";

/** Committed SQL migrations live beside the package, outside src/ and dist/. */
export const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), "../../drizzle");

/** An arbitrary constant: one migrator at a time across every process sharing the database. */
const MIGRATION_LOCK_ID = 727_274_001;

export async function runMigrations(database: Database): Promise<void> {
  if (database.pglite) {
    await database.pglite.exec("CREATE EXTENSION IF NOT EXISTS pg_trgm");
    await migratePglite(drizzlePglite(database.pglite), { migrationsFolder: MIGRATIONS_DIR });
    return;
  }
  if (!database.pool) throw new Error("PostgreSQL database without a pool");
  // The advisory lock is bound to a session, so the whole migration runs on one client.
  const client = await database.pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    try {
      await client.query("CREATE EXTENSION IF NOT EXISTS pg_trgm");
      await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]);
    }
  } finally {
    client.release();
  }
}
