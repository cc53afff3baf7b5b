import {
  CAMPAIGN_CONFIRMATION_FIELDS,
  CAMPAIGN_MESSAGE_FIELDS,
  CAMPAIGN_MESSAGE_REQUIRED,
  CAMPAIGN_PAGE_SIZE,
  CAMPAIGN_SETTINGS_DEFAULTS,
  CAMPAIGN_TEMPLATE_REQUIRED,
  type CampaignDto,
  type CampaignEventPayload,
  type CampaignInput,
  type CampaignScheduledAt,
  type CampaignSettingDto,
  type CampaignSettingsInput,
  type CloudTemplateDto,
  canCancelCampaign,
  canEditCampaignMessages,
  canRestartCampaign,
  filledCampaignSlots,
  filledCampaignTemplateSlots,
  isCampaignEditable,
  naiveTimeToInstant,
  parseCampaignSettings,
} from "@inbox/shared";
import { eq } from "drizzle-orm";
import type { GraphClient } from "../../channels/meta/graph-client.js";
import type { Db } from "../../db/client.js";
import { companies } from "../../db/schema/index.js";
import { AppError } from "../../http/app-error.js";
import type { RequestContext } from "../../http/context.js";
import type { SingleUpload } from "../../http/single-upload.js";
import type { Realtime } from "../../realtime/realtime.js";
import type { Storage } from "../../storage/storage.js";
import { authorize } from "./policy.js";
import { presentCampaign } from "./presenter.js";
import { type CampaignRow, CampaignsRepo, type NewCampaign } from "./repo.js";
import { approvedTemplates } from "./templates.js";

/** Sets the sender's jobs (modules/campaigns/jobs.ts); the minute sweep covers a job not set. */
export interface CampaignTimer {
  /** The campaign starts at `at` (PROGRAMADA -> EM_ANDAMENTO). */
  startAt(companyId: number, campaignId: number, at: Date): Promise<void>;
  /** The campaign runs now (restart). */
  kick(companyId: number, campaignId: number): Promise<void>;
}

export interface CampaignsServiceDeps {
  db: Db;
  realtime: Realtime;
  storage: Storage;
  timer?: CampaignTimer;
  /** The Graph API, for a Cloud API connection's approved templates. */
  graph: GraphClient;
  logger: { warn(obj: object, msg: string): void };
  /** "Now" for the editable rule (tests set it). */
  clock?: () => Date;
}

/**
 * Campaigns and their settings (spec 3 sections 2 to 9): every state change goes through here (the
 * sender's through sender.ts) and is announced on company-{id}-campaign.
 */
export class CampaignsService {
  readonly repo: CampaignsRepo;

  constructor(private readonly deps: CampaignsServiceDeps) {
    this.repo = new CampaignsRepo(deps.db);
  }

  /** GET /campaigns/templates/{whatsappId}: the approved templates of one of the company's Cloud API connections. */
  async templates(ctx: RequestContext, whatsappId: number): Promise<{ templates: CloudTemplateDto[] }> {
    authorize(ctx.user, "campaigns:use");
    const connection = await this.repo.connection(ctx.companyId, whatsappId);
    if (!connection) throw new AppError("ERR_NO_WAPP_FOUND");
    if (connection.channel !== "whatsappapi") {
      throw new AppError("ERR_VALIDATION", {
        field: "whatsappId",
        message: "Only WhatsApp Cloud API connections have message templates",
      });
    }
    return { templates: await approvedTemplates(this.deps.graph, connection) };
  }

  async list(ctx: RequestContext, query: { searchParam: string; pageNumber: number }) {
    authorize(ctx.user, "campaigns:use");
    const size = CAMPAIGN_PAGE_SIZE;
    const { rows, count } = await this.repo.page(ctx.companyId, query.searchParam, {
      number: query.pageNumber,
      size,
    });
    const counts = await this.repo.counts(ctx.companyId, rows);
    const now = this.now();
    return {
      records: rows.map((row) => presentCampaign(row, counts.get(row.id), now)),
      count,
      hasMore: query.pageNumber * size < count,
    };
  }

  async show(ctx: RequestContext, id: number): Promise<CampaignDto> {
    authorize(ctx.user, "campaigns:use");
    const dto = await this.dto(ctx.companyId, id);
    if (!dto) throw notFound();
    return dto;
  }

  async create(ctx: RequestContext, input: CampaignInput): Promise<CampaignDto> {
    authorize(ctx.user, "campaigns:use");
    const values = await this.valuesOf(ctx, input);
    const id = await this.repo.insert(ctx.companyId, values);
    await this.schedule(ctx.companyId, id, values);
    return this.announce(ctx.companyId, id, "create");
  }

