import type { CompanyDeletionPayload } from "@inbox/shared";
import { and, eq, sql } from "drizzle-orm";
import { type Db, rowsOf } from "../../db/client.js";
import { companies, whatsapps } from "../../db/schema/index.js";
import type { JobDefinition, Jobs } from "../../jobs/jobs.js";
import type { Realtime } from "../../realtime/realtime.js";
import { removeCompanyFolder } from "../../storage/company-folder.js";
import type { SessionControl } from "../connections/service.js";

export const DELETE_COMPANY = "companies.delete";
/** pg-boss retries a deletion that failed midway; each run continues where the last stopped. */
const DELETE_COMPANY_RETRIES = { retryLimit: 5, retryDelay: 10, retryBackoff: true } as const;
/** Rows deleted per statement: short locks, and a progress event per batch. */
const BATCH = 1000;

export interface CompanyDeletionJob {
  companyId: number;
  companyName: string;
  /** The super user who asked: hears the progress. */
  actor: { companyId: number; userId: number };
}

interface Logger {
  error(obj: object, msg: string): void;
}

/**
 * Deleting a company removes every row and file it owns (spec 2, the super
 * user's companies table). Its tables are found generically, so a table added
 * later is not forgotten: every table of the schema with a `company_id`
 * column. They are emptied children first (a table is emptied once no other
 * remaining table references it), in batches, then the company row goes and
 * then its storage folder. Each run starts over from what is left, so a
 * retried job finishes the work. The super user who asked hears
 * `company-{id}-companyDeletion` { companyId, done, total, finished }.
 */
export class CompanyDeletion {
  private jobs?: Jobs;

  constructor(
    private readonly deps: {
      db: Db;
      realtime: Realtime;
      storageRoot: string;
      sessions?: Pick<SessionControl, "stop">;
      logger: Logger;
    },
  ) {}

  attach(jobs: Jobs): void {
    this.jobs = jobs;
  }

  /** Queues the deletion. With jobs off (development, tests) it runs in the background, once. */
  async request(job: CompanyDeletionJob): Promise<void> {
    if (this.jobs) {
      await this.jobs.send(DELETE_COMPANY, job, DELETE_COMPANY_RETRIES);
      return;
    }
    void this.run(job).catch(() => {});
  }

  async run(job: CompanyDeletionJob): Promise<void> {
    try {
      await this.deleteEverything(job);
    } catch (err) {
      this.deps.logger.error({ err, companyId: job.companyId }, "deleting a company failed");
      this.progress(job, { done: 0, total: 0, finished: false, error: String(err) });
      throw err;
    }
  }

  private async deleteEverything(job: CompanyDeletionJob): Promise<void> {
    const { db } = this.deps;
    const { companyId } = job;
    await this.stopSessions(companyId);
    const tables = await this.tenantTablesInOrder();
    const counts = new Map<string, number>();
    for (const table of tables) counts.set(table, await this.count(table, companyId));
    const total = [...counts.values()].reduce((a, b) => a + b, 0) + 1;
    let done = 0;
    this.progress(job, { done, total, finished: false });
    for (const table of tables) {
      if (!counts.get(table)) continue;
      for (;;) {
        const deleted = await this.deleteBatch(table, companyId);
        if (deleted === 0) break;
        done = Math.min(total - 1, done + deleted);
        this.progress(job, { done, total, finished: false });
      }
    }
    await db.delete(companies).where(eq(companies.id, companyId));
    await removeCompanyFolder(this.deps.storageRoot, companyId);
    this.progress(job, { done: total, total, finished: true });
  }

  /** WhatsApp Web sessions of the company end before their rows go. */
  private async stopSessions(companyId: number): Promise<void> {
    if (!this.deps.sessions) return;
    const connections = await this.deps.db
      .select()
      .from(whatsapps)
      .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.channel, "whatsapp")));
    for (const connection of connections)
      await this.deps.sessions.stop(connection, { logout: false }).catch(() => {});
  }

  /**
   * Every table of the schema with a company_id column, ordered so a table comes before the
   * tables it references (its rows go first; cascades never reach far). A cycle is broken anywhere:
   * the references are ON DELETE CASCADE or SET NULL.
   */
  async tenantTablesInOrder(): Promise<string[]> {
    const tables = rowsOf<{ table_name: string }>(
      await this.deps.db.execute(sql`
        SELECT c.table_name FROM information_schema.columns c
        JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
        WHERE c.column_name = 'company_id' AND c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
        ORDER BY c.table_name
      `),
    ).map((row) => row.table_name);
    const edges = rowsOf<{ child: string; parent: string }>(
      await this.deps.db.execute(sql`
        SELECT DISTINCT cl.relname AS child, pl.relname AS parent
        FROM pg_constraint k
        JOIN pg_class cl ON cl.oid = k.conrelid
        JOIN pg_class pl ON pl.oid = k.confrelid
        JOIN pg_namespace n ON n.oid = cl.relnamespace
        WHERE k.contype = 'f' AND n.nspname = current_schema() AND k.conrelid <> k.confrelid
      `),
    ).filter((edge) => tables.includes(edge.child) && tables.includes(edge.parent));
    const ordered: string[] = [];
    const remaining = new Set(tables);
    while (remaining.size > 0) {
      const free = [...remaining].find(
        (table) => !edges.some((edge) => edge.parent === table && remaining.has(edge.child)),
      );
      const next = free ?? ([...remaining][0] as string);
      ordered.push(next);
      remaining.delete(next);
    }
    return ordered;
  }

  private async count(table: string, companyId: number): Promise<number> {
    const [row] = rowsOf<{ n: number }>(
      await this.deps.db.execute(
        sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE company_id = ${companyId}`,
      ),
    );
    return Number(row?.n ?? 0);
  }

  private async deleteBatch(table: string, companyId: number): Promise<number> {
    const t = sql.identifier(table);
    const [row] = rowsOf<{ n: number }>(
      await this.deps.db.execute(sql`
        WITH gone AS (
          DELETE FROM ${t} WHERE ctid = ANY(ARRAY(
            SELECT ctid FROM ${t} WHERE company_id = ${companyId} LIMIT ${BATCH}
          ))
          RETURNING 1
        )
        SELECT count(*)::int AS n FROM gone
      `),
    );
    return Number(row?.n ?? 0);
  }

  private progress(
    job: CompanyDeletionJob,
    state: Omit<CompanyDeletionPayload, "action" | "companyId" | "companyName">,
  ) {
    const payload: CompanyDeletionPayload = {
      action: "update",
      companyId: job.companyId,
      companyName: job.companyName,
      ...state,
    };
    this.deps.realtime.toUser(job.actor.companyId, job.actor.userId, "companyDeletion", payload);
  }
}

export function deleteCompanyJob(deletion: CompanyDeletion): JobDefinition<CompanyDeletionJob> {
  return {
    name: DELETE_COMPANY,
    handle: (data) => deletion.run(data),
  };
}
