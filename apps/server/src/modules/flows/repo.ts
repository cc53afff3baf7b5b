import { asc, count, ilike, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { flows, queueIntegrations, queues, users } from "../../db/schema/index.js";
import { ofCompany, rowOf } from "../../db/tenant-scope.js";
import { escapeLike } from "../users/repo.js";

export type FlowRow = typeof flows.$inferSelect;
export type FlowSummaryRow = Omit<FlowRow, "nodes" | "connections">;

const summary = {
  id: flows.id,
  companyId: flows.companyId,
  name: flows.name,
  active: flows.active,
  createdAt: flows.createdAt,
  updatedAt: flows.updatedAt,
};

/** Every query of flows; each takes the company it works in. */
export class FlowsRepo {
  constructor(private readonly db: Db) {}

  /**
   * One page of flows by name then id (a total order: each flow once across pages), served by
   * flows_company_name_idx; the name search by flows_name_trgm_idx. The graph is not read.
   */
  async page(
    companyId: number,
    search: string,
    page: { number: number; size: number },
  ): Promise<{ rows: FlowSummaryRow[]; count: number }> {
    const term = search.trim();
    const where = ofCompany(flows, companyId, term ? ilike(flows.name, `%${escapeLike(term)}%`) : undefined);
    const [rows, [total]] = await Promise.all([
      this.db
        .select(summary)
        .from(flows)
        .where(where)
        .orderBy(asc(flows.name), asc(flows.id))
        .limit(page.size)
        .offset((page.number - 1) * page.size),
      this.db.select({ value: count() }).from(flows).where(where),
    ]);
    return { rows, count: Number(total?.value ?? 0) };
  }

  async find(companyId: number, id: number): Promise<FlowRow | undefined> {
    const [row] = await this.db
      .select()
      .from(flows)
      .where(rowOf(flows, companyId, id));
    return row;
  }

  async insert(
    companyId: number,
    values: { name: string; active?: boolean; nodes: unknown[]; connections: unknown[] },
  ): Promise<FlowRow> {
    const [row] = await this.db
      .insert(flows)
      .values({ ...values, companyId })
      .returning();
    return row as FlowRow;
  }

  /** Replaces the flow's graph; undefined when the company has no such flow. */
  async saveGraph(
    companyId: number,
    id: number,
    graph: { nodes: unknown[]; connections: unknown[] },
  ): Promise<FlowRow | undefined> {
    const [row] = await this.db
      .update(flows)
      .set({ nodes: graph.nodes, connections: graph.connections, updatedAt: new Date() })
      .where(rowOf(flows, companyId, id))
      .returning();
    return row;
  }

  /** Of these ids, the ones naming a queue, user or integration of another company (or none). */
  async foreignIds(
    companyId: number,
    kind: "queue" | "user" | "integration",
    ids: number[],
  ): Promise<number[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    const table = kind === "queue" ? queues : kind === "user" ? users : queueIntegrations;
    const found = await this.db
      .select({ id: table.id })
      .from(table)
      .where(ofCompany(table, companyId, inArray(table.id, unique)));
    const own = new Set(found.map((r) => r.id));
    return unique.filter((id) => !own.has(id));
  }

  async rename(companyId: number, id: number, name: string): Promise<FlowRow | undefined> {
    const [row] = await this.db
      .update(flows)
      .set({ name, updatedAt: new Date() })
      .where(rowOf(flows, companyId, id))
      .returning();
    return row;
  }

  async delete(companyId: number, id: number): Promise<boolean> {
    const rows = await this.db
      .delete(flows)
      .where(rowOf(flows, companyId, id))
      .returning({ id: flows.id });
    return rows.length > 0;
  }
}
