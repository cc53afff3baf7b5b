import pg from "pg";
import { openDatabase } from "../src/db/client.js";
import { runMigrations } from "../src/db/migrate.js";

/**
 * A migrated PostgreSQL database of the caller's own on TEST_DATABASE_URL's
 * server (dropped and made again), for tests that must see no other file's
 * rows: whatever runs over every connection of the database, such as the
 * WhatsApp session takeover. Answers its URL.
 */
export async function freshPostgresDatabase(name: string): Promise<string> {
  const url = await emptyPostgresDatabase(name);
  const database = await openDatabase({ url, poolMax: 1 });
  try {
    await runMigrations(database);
  } finally {
    await database.close();
  }
  return url;
}

/** An empty database `name` (dropped and made again) on TEST_DATABASE_URL's server; answers its URL. */
export async function emptyPostgresDatabase(name: string): Promise<string> {
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  return adminUrl.replace(/\/[^/]+$/, `/${name}`);
}
