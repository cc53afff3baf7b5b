import { openDatabase } from "../src/db/client.js";
import { runMigrations } from "../src/db/migrate.js";

/**
 * On PostgreSQL the suite shares one database: migrate it once, before the
 * files run in parallel. Tests never truncate; each builds its own company.
 * On PGlite each test file migrates its own in-memory database.
 */
export default async function globalSetup(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const database = await openDatabase({ url, poolMax: 2 });
  try {
    await runMigrations(database);
  } finally {
    await database.close();
  }
}
