import {
  brokenSettingRule,
  type CompanyScheduleDay,
  type CompanySchedulesDto,
  isPublicSettingKey,
  isSettingKey,
  LIMITS,
  parseSettingValue,
  type SettingDefinition,
  type SettingDto,
  type SettingKey,
  type SettingsEventPayload,
  settingColumn,
  settingDefinition,
  settingKeyOfColumn,
} from "@inbox/shared";
import type { Db } from "../../db/client.js";
import { AppError } from "../../http/app-error.js";
import type { RequestContext } from "../../http/context.js";
import type { NumberPrivacy } from "../../privacy/number-privacy.js";
import type { Realtime } from "../../realtime/realtime.js";
import type { PhoneCountries } from "./phone-country.js";
import { authorizeChangeSetting, authorizeListSettings, authorizeOwnCompany } from "./policy.js";
import { COMPANY_SETTING_COLUMNS, type CompanySettingsRow, SettingsRepo } from "./repo.js";

const notFound = () => new AppError("ERR_NO_SETTING_FOUND");

/** Settings a change of which the number-privacy cache must hear at once (LGPD). */
const PRIVACY_KEYS = new Set<string>(["enableLGPD", "lgpdHideNumber"]);

export interface SettingsServiceDeps {
  db: Db;
  realtime: Realtime;
  /** Caches enableLGPD and lgpdHideNumber per company (5 s): told of every change. */
  numbers: Pick<NumberPrivacy, "invalidate">;
  /** Caches phoneDefaultCountry per company (5 s): told of its changes. */
  phones: Pick<PhoneCountries, "invalidate">;
}

/** The company's typed settings row as spec keys (two are spelled capitalised by the spec). */
function companyValues(row: CompanySettingsRow): SettingDto[] {
  return COMPANY_SETTING_COLUMNS.map((column) => {
    const value = row[column as keyof CompanySettingsRow];
    return {
      key: settingKeyOfColumn(column),
      value: value === null || value === undefined ? null : String(value),
    };
  });
}

/**
 * The settings panel (spec 2 sections 3, 5, 7) and the reads of spec 1: every
 * read and write in the signed-in user's company, except the platform's keys,
 * which live on company 1 and only super users change. A change is checked
 * against its key's values and the flag/message rules, stored, and announced
 * on `company-{id}-settings` so other open tabs follow.
 */
export class SettingsService {
  private readonly repo: SettingsRepo;

  constructor(private readonly deps: SettingsServiceDeps) {
    this.repo = new SettingsRepo(deps.db);
  }

  /**
   * GET /settings: every setting of the company, by key: its attendance row,
   * its own key/value rows, and the platform's keys (company 1).
   */
  async list(ctx: RequestContext): Promise<SettingDto[]> {
    authorizeListSettings(ctx.user);
    return this.all(ctx.companyId);
  }

  async show(ctx: RequestContext, key: string): Promise<SettingDto> {
    const found = (await this.all(ctx.companyId)).find((s) => s.key === key);
    if (!found) throw notFound();
    return found;
  }

  /** GET /companySettings/{id}: only the caller's own company; another id is not found. */
  async companySettings(ctx: RequestContext, companyId: number): Promise<Record<string, string | null>> {
    if (companyId !== ctx.companyId) throw notFound();
    const row = await this.repo.companyRow(ctx.companyId);
    if (!row) throw notFound();
    return Object.fromEntries(companyValues(row).map(({ key, value }) => [key, value]));
  }

  /** GET /companySettingOne?column=requiredTag answers { requiredTag: value }, as the original. */
  async companySettingOne(ctx: RequestContext, column: string): Promise<Record<string, string | null>> {
    const row = await this.repo.companyRow(ctx.companyId);
    const found = row && companyValues(row).find((s) => s.key === column);
    if (!found) throw notFound();
    return { [found.key]: found.value };
  }

