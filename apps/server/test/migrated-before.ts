import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { type Database, openDatabase } from "../src/db/client.js";
import { MIGRATIONS_DIR, runMigrations } from "../src/db/migrate.js";

/**
 * For a data migration's test: a fresh embedded database migrated up to, not including, the
 * migration whose tag starts with `prefix` (rows are then written as that schema had them), and
 * `migrateRest` to apply it and every later one. The caller closes `database`. `byDrizzle` migrates
 * the first part with drizzle's own migrator, as every database was before migrate.ts had its own.
 */
export async function databaseBefore(
  prefix: string,
  options: { byDrizzle?: boolean } = {},
): Promise<{ database: Database; pglite: PGlite; migrateRest: () => Promise<void> }> {
  const before = mkdtempSync(join(tmpdir(), "inbox-migrations-"));
  cpSync(MIGRATIONS_DIR, before, { recursive: true });
  const journalPath = join(before, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  const index = journal.entries.findIndex((entry) => entry.tag.startsWith(`${prefix}_`));
  if (index <= 0) throw new Error(`no migration ${prefix}`);
  journal.entries = journal.entries.slice(0, index);
  writeFileSync(journalPath, JSON.stringify(journal));

  const database = await openDatabase({});
  const pglite = database.pglite as PGlite;
  if (options.byDrizzle) {
    await pglite.exec("CREATE EXTENSION IF NOT EXISTS pg_trgm");
    await migrate(drizzle(pglite), { migrationsFolder: before });
  } else await runMigrations(database, before);
  return { database, pglite, migrateRest: () => runMigrations(database) };
}
