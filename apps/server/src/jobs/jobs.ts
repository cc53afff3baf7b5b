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
  /**
   * Jobs taken together (up to `batchSize` per fetch) and handled at once; without it, one by one.
   * A throw fails the whole batch (each job retried), so a batch handler settles its own failures.
   */
  handleBatch?(items: T[]): Promise<void>;
  batchSize?: number;
}

/** A job only its cron schedule creates waits this long at most after its minute: fewer polls. */
const CRON_POLLING_SECONDS = 10;

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
    const pollingIntervalSeconds = options.pollingIntervalSeconds ?? (job.cron ? CRON_POLLING_SECONDS : 2);
    await this.boss.work<T>(
      job.name,
      { pollingIntervalSeconds, ...(job.handleBatch ? { batchSize: job.batchSize ?? 64 } : {}) },
      async (batch) => {
        if (job.handleBatch) await job.handleBatch(batch.map((item) => item.data));
        else for (const item of batch) await job.handle(item.data);
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

  /** Many jobs of one queue in one statement (a batch's timers); a singletonKey already waiting is skipped. */
  async insert<T extends object>(
    name: string,
    jobs: { data: T; startAfter?: Date; singletonKey?: string }[],
  ): Promise<void> {
    if (jobs.length === 0) return;
    await this.boss.insert(jobs.map((job) => ({ name, ...job })));
  }

  async getJob(name: string, id: string) {
    return this.boss.getJobById(name, id);
  }

  async stop(): Promise<void> {
    await this.boss.stop({ graceful: true, wait: true, timeout: 5000 });
  }
}
