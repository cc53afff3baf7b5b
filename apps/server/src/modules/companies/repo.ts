import { settingKeyOfColumn, type UserDto } from "@inbox/shared";
import { eq, getTableColumns, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { companies, companySettings, plans } from "../../db/schema/index.js";

type Runner = Db | Tx;
export type CompanyRow = typeof companies.$inferSelect;
export type PlanRow = typeof plans.$inferSelect;

export class CompaniesRepo {
  constructor(private readonly db: Db) {}

  async findWithPlan(
    companyId: number,
    runner: Runner = this.db,
  ): Promise<{ company: CompanyRow; plan: PlanRow } | undefined> {
    const [row] = await runner
      .select({ company: companies, plan: plans })
      .from(companies)
      .innerJoin(plans, eq(plans.id, companies.planId))
      .where(eq(companies.id, companyId))
      .limit(1);
    return row;
  }

  /** Locks the company row: serialises plan-limit checks (two creates cannot both pass). */
  async lockForUpdate(tx: Tx, companyId: number): Promise<void> {
    await tx.execute(sql`SELECT id FROM companies WHERE id = ${companyId} FOR UPDATE`);
  }

  async settingsList(companyId: number): Promise<{ key: string; value: string | null }[]> {
    const [row] = await this.db
      .select()
      .from(companySettings)
      .where(eq(companySettings.companyId, companyId))
      .limit(1);
    if (!row) return [];
    return Object.keys(getTableColumns(companySettings))
      .filter((key) => !["companyId", "createdAt", "updatedAt"].includes(key))
      .map((key) => {
        const value = row[key as keyof typeof row];
        // Named as spec 2 spells the keys (AcceptCallWhatsappMessage, DirectTicketsToWallets).
        return {
          key: settingKeyOfColumn(key),
          value: value === null || value === undefined ? null : String(value),
        };
      });
  }

  async touchLastLogin(companyId: number): Promise<void> {
    await this.db.update(companies).set({ lastLogin: new Date() }).where(eq(companies.id, companyId));
  }

  /** The company part of the login answer: due date, plan flags and settings. */
  async companyRef(companyId: number): Promise<NonNullable<UserDto["company"]> | undefined> {
    const found = await this.findWithPlan(companyId);
    if (!found) return undefined;
    const { company, plan } = found;
    return {
      id: company.id,
      name: company.name,
      dueDate: company.dueDate,
      companieSettings: await this.settingsList(companyId),
      plan: {
        id: plan.id,
        name: plan.name,
        useWhatsapp: plan.useWhatsapp,
        useFacebook: plan.useFacebook,
        useInstagram: plan.useInstagram,
        useCampaigns: plan.useCampaigns,
        useSchedules: plan.useSchedules,
        useInternalChat: plan.useInternalChat,
        useExternalApi: plan.useExternalApi,
        useKanban: plan.useKanban,
        useOpenAi: plan.useOpenAi,
        useIntegrations: plan.useIntegrations,
      },
    };
  }
}
