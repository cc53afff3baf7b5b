import { asc, count } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { flowCampaigns, flows, whatsapps } from "../../db/schema/index.js";
import { ofCompany, rowOf } from "../../db/tenant-scope.js";

export type FlowCampaignRow = typeof flowCampaigns.$inferSelect;
type Values = Pick<FlowCampaignRow, "name" | "flowId" | "whatsappId" | "phrase" | "status">;

/** Every query of phrase campaigns; each takes the company it works in. */
export class FlowCampaignsRepo {
  constructor(private readonly db: Db) {}

  /** The company's phrase campaigns by name then id (flow_campaigns_company_name_idx), at most `limit`. */
  list(companyId: number, limit: number): Promise<FlowCampaignRow[]> {
    return this.db
      .select()
      .from(flowCampaigns)
      .where(ofCompany(flowCampaigns, companyId))
      .orderBy(asc(flowCampaigns.name), asc(flowCampaigns.id))
      .limit(limit);
  }

  async find(companyId: number, id: number): Promise<FlowCampaignRow | undefined> {
    const [row] = await this.db
      .select()
      .from(flowCampaigns)
      .where(rowOf(flowCampaigns, companyId, id));
    return row;
  }

  async flowExists(companyId: number, id: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: flows.id })
      .from(flows)
      .where(rowOf(flows, companyId, id));
    return Boolean(row);
  }

  async connectionExists(companyId: number, id: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: whatsapps.id })
      .from(whatsapps)
      .where(rowOf(whatsapps, companyId, id));
    return Boolean(row);
  }

  /** How many phrase campaigns the company has. */
  async count(tx: Tx, companyId: number): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(flowCampaigns)
      .where(ofCompany(flowCampaigns, companyId));
    return row?.n ?? 0;
  }

  async insert(companyId: number, values: Values, tx: Db | Tx = this.db): Promise<FlowCampaignRow> {
    const [row] = await tx
      .insert(flowCampaigns)
      .values({ ...values, companyId })
      .returning();
    if (!row) throw new Error("phrase campaign insert returned no row");
    return row;
  }

  async update(companyId: number, id: number, values: Values): Promise<FlowCampaignRow | undefined> {
    const [row] = await this.db
      .update(flowCampaigns)
      .set({ ...values, updatedAt: new Date() })
      .where(rowOf(flowCampaigns, companyId, id))
      .returning();
    return row;
  }

  async remove(companyId: number, id: number): Promise<boolean> {
    const rows = await this.db
      .delete(flowCampaigns)
      .where(rowOf(flowCampaigns, companyId, id))
      .returning({ id: flowCampaigns.id });
    return rows.length > 0;
  }
}