  /**
   * Spec 3 section 4: an editable campaign takes every field (its status follows scheduledAt); a
   * CANCELADA one takes only its message texts (the dialog shows the rest read-only, and a restart
   * sends the new texts to those not reached yet); any other refuses with ERR_CAMPAIGN_NOT_EDITABLE.
   * Decided under the campaign's row lock, so the sender cannot start it in between.
   */
  async update(ctx: RequestContext, id: number, input: CampaignInput): Promise<CampaignDto> {
    authorize(ctx.user, "campaigns:use");
    const current = await this.repo.find(ctx.companyId, id);
    if (!current) throw notFound();
    const values = isCampaignEditable(current, this.now()) ? await this.valuesOf(ctx, input) : undefined;
    const updated = await this.repo.transaction(async (tx) => {
      const row = await this.repo.lock(tx, ctx.companyId, id);
      if (!row) throw notFound();
      if (values && isCampaignEditable(row, this.now()))
        return this.repo.update(ctx.companyId, id, values, tx);
      if (row.status === "CANCELADA") return this.repo.update(ctx.companyId, id, messagesOf(input), tx);
      throw notEditable();
    });
    if (!updated) throw notFound();
    if (values) await this.schedule(ctx.companyId, id, values);
    return this.announce(ctx.companyId, id, "update");
  }

  async delete(ctx: RequestContext, id: number): Promise<void> {
    authorize(ctx.user, "campaigns:use");
    if (!(await this.repo.delete(ctx.companyId, id))) throw notFound();
    this.emit(ctx.companyId, { action: "delete", id });
  }

  /** POST /campaigns/{id}/media-upload: the file sent with each message (editable or cancelled campaigns). */
  async setMedia(ctx: RequestContext, id: number, file: SingleUpload | undefined): Promise<CampaignDto> {
    authorize(ctx.user, "campaigns:use");
    await this.findChangeable(ctx, id);
    if (!file) throw new AppError("ERR_VALIDATION", { field: "file", message: "Required" });
    const saved = await this.deps.storage.save(ctx.companyId, "campaigns", {
      bytes: file.bytes,
      name: file.filename,
      declaredType: file.mimeType,
      use: "media",
    });
    const row = await this.repo.update(ctx.companyId, id, { mediaPath: saved.path, mediaName: saved.name });
    if (!row) {
      await this.deps.storage.remove(saved.path);
      throw notFound();
    }
    return this.announce(ctx.companyId, id, "update");
  }

  async removeMedia(ctx: RequestContext, id: number): Promise<CampaignDto> {
    authorize(ctx.user, "campaigns:use");
    await this.findChangeable(ctx, id);
    if (!(await this.repo.update(ctx.companyId, id, { mediaPath: null, mediaName: null }))) throw notFound();
    return this.announce(ctx.companyId, id, "update");
  }

  /** EM_ANDAMENTO -> CANCELADA (spec 3 section 4). The sender checks the status before each message. */
  async cancel(ctx: RequestContext, id: number): Promise<CampaignDto> {
    authorize(ctx.user, "campaigns:use");
    await this.repo.transaction(async (tx) => {
      const row = await this.repo.lock(tx, ctx.companyId, id);
      if (!row) throw notFound();
      if (!canCancelCampaign(row)) throw invalidStatus();
      await this.repo.update(ctx.companyId, id, { status: "CANCELADA" }, tx);
    });
    return this.announce(ctx.companyId, id, "update");
  }

  /** CANCELADA -> EM_ANDAMENTO: the sender resumes with the rows not claimed yet. */
  async restart(ctx: RequestContext, id: number): Promise<CampaignDto> {
    authorize(ctx.user, "campaigns:use");
    await this.repo.transaction(async (tx) => {
      const row = await this.repo.lock(tx, ctx.companyId, id);
      if (!row) throw notFound();
      if (!canRestartCampaign(row)) throw invalidStatus();
      await this.repo.update(ctx.companyId, id, { status: "EM_ANDAMENTO", completedAt: null }, tx);
    });
    await this.deps.timer
      ?.kick(ctx.companyId, id)
      .catch((err) => this.deps.logger.warn({ err, campaignId: id }, "campaign job not queued"));
    return this.announce(ctx.companyId, id, "update");
  }

  /** GET /campaign-settings: every key, the stored value or the default, as JSON text. */
  async settings(ctx: RequestContext): Promise<CampaignSettingDto[]> {
    authorize(ctx.user, "campaigns:use");
    return settingsList(await this.repo.settings(ctx.companyId));
  }

