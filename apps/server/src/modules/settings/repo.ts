import { LIMITS } from "@inbox/shared";
import { asc, eq, getTableColumns, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { type CompanyScheduleDay, companies, companySettings, settings } from "../../db/schema/index.js";
import { ofCompany } from "../../db/tenant-scope.js";

type Runner = Db | Tx;
export type SettingRow = typeof settings.$inferSelect;
export type CompanySettingsRow = typeof companySettings.$inferSelect;

/** Columns of company_settings that are not settings. */
const NOT_SETTINGS = new Set(["companyId", "createdAt", "updatedAt"]);
export const COMPANY_SETTING_COLUMNS: readonly string[] = Object.keys(
  getTableColumns(companySettings),
).filter((column) => !NOT_SETTINGS.has(column));

/**
 * The two stores of spec 2's settings: the company's typed row
 * (company_settings, one per company) and the key/value rows (settings; the
 * platform's keys on company 1). Every query names its company.
 */
export class SettingsRepo {
  constructor(private readonly db: Db) {}

  async keyValues(companyId: number, runner: Runner = this.db): Promise<SettingRow[]> {
    return runner.select().from(settings).where(ofCompany(settings, companyId)).orderBy(asc(settings.key));
  }

  async keyValue(companyId: number, key: string, runner: Runner = this.db): Promise<SettingRow | undefined> {
    const [row] = await runner
      .select()
      .from(settings)
      .where(ofCompany(settings, companyId, eq(settings.key, key)))
      .limit(1);
    return row;
  }

  async putKeyValue(runner: Runner, companyId: number, key: string, value: string | null): Promise<void> {
    await runner
      .insert(settings)
      .values({ companyId, key, value })
      .onConflictDoUpdate({
        target: [settings.companyId, settings.key],
        set: { value, updatedAt: sql`now()` },
      });
  }

  /** The platform's key/value rows (company 1): signup, user creation, whitelabel. */
  platformValue(key: string, runner: Runner = this.db): Promise<SettingRow | undefined> {
    return this.keyValue(LIMITS.platformCompanyId, key, runner);
  }

  async companyRow(companyId: number, runner: Runner = this.db): Promise<CompanySettingsRow | undefined> {
    const [row] = await runner
      .select()
      .from(companySettings)
      .where(eq(companySettings.companyId, companyId))
      .limit(1);
    return row;
  }

  /**
   * The company's typed row, locked until the transaction ends: two changes
   * of a flag and its message are checked one after the other, so neither
   * can break a rule the other checked.
   */
  async lockCompanyRow(tx: Tx, companyId: number): Promise<CompanySettingsRow | undefined> {
    const [row] = await tx
      .select()
      .from(companySettings)
      .where(eq(companySettings.companyId, companyId))
      .for("update")
      .limit(1);
    return row;
  }

  async setCompanyColumn(tx: Tx, companyId: number, column: string, value: string | null): Promise<void> {
    if (!COMPANY_SETTING_COLUMNS.includes(column)) throw new Error(`not a settings column: ${column}`);
    await tx
      .update(companySettings)
      .set({ [column]: value, updatedAt: sql`now()` } as unknown as Partial<CompanySettingsRow>)
      .where(eq(companySettings.companyId, companyId));
  }

  async company(
    companyId: number,
  ): Promise<{ id: number; name: string; schedules: CompanyScheduleDay[] } | undefined> {
    const [row] = await this.db
      .select({ id: companies.id, name: companies.name, schedules: companies.schedules })
      .from(companies)
      .where(eq(companies.id, companyId))
      .limit(1);
    return row;
  }

  async setSchedules(
    companyId: number,
    schedules: CompanyScheduleDay[],
  ): Promise<{ id: number; name: string; schedules: CompanyScheduleDay[] } | undefined> {
    const [row] = await this.db
      .update(companies)
      .set({ schedules, updatedAt: sql`now()` })
      .where(eq(companies.id, companyId))
      .returning({ id: companies.id, name: companies.name, schedules: companies.schedules });
    return row;
  }
}
