import { createHash } from "node:crypto";
import {
  existsSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../src/db/client.js";
import { MIGRATIONS_DIR, runMigrations } from "../src/db/migrate.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated PGlite data directory (a `dumpDataDir` tarball): each test file loads its own copy. */
    pgliteSnapshot: string;
  }
}

/**
 * The suite migrates once, before the files run in parallel.
 * - PostgreSQL: the files share one migrated database. Tests never truncate; each builds its own company.
 * - PGlite: each file gets its own in-memory database, loaded from a snapshot of a migrated one
 *   (about a second instead of an initdb and every migration per file). The snapshot is keyed on
 *   the migrations, the migrator and the PGlite version, so a new migration makes a new one.
 */
export default async function globalSetup(project: TestProject): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const database = await openDatabase({ url, poolMax: 2 });
    try {
      await runMigrations(database);
    } finally {
      await database.close();
    }
    return;
  }
  project.provide("pgliteSnapshot", await pgliteSnapshot());
}

async function pgliteSnapshot(): Promise<string> {
  const name = `inbox-test-pglite-${snapshotKey()}.tar`;
  const file = join(tmpdir(), name);
  removeOldSnapshots(name);
  if (existsSync(file)) {
    const now = new Date();
    utimesSync(file, now, now);
    return file;
  }
  const database = await openDatabase({});
  try {
    await runMigrations(database);
    const dump = await (database.pglite as NonNullable<typeof database.pglite>).dumpDataDir("none");
    // Written aside then renamed: a concurrent run never reads half a file.
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  } finally {
    await database.close();
  }
  return file;
}

/** Snapshots of older migrations, unused for a day (another checkout may still use a recent one). */
function removeOldSnapshots(current: string): void {
  const dayAgo = Date.now() - 24 * 60 * 60 * 1000;
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith("inbox-test-pglite-") || name === current) continue;
    const path = join(tmpdir(), name);
    try {
      if (statSync(path).mtimeMs < dayAgo) rmSync(path, { force: true });
    } catch {
      // Removed meanwhile by another run.
    }
  }
}

function snapshotKey(): string {
  const hash = createHash("sha256");
  // The server's package.json pins the PGlite version.
  hash.update(readFileSync(join(import.meta.dirname, "../package.json")));
  hash.update(readFileSync(join(import.meta.dirname, "../src/db/migrate.ts")));
  for (const name of readdirSync(MIGRATIONS_DIR, { recursive: true, encoding: "utf8" }).sort()) {
    const path = join(MIGRATIONS_DIR, name);
    if (!name.endsWith(".sql") && !name.endsWith(".json")) continue;
    hash.update(name);
    hash.update(readFileSync(path));
  }
  return hash.digest("hex").slice(0, 16);
}
