import { asc, count, ilike } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { queueIntegrations } from "../../db/schema/index.js";
import { ofCompany, rowOf } from "../../db/tenant-scope.js";
import { escapeLike } from "../users/repo.js";

export type QueueIntegrationRow = typeof queueIntegrations.$inferSelect;
export type NewQueueIntegration = Omit<typeof queueIntegrations.$inferInsert, "companyId" | "id">;

/** Every query of integrations; each takes the company it works in. */
export class QueueIntegrationsRepo {
  constructor(private readonly db: Db) {}

  /**
   * One page by name then id (a total order: each integration once across pages), served by
   * queue_integrations_company_name_idx; the name search by queue_integrations_name_trgm_idx.
   */
  async page(companyId: number, search: string, page: { number: number; size: number }) {
    const term = search.trim();
    const where = ofCompany(
      queueIntegrations,
      companyId,
      term ? ilike(queueIntegrations.name, `%${escapeLike(term)}%`) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(queueIntegrations)
        .where(where)
        .orderBy(asc(queueIntegrations.name), asc(queueIntegrations.id))
        .limit(page.size)
        .offset((page.number - 1) * page.size),
      this.db.select({ value: count() }).from(queueIntegrations).where(where),
    ]);
    return { rows, count: Number(total?.value ?? 0) };
  }

  async find(companyId: number, id: number): Promise<QueueIntegrationRow | undefined> {
    const [row] = await this.db
      .select()
      .from(queueIntegrations)
      .where(rowOf(queueIntegrations, companyId, id));
    return row;
  }

  async insert(companyId: number, values: NewQueueIntegration): Promise<QueueIntegrationRow> {
    const [row] = await this.db
      .insert(queueIntegrations)
      .values({ ...values, companyId })
      .returning();
    if (!row) throw new Error("integration insert returned no row");
    return row;
  }

  async update(companyId: number, id: number, values: Partial<NewQueueIntegration>) {
    const [row] = await this.db
      .update(queueIntegrations)
      .set({ ...values, updatedAt: new Date() })
      .where(rowOf(queueIntegrations, companyId, id))
      .returning();
    return row;
  }

  async remove(companyId: number, id: number): Promise<boolean> {
    const rows = await this.db
      .delete(queueIntegrations)
      .where(rowOf(queueIntegrations, companyId, id))
      .returning({ id: queueIntegrations.id });
    return rows.length > 0;
  }
}