  async saveSettings(ctx: RequestContext, input: CampaignSettingsInput): Promise<CampaignSettingDto[]> {
    authorize(ctx.user, "campaigns:use");
    const entries = Object.entries(input.settings)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => ({ key, value: JSON.stringify(value) }));
    await this.repo.saveSettings(ctx.companyId, entries);
    return settingsList(await this.repo.settings(ctx.companyId));
  }

  /** The campaign as the API answers it, with its report counts. */
  async dto(companyId: number, id: number): Promise<CampaignDto | undefined> {
    const row = await this.repo.view(companyId, id);
    if (!row) return undefined;
    const counts = await this.repo.counts(companyId, [row]);
    return presentCampaign(row, counts.get(row.id), this.now());
  }

  private async announce(companyId: number, id: number, action: "create" | "update"): Promise<CampaignDto> {
    const record = await this.dto(companyId, id);
    if (!record) throw notFound();
    this.emit(companyId, { action, record });
    return record;
  }

  private emit(companyId: number, payload: CampaignEventPayload): void {
    this.deps.realtime.toCompany(companyId, "campaign", payload);
  }

  private async findChangeable(ctx: RequestContext, id: number): Promise<CampaignRow> {
    const row = await this.repo.find(ctx.companyId, id);
    if (!row) throw notFound();
    if (!canEditCampaignMessages(row, this.now())) throw notEditable();
    return row;
  }

  /** The stored fields of an editable campaign: references checked, status from scheduledAt. */
  private async valuesOf(ctx: RequestContext, input: CampaignInput): Promise<NewCampaign> {
    const missing = await this.repo.missingReferences(ctx.companyId, input);
    if (missing.length > 0)
      throw new AppError("ERR_NOT_FOUND", { field: missing[0], message: "Record not found" });
    const connection = await this.repo.connection(ctx.companyId, input.whatsappId);
    const cloudApi = connection?.channel === "whatsappapi";
    const scheduledAt = await this.instantOf(ctx.companyId, input.scheduledAt);
    if (scheduledAt) {
      if (cloudApi && filledCampaignTemplateSlots(input).length === 0)
        throw new AppError("ERR_VALIDATION", { field: "templates", message: CAMPAIGN_TEMPLATE_REQUIRED });
      if (!cloudApi && filledCampaignSlots(input).length === 0)
        throw new AppError("ERR_VALIDATION", { field: "message1", message: CAMPAIGN_MESSAGE_REQUIRED });
    }
    const openTicket = input.openTicket === "enabled";
    return {
      name: input.name,
      ...messagesOf(input),
      confirmation: input.confirmation,
      scheduledAt,
      status: scheduledAt ? "PROGRAMADA" : "INATIVA",
      contactListId: input.contactListId ?? null,
      tagListId: input.contactListId ? null : (input.tagListId ?? null),
      whatsappId: input.whatsappId,
      // Spec 3 section 4: the user and queue selectors are disabled while openTicket is disabled.
      userId: openTicket ? (input.userId ?? null) : null,
      queueId: openTicket ? (input.queueId ?? null) : null,
      statusTicket: input.statusTicket,
      openTicket: input.openTicket,
      // Other channels send the free-text slots: no template is kept for them.
      templates: cloudApi ? input.templates : [],
    };
  }

  private async instantOf(companyId: number, value: CampaignScheduledAt): Promise<Date | null> {
    if (!value) return null;
    if ("instant" in value) return value.instant;
    const [company] = await this.deps.db
      .select({ timeZone: companies.timezone })
      .from(companies)
      .where(eq(companies.id, companyId));
    const instant = naiveTimeToInstant(value.wallTime, company?.timeZone ?? "America/Sao_Paulo");
    if (!instant) throw new AppError("ERR_VALIDATION", { field: "scheduledAt", message: "Data inválida" });
    return instant;
  }

  private async schedule(companyId: number, id: number, values: NewCampaign): Promise<void> {
    if (values.status !== "PROGRAMADA" || !values.scheduledAt) return;
    await this.deps.timer
      ?.startAt(companyId, id, values.scheduledAt)
      .catch((err) => this.deps.logger.warn({ err, campaignId: id }, "campaign start job not queued"));
  }

  private now(): Date {
    return this.deps.clock?.() ?? new Date();
  }
}

function messagesOf(input: CampaignInput): Pick<NewCampaign, "message1"> & Record<string, string> {
  const out: Record<string, string> = {};
  for (const field of [...CAMPAIGN_MESSAGE_FIELDS, ...CAMPAIGN_CONFIRMATION_FIELDS])
    out[field] = input[field];
  return out as Pick<NewCampaign, "message1"> & Record<string, string>;
}

function settingsList(stored: { key: string; value: string }[]): CampaignSettingDto[] {
  const settings = parseCampaignSettings(stored);
  return (Object.keys(CAMPAIGN_SETTINGS_DEFAULTS) as (keyof typeof settings)[]).map((key) => ({
    key,
    value: JSON.stringify(settings[key]),
  }));
}

const notFound = () => new AppError("ERR_NOT_FOUND", { message: "Campaign not found" });
const notEditable = () =>
  new AppError("ERR_CAMPAIGN_NOT_EDITABLE", { message: "This campaign can no longer be edited" });
const invalidStatus = () =>
  new AppError("ERR_CAMPAIGN_INVALID_STATUS", {
    message: "This action does not apply to the campaign's status",
  });
