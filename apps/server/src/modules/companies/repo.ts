import { settingKeyOfColumn, type UserDto } from "@inbox/shared";
import { and, asc, eq, getTableColumns, ilike, or, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { companies, companySettings, plans, users } from "../../db/schema/index.js";

type Runner = Db | Tx;
export type CompanyRow = typeof companies.$inferSelect;
export type PlanRow = typeof plans.$inferSelect;

export type CompanyValues = Partial<
  Omit<typeof companies.$inferInsert, "id" | "createdAt" | "updatedAt" | "schedules">
>;

/** `%`, `_` and `\` typed in a search match themselves. */
const likeEscape = (text: string) => text.replace(/[%_\\]/g, "\\$&");

/**
 * The platform's companies. A company is the tenant itself: these queries serve the super user's
 * management screens (service.ts checks the caller is super) and the company's own reads.
 */
export class CompaniesRepo {
  constructor(private readonly db: Db) {}

  /** A page of companies with their plans, by name (case ignored) then id: each exactly once across pages. */
  async page(
    searchParam: string,
    pageNumber: number,
    pageSize: number,
  ): Promise<{ rows: { company: CompanyRow; plan: PlanRow }[]; count: number }> {
    const search = searchParam.trim();
    const where: SQL | undefined = search
      ? or(
          ilike(companies.name, `%${likeEscape(search)}%`),
          ilike(companies.email, `%${likeEscape(search)}%`),
        )
      : undefined;
    const rows = await this.db
      .select({ company: companies, plan: plans })
      .from(companies)
      .innerJoin(plans, eq(plans.id, companies.planId))
      .where(where)
      .orderBy(sql`lower(${companies.name})`, asc(companies.id))
      .limit(pageSize)
      .offset((pageNumber - 1) * pageSize);
    const [counted] = await this.db.select({ n: sql<number>`count(*)::int` }).from(companies).where(where);
    return { rows, count: counted?.n ?? 0 };
  }

  /** Every company, for pickers: tens or hundreds of rows, by name. */
  async options(): Promise<{ id: number; name: string; status: boolean }[]> {
    return this.db
      .select({ id: companies.id, name: companies.name, status: companies.status })
      .from(companies)
      .orderBy(sql`lower(${companies.name})`, asc(companies.id));
  }

  async update(id: number, values: CompanyValues, runner: Runner = this.db): Promise<boolean> {
    const rows = await runner
      .update(companies)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(companies.id, id))
      .returning({ id: companies.id });
    return rows.length > 0;
  }

  /** Written by the folder-measuring job. */
  /**
   * Stores many companies' folder usage in one statement: one UPDATE per company cost a round trip
   * each, and a platform of a thousand companies spent most of the job's 20 s on them.
   */
  async setFolderUsages(usages: { id: number; bytes: number; files: number }[]): Promise<void> {
    if (usages.length === 0) return;
    await this.db.execute(sql`
      UPDATE companies SET folder_size = u.bytes, number_file_folder = u.files, updated_at_folder = now()
      FROM unnest(
        ${`{${usages.map((u) => u.id).join(",")}}`}::int[],
        ${`{${usages.map((u) => u.bytes).join(",")}}`}::bigint[],
        ${`{${usages.map((u) => u.files).join(",")}}`}::int[]
      ) AS u(id, bytes, files)
      WHERE companies.id = u.id`);
  }

  async ids(): Promise<number[]> {
    return (await this.db.select({ id: companies.id }).from(companies).orderBy(asc(companies.id))).map(
      (row) => row.id,
    );
  }

  /** Whether the company holds a super user (the platform owner's): never deleted nor switched off. */
  async holdsSuperUser(companyId: number, runner: Runner = this.db): Promise<boolean> {
    const [row] = await runner
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.super, true)))
      .limit(1);
    return row !== undefined;
  }

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