  /**
   * PUT /settings/{key} and PUT /companySettings: one setting. Unknown keys
   * are not found; platform keys, userCreation and downloadLimit need a super
   * user; the value must be one the key accepts; a flag and its message must
   * stay consistent (spec 2 section 5).
   */
  async update(ctx: RequestContext, key: string, raw: unknown): Promise<SettingDto> {
    authorizeListSettings(ctx.user);
    if (!isSettingKey(key)) throw notFound();
    const definition: SettingDefinition = settingDefinition(key) as SettingDefinition;
    authorizeChangeSetting(ctx.user, definition);
    const parsed = parseSettingValue(key, raw);
    if (!parsed.ok) throw new AppError("ERR_VALIDATION", { field: "value", message: parsed.message });
    const { value } = parsed;

    const target = definition.store === "platform" ? LIMITS.platformCompanyId : ctx.companyId;
    if (definition.store === "company") await this.updateCompanyColumn(target, key, value);
    else await this.repo.putKeyValue(this.deps.db, target, key, value);

    if (PRIVACY_KEYS.has(key)) this.deps.numbers.invalidate(target);
    if (key === "phoneDefaultCountry") this.deps.phones.invalidate(target);
    const setting = { key, value };
    this.announce(target, { action: "update", setting });
    return setting;
  }

  /** GET /public-settings/{key}: a value the login screens need, of the platform; other keys are not found. */
  async publicValue(key: string): Promise<string | null> {
    if (!isPublicSettingKey(key)) throw new AppError("ERR_NOT_FOUND", { message: "Not a public setting" });
    return (await this.repo.platformValue(key))?.value ?? null;
  }

  /** PUT /companies/{id}/schedules: the company's business hours (scheduleType company), by an admin. */
  async updateSchedules(
    ctx: RequestContext,
    companyId: number,
    schedules: CompanyScheduleDay[],
  ): Promise<CompanySchedulesDto> {
    authorizeOwnCompany(ctx, companyId);
    authorizeListSettings(ctx.user);
    const company = await this.repo.setSchedules(ctx.companyId, schedules);
    if (!company) throw new AppError("ERR_NOT_FOUND");
    this.announce(ctx.companyId, { action: "update", schedules: company.schedules });
    return company;
  }

  /** A column of the typed row, with the rules checked on the locked row as it would be after. */
  private async updateCompanyColumn(companyId: number, key: SettingKey, value: string | null): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const row = await this.repo.lockCompanyRow(tx, companyId);
      if (!row) throw notFound();
      const after: Record<string, string | null> = {
        ...Object.fromEntries(companyValues(row).map((s) => [s.key, s.value])),
        [key]: value,
      };
      const broken = brokenSettingRule(after, key);
      if (broken)
        throw new AppError("ERR_SETTING_MESSAGE_REQUIRED", {
          field: broken.message,
          message: `${broken.message} is required while ${broken.flag} is ${broken.when}`,
        });
      await this.repo.setCompanyColumn(tx, companyId, settingColumn(key), value);
    });
  }

  private async all(companyId: number): Promise<SettingDto[]> {
    const byKey = new Map<string, string | null>();
    for (const { key, value } of await this.repo.keyValues(companyId)) {
      const definition = settingDefinition(key);
      // A key stored elsewhere is answered from there (a stray row must not hide the real value).
      if (definition && definition.store !== "keyValue") continue;
      byKey.set(key, value);
    }
    const row = await this.repo.companyRow(companyId);
    if (row) for (const { key, value } of companyValues(row)) byKey.set(key, value);
    for (const { key, value } of await this.repo.keyValues(LIMITS.platformCompanyId))
      if (settingDefinition(key)?.store === "platform") byKey.set(key, value);
    return [...byKey.entries()]
      .map(([key, value]) => ({ key, value }))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  private announce(companyId: number, payload: SettingsEventPayload): void {
    this.deps.realtime.toCompany(companyId, "settings", payload);
  }
}
