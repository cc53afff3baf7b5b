import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { settings } from "../../db/schema/index.js";

export type SettingRow = typeof settings.$inferSelect;

/** The key/value settings of a company (spec 2's Setting); the typed attendance settings are in CompaniesRepo. */
export class SettingsRepo {
  constructor(private readonly db: Db) {}

  async list(companyId: number): Promise<SettingRow[]> {
    return this.db
      .select()
      .from(settings)
      .where(eq(settings.companyId, companyId))
      .orderBy(asc(settings.key));
  }

  async find(companyId: number, key: string): Promise<SettingRow | undefined> {
    const [row] = await this.db
      .select()
      .from(settings)
      .where(and(eq(settings.companyId, companyId), eq(settings.key, key)))
      .limit(1);
    return row;
  }
}
