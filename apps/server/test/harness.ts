import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { inject } from "vitest";
import type { SocketFactory } from "../src/channels/whatsapp/socket.js";
import { type Config, loadConfig } from "../src/config.js";
import { type Database, openDatabase } from "../src/db/client.js";
import { runMigrations } from "../src/db/migrate.js";
import type { Mailer } from "../src/mail/mailer.js";
import { createServer, type Server } from "../src/server.js";

export const usingPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * A real server on a real database: PostgreSQL when TEST_DATABASE_URL is set,
 * otherwise a fresh in-memory PGlite. Jobs are off unless a test asks.
 */
export async function startTestServer(
  options: {
    env?: Record<string, string>;
    mailer?: Mailer;
    jobs?: boolean;
    /** The server's own WhatsApp sessions open this socket (test-support.ts's fake) instead of Baileys'. */
    whatsappSocketFactory?: SocketFactory;
    /**
     * The server's warnings and errors are printed (JSON lines on stdout): for a test whose rare
     * failure only the server's log explains. Every other test server is silent.
     */
    logWarnings?: boolean;
  } = {},
): Promise<TestServer> {
  const database = await openTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), "inbox-test-"));
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    JWT_SECRET: "test-access-secret-test-access-secret-0123456789",
    JWT_REFRESH_SECRET: "test-refresh-secret-test-refresh-secret-0123456789",
    LOG_LEVEL: options.logWarnings ? "warn" : "silent",
    SERVE_WEB: "false",
    JOBS_ENABLED: options.jobs ? "true" : "false",
    RATE_LIMIT_PER_IP: "1000000",
    RATE_LIMIT_PER_EMAIL: "1000000",
    // No test reaches a real provider: a test that needs one starts its fake and names it in env.
    ...Object.fromEntries(
      [
        "TYPEBOT_BASE_URL",
        "DIALOGFLOW_BASE_URL",
        "GEMINI_BASE_URL",
        "OPENAI_BASE_URL",
        "AZURE_TTS_BASE_URL",
      ].map((key) => [key, "http://127.0.0.1:9"]),
    ),
    ...(usingPostgres ? { DATABASE_URL: process.env.TEST_DATABASE_URL as string } : {}),
    ...options.env,
  });
  // Tests never reopen stored WhatsApp sessions: the Baileys tests leave creds in a shared PostgreSQL.
  const server = await createServer(config, {
    database,
    mailer: options.mailer,
    ...(options.logWarnings ? {} : { logger: false }),
    skipSeed: true,
    restoreSessions: false,
    whatsappSocketFactory: options.whatsappSocketFactory,
  });
  return {
    ...server,
    config,
    async close() {
      await server.close();
      await database.close();
    },
  };
}

export interface TestServer extends Server {
  config: Config;
  app: FastifyInstance;
}

/**
 * PostgreSQL: the suite's shared database, migrated by global-setup.ts. PGlite: a fresh in-memory
 * database loaded from the migrated snapshot global-setup.ts made (read once per file), or migrated
 * here when there is none (a harness used outside this vitest config).
 */
export async function openTestDatabase(): Promise<Database> {
  if (usingPostgres) return openDatabase({ url: process.env.TEST_DATABASE_URL, poolMax: 5 });
  const snapshot = pgliteSnapshot();
  if (snapshot) return openDatabase({ pgliteSnapshot: snapshot });
  const database = await openDatabase({});
  await runMigrations(database);
  return database;
}

let snapshotBlob: Blob | undefined;
function pgliteSnapshot(): Blob | undefined {
  if (snapshotBlob) return snapshotBlob;
  const file = inject("pgliteSnapshot");
  if (!file) return undefined;
  snapshotBlob = new Blob([readFileSync(file)]);
  return snapshotBlob;
}
