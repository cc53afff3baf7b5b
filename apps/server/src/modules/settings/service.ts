import type { SettingDto } from "@inbox/shared";
import type { Db } from "../../db/client.js";
import { AppError } from "../../http/app-error.js";
import type { RequestContext } from "../../http/context.js";
import { CompaniesRepo } from "../companies/repo.js";
import { authorizeListSettings } from "./policy.js";
import { SettingsRepo } from "./repo.js";

const notFound = () => new AppError("ERR_NO_SETTING_FOUND");

/** The settings reads of spec 1 section 7; every one in the signed-in user's company. */
export class SettingsService {
  private readonly repo: SettingsRepo;
  private readonly companies: CompaniesRepo;

  constructor(db: Db) {
    this.repo = new SettingsRepo(db);
    this.companies = new CompaniesRepo(db);
  }

  async list(ctx: RequestContext): Promise<SettingDto[]> {
    authorizeListSettings(ctx.user);
    return (await this.repo.list(ctx.companyId)).map(({ key, value }) => ({ key, value }));
  }

  async show(ctx: RequestContext, key: string): Promise<SettingDto> {
    const row = await this.repo.find(ctx.companyId, key);
    if (!row) throw notFound();
    return { key: row.key, value: row.value };
  }

  /** GET /companySettings/{id}: only the caller's own company; another id is not found. */
  async companySettings(ctx: RequestContext, companyId: number): Promise<Record<string, string | null>> {
    if (companyId !== ctx.companyId) throw notFound();
    const list = await this.companies.settingsList(ctx.companyId);
    if (list.length === 0) throw notFound();
    return Object.fromEntries(list.map(({ key, value }) => [key, value]));
  }

  /** GET /companySettingOne?column=requiredTag answers { requiredTag: value }, as the original. */
  async companySettingOne(ctx: RequestContext, column: string): Promise<Record<string, string | null>> {
    const found = (await this.companies.settingsList(ctx.companyId)).find((s) => s.key === column);
    if (!found) throw notFound();
    return { [found.key]: found.value };
  }
}
