import PgBoss from "pg-boss";
import type { Database } from "../db/client.js";

interface Logger {
  error(obj: object, msg: string): void;
}

/**
 * A job: a queue name, a zod-free payload type (each job file validates its
 * own), the handler, and optionally a cron schedule.
 */
export interface JobDefinition<T extends object = object> {
  name: string;
  cron?: string;
  handle(data: T): Promise<void>;
}

/**
 * pg-boss on the application's own database: PostgreSQL through its own pool,
 * or PGlite through the single shared connection (`executeSql` adapter).
 */
export class Jobs {
  private constructor(private readonly boss: PgBoss) {}

  static async start(
    database: Database,
    options: { connectionString?: string; logger: Logger },
  ): Promise<Jobs> {
    const common = { schema: "pgboss", monitorStateIntervalSeconds: 60, maintenanceIntervalSeconds: 120 };
    const boss =
      database.kind === "postgres" && options.connectionString
        ? new PgBoss({ ...common, connectionString: options.connectionString, max: 4 })
        : new PgBoss({ ...common, db: { executeSql: (text, values) => database.sql.query(text, values) } });
    boss.on("error", (err) => options.logger.error({ err }, "pg-boss error"));
    await boss.start();
    return new Jobs(boss);
  }

  async register<T extends object>(
    job: JobDefinition<T>,
    options: { pollingIntervalSeconds?: number } = {},
  ): Promise<void> {
    await this.boss.createQueue(job.name);
    await this.boss.work<T>(
      job.name,
      { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
      async (batch) => {
        for (const item of batch) await job.handle(item.data);
      },
    );
    if (job.cron) await this.boss.schedule(job.name, job.cron);
  }

  async send<T extends object>(
    name: string,
    data: T,
    options: PgBoss.SendOptions = {},
  ): Promise<string | null> {
    return this.boss.send(name, data, options);
  }

  async getJob(name: string, id: string) {
    return this.boss.getJobById(name, id);
  }

  async stop(): Promise<void> {
    await this.boss.stop({ graceful: true, wait: true, timeout: 5000 });
  }
}
