import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { RateLimiter } from "./auth/rate-limiter.js";
import { TokenService } from "./auth/tokens.js";
import type { Config } from "./config.js";
import { type Database, openDatabase, pgliteDataDir } from "./db/client.js";
import { runMigrations } from "./db/migrate.js";
import { type SeedResult, seed } from "./db/seed.js";
import { buildApp } from "./http/app.js";
import { Jobs } from "./jobs/jobs.js";
import { markUsersOfflineJob } from "./jobs/mark-users-offline.js";
import { createMailer, type Mailer } from "./mail/mailer.js";
import { Realtime } from "./realtime/realtime.js";
import { createSocketServer } from "./realtime/socket-server.js";
import { localStorage } from "./storage/storage.js";

export interface Server {
  app: FastifyInstance;
  database: Database;
  realtime: Realtime;
  jobs?: Jobs;
  seedResult: SeedResult;
  close(): Promise<void>;
}

export interface ServerOptions {
  /** An already open database (tests share one); otherwise opened from the config. */
  database?: Database;
  mailer?: Mailer;
  logger?: boolean | object;
  skipSeed?: boolean;
}

/** Composition root: config -> db -> migrate -> seed -> app -> realtime -> jobs. */
export async function createServer(config: Config, options: ServerOptions = {}): Promise<Server> {
  mkdirSync(config.dataDir, { recursive: true });
  const database =
    options.database ??
    (await openDatabase({
      url: config.DATABASE_URL,
      pgliteDir: config.DATABASE_URL ? undefined : pgliteDataDir(config.dataDir),
      poolMax: config.DATABASE_POOL_MAX,
    }));
  if (!options.database) await runMigrations(database);
  const seedResult = options.skipSeed
    ? { adminEmail: config.ADMIN_EMAIL, createdAdmin: false }
    : await seed(database.db, { adminEmail: config.ADMIN_EMAIL, adminPassword: config.ADMIN_PASSWORD });

  const storageRoot = join(config.dataDir, "public");
  mkdirSync(storageRoot, { recursive: true });
  const realtime = new Realtime();
  const tokens = new TokenService(
    config.JWT_SECRET,
    config.JWT_REFRESH_SECRET,
    config.ACCESS_TOKEN_TTL_SECONDS,
  );
  const app = await buildApp(
    {
      config,
      db: database.db,
      tokens,
      rateLimiter: new RateLimiter(database.db, config.RATE_LIMIT_WINDOW_SECONDS),
      realtime,
      mailer:
        options.mailer ??
        createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, logger: consoleLogger() }),
      storage: localStorage(storageRoot),
    },
    options.logger === undefined ? {} : { logger: options.logger as never },
  );
  const sockets = await createSocketServer({
    httpServer: app.server,
    db: database.db,
    tokens,
    realtime,
    redisUrl: config.REDIS_URL,
    logger: app.log,
  });

  let jobs: Jobs | undefined;
  if (config.JOBS_ENABLED) {
    jobs = await Jobs.start(database, { connectionString: config.DATABASE_URL, logger: app.log });
    await jobs.register(
      markUsersOfflineJob({
        db: database.db,
        realtime,
        offlineAfterSeconds: config.USER_OFFLINE_AFTER_SECONDS,
      }),
    );
  }

  return {
    app,
    database,
    realtime,
    jobs,
    seedResult,
    async close() {
      await jobs?.stop();
      await sockets.close();
      await app.close();
      if (!options.database) await database.close();
    },
  };
}

function consoleLogger() {
  return { info: (obj: object, msg: string) => console.log(msg, JSON.stringify(obj, null, 2)) };
}
