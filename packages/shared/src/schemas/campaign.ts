import { z } from "zod";
import { dbId, dbIdParam, MAX_DB_INT, noneAsNull } from "./common.js";
import { MESSAGE_BODY_MAX } from "./message.js";

/**
 * Campaigns and their settings (spec 3 sections 2 to 9). The server and the dialogs share these
 * schemas, so both answer the spec's messages ('Too Short!', 'Too Long!', 'Required'); the
 * editable rule and the pacing options live here once. docs/CAMPAIGNS.md describes the sender.
 */

/** Shown as Inativa, Programada, Em Andamento, Cancelada, Finalizada (spec 3 section 4). */
export const CAMPAIGN_STATUSES = [
  "INATIVA",
  "PROGRAMADA",
  "EM_ANDAMENTO",
  "CANCELADA",
  "FINALIZADA",
] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** Ticket status of the ticket a campaign message opens when openTicket is enabled (default closed). */
export const CAMPAIGN_TICKET_STATUSES = ["closed", "pending", "open"] as const;
export type CampaignTicketStatus = (typeof CAMPAIGN_TICKET_STATUSES)[number];
export const CAMPAIGN_OPEN_TICKET = ["enabled", "disabled"] as const;
export type CampaignOpenTicket = (typeof CAMPAIGN_OPEN_TICKET)[number];

export const CAMPAIGN_NAME_MIN = 2;
export const CAMPAIGN_NAME_MAX = 50;
/** Five message slots, each with an optional confirmation message (spec 3 section 9). */
export const CAMPAIGN_MESSAGE_SLOTS = 5;
export const CAMPAIGN_PAGE_SIZE = 20;
/** A PROGRAMADA campaign is editable while its scheduledAt is more than this ahead (spec 3 section 9). */
export const CAMPAIGN_EDITABLE_LEAD_MS = 60 * 60 * 1000;
/** The tag picker's "no tag" value, as the spec's clients send it (spec 3 section 3: tagListId default 'Nenhuma'). */
export const CAMPAIGN_NO_TAG = "Nenhuma";
export const CAMPAIGN_REQUIRED = "Required";
/** A campaign scheduled (or started) must say whom it sends to and what. Not in the spec: our wording. */
export const CAMPAIGN_AUDIENCE_REQUIRED = "Escolha uma lista de contatos ou uma tag";
export const CAMPAIGN_MESSAGE_REQUIRED = "Preencha ao menos uma mensagem";
export const CAMPAIGN_TEMPLATE_REQUIRED = "Escolha um modelo de mensagem aprovado";
export const CAMPAIGN_INVALID_DATE = "Data inválida";

export const CAMPAIGN_MESSAGE_FIELDS = ["message1", "message2", "message3", "message4", "message5"] as const;
export const CAMPAIGN_CONFIRMATION_FIELDS = [
  "confirmationMessage1",
  "confirmationMessage2",
  "confirmationMessage3",
  "confirmationMessage4",
  "confirmationMessage5",
] as const;
export type CampaignMessageField = (typeof CAMPAIGN_MESSAGE_FIELDS)[number];
export type CampaignConfirmationField = (typeof CAMPAIGN_CONFIRMATION_FIELDS)[number];

/**
 * Spec 3 section 4: editable only when INATIVA, or PROGRAMADA with scheduledAt more than one hour
 * ahead. Otherwise the dialog is read-only (and the server refuses the change).
 */
export function isCampaignEditable(
  campaign: { status: string; scheduledAt: string | Date | null },
  now: Date = new Date(),
): boolean {
  if (campaign.status === "INATIVA") return true;
  if (campaign.status !== "PROGRAMADA" || !campaign.scheduledAt) return false;
  return new Date(campaign.scheduledAt).getTime() - now.getTime() > CAMPAIGN_EDITABLE_LEAD_MS;
}

/** A cancelled campaign still allows message edits and saving (spec 3 section 4). */
export function canEditCampaignMessages(
  campaign: { status: string; scheduledAt: string | Date | null },
  now: Date = new Date(),
): boolean {
  return campaign.status === "CANCELADA" || isCampaignEditable(campaign, now);
}

/** The actions of a campaign row (spec 3 section 2): stop only while EM_ANDAMENTO, restart only when CANCELADA. */
export const canCancelCampaign = (campaign: { status: string }) => campaign.status === "EM_ANDAMENTO";
export const canRestartCampaign = (campaign: { status: string }) => campaign.status === "CANCELADA";

const EARLIEST = Date.UTC(2000, 0, 1);
const LATEST = Date.UTC(10000, 0, 1);
const NAIVE_TIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/;

/**
 * scheduledAt as the API reads it (spec 3 section 5: sent as "YYYY-MM-DD HH:mm:ss", empty as null):
 * a wall-clock time without an offset is the company's time (companies.timezone); an ISO 8601
 * instant with its offset is taken as is; null, "" or absent: not scheduled.
 */
export type CampaignScheduledAt = { instant: Date } | { wallTime: string } | null;
export const campaignScheduledAtField = z
  .union([z.null(), z.string().trim().max(40, CAMPAIGN_INVALID_DATE)])
  .optional()
  .transform((value, ctx): CampaignScheduledAt => {
    if (value === null || value === undefined || value === "") return null;
    if (NAIVE_TIME.test(value)) {
      const time = Date.parse(`${value.replace(" ", "T")}Z`);
      if (Number.isFinite(time) && time >= EARLIEST && time < LATEST) return { wallTime: value };
    } else {
      const time = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) ? Date.parse(value) : Number.NaN;
      if (Number.isFinite(time) && time >= EARLIEST && time < LATEST) return { instant: new Date(time) };
    }
    ctx.addIssue({ code: "custom", message: CAMPAIGN_INVALID_DATE });
    return z.NEVER;
  });

const messageText = z.string().max(MESSAGE_BODY_MAX, "Too Long!").optional().default("");
const optionalId = noneAsNull(z.number().int().positive().max(MAX_DB_INT).nullable()).optional();
/** tagListId: an id, or "Nenhuma" / null / false / "" for none. */
const tagListId = z
  .union([z.literal(CAMPAIGN_NO_TAG).transform(() => null), noneAsNull(dbId.nullable())])
  .optional();

/**
 * A Cloud API message template (whatsappapi connections, where a business may open a conversation
 * only with an approved template): its name and language as Meta lists them, and one value per
 * body parameter ({{1}}, {{2}}…), each of which may hold the campaign's variables ({nome}…).
 */
export const campaignTemplateSchema = z.object({
  name: z.string().trim().min(1, CAMPAIGN_REQUIRED).max(512, "Too Long!"),
  language: z.string().trim().min(1, CAMPAIGN_REQUIRED).max(20, "Too Long!"),
  variables: z.array(z.string().max(1024, "Too Long!")).max(20).optional().default([]),
  /** The body as Meta listed it ({{n}} placeholders): what the attendants see in the ticket once filled. */
  body: z.string().max(4096, "Too Long!").optional().default(""),
});
export type CampaignTemplate = z.infer<typeof campaignTemplateSchema>;

/**
 * A Cloud API campaign's templates, one per message slot (index i = slot i+1, null or missing: the
 * slot is empty): the variants a contact may get there, as message1..5 are elsewhere.
 */
export const campaignTemplatesSchema = z
  .array(campaignTemplateSchema.nullable())
  .max(CAMPAIGN_MESSAGE_SLOTS)
  .optional()
  .default([]);

/**
 * GET /campaigns/templates/{whatsappId}: one of a Cloud API connection's APPROVED templates, as the
 * Graph API lists them (`/{waba-id}/message_templates`), reduced to what the campaign dialog needs:
 * the body's text with its {{n}} placeholders and how many there are (one value each in
 * `campaignTemplateSchema.variables`).
 */
export const cloudTemplateDto = z.object({
  name: z.string(),
  language: z.string(),
  category: z.string(),
  body: z.string(),
  parameterCount: z.number(),
});
export type CloudTemplateDto = z.infer<typeof cloudTemplateDto>;
export const cloudTemplateListDto = z.object({ templates: z.array(cloudTemplateDto) });
export type CloudTemplateList = z.infer<typeof cloudTemplateListDto>;

/**
 * POST /campaigns and PUT /campaigns/{id}. The status is the server's: PROGRAMADA when scheduledAt
 * is given, INATIVA otherwise (a status the client sends is ignored). companyId is ignored (the
 * token decides). A scheduled campaign needs an audience (a contact list or a tag) and a message
 * (or, on a Cloud API connection, a template in one of the slots: checked by the server, which
 * knows the channel).
 */
export const campaignSchema = z
  .object({
    name: z
      .string({ error: CAMPAIGN_REQUIRED })
      .trim()
      .min(1, CAMPAIGN_REQUIRED)
      .min(CAMPAIGN_NAME_MIN, "Too Short!")
      .max(CAMPAIGN_NAME_MAX, "Too Long!"),
    message1: messageText,
    message2: messageText,
    message3: messageText,
    message4: messageText,
    message5: messageText,
    confirmationMessage1: messageText,
    confirmationMessage2: messageText,
    confirmationMessage3: messageText,
    confirmationMessage4: messageText,
    confirmationMessage5: messageText,
    confirmation: z
      .union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")])
      .optional()
      .default(false),
    scheduledAt: campaignScheduledAtField,
    contactListId: optionalId,
    tagListId,
    whatsappId: z
      .number({ error: CAMPAIGN_REQUIRED })
      .int(CAMPAIGN_REQUIRED)
      .positive(CAMPAIGN_REQUIRED)
      .max(MAX_DB_INT, CAMPAIGN_REQUIRED),
    userId: optionalId,
    queueId: optionalId,
    statusTicket: z.enum(CAMPAIGN_TICKET_STATUSES).optional().default("closed"),
    openTicket: z.enum(CAMPAIGN_OPEN_TICKET).optional().default("disabled"),
    templates: campaignTemplatesSchema,
    companyId: z.unknown().optional(),
  })
  .superRefine((value, ctx) => {
    // Spec 3 section 5: a queue is required when a user is chosen.
    if (value.userId && !value.queueId)
      ctx.addIssue({ code: "custom", path: ["queueId"], message: CAMPAIGN_REQUIRED });
    if (value.scheduledAt && !value.contactListId && !value.tagListId)
      ctx.addIssue({ code: "custom", path: ["contactListId"], message: CAMPAIGN_AUDIENCE_REQUIRED });
  });
export type CampaignInput = z.infer<typeof campaignSchema>;
export type CampaignFormValues = z.input<typeof campaignSchema>;

/** The filled message slots (1-based), in order: the variants a contact may get. */
export function filledCampaignSlots(
  campaign: Partial<Record<CampaignMessageField, string | null>>,
): number[] {
  return CAMPAIGN_MESSAGE_FIELDS.flatMap((field, index) =>
    (campaign[field] ?? "").trim() ? [index + 1] : [],
  );
}

/** A Cloud API campaign's filled slots (1-based), in order: those with a template. */
export function filledCampaignTemplateSlots(campaign: {
  templates?: readonly (unknown | null | undefined)[] | null;
}): number[] {
  return (campaign.templates ?? [])
    .slice(0, CAMPAIGN_MESSAGE_SLOTS)
    .flatMap((template, index) => (template ? [index + 1] : []));
}

export const campaignsQuery = z.object({
  searchParam: z.string().max(200).optional().default(""),
  pageNumber: z.coerce.number().int().min(1).max(1_000_000).optional().default(1),
});

const ref = z.object({ id: z.number(), name: z.string() }).nullable();

/**
 * What the report page shows (spec 3 /campaign/{id}/report: delivered of valid total, progress,
 * cards). contacts: the audience (its size now before the start, at the start afterwards);
 * valid: those the campaign sends to (a list's items WhatsApp did not refuse: one row each);
 * delivered: accepted by the channel; failed: refused for good; confirmationRequested / confirmed:
 * with confirmation on, contacts who answered and got the confirmation message.
 */
export const campaignReportDto = z.object({
  contacts: z.number(),
  valid: z.number(),
  delivered: z.number(),
  failed: z.number(),
  confirmationRequested: z.number(),
  confirmed: z.number(),
});
export type CampaignReport = z.infer<typeof campaignReportDto>;

export const campaignDto = z.object({
  id: z.number(),
  name: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  confirmation: z.boolean(),
  scheduledAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  message1: z.string(),
  message2: z.string(),
  message3: z.string(),
  message4: z.string(),
  message5: z.string(),
  confirmationMessage1: z.string(),
  confirmationMessage2: z.string(),
  confirmationMessage3: z.string(),
  confirmationMessage4: z.string(),
  confirmationMessage5: z.string(),
  contactListId: z.number().nullable(),
  contactList: ref,
  tagListId: z.number().nullable(),
  tagList: ref,
  whatsappId: z.number().nullable(),
  whatsapp: z.object({ id: z.number(), name: z.string(), channel: z.string() }).nullable(),
  userId: z.number().nullable(),
  user: ref,
  queueId: z.number().nullable(),
  queue: ref,
  statusTicket: z.enum(CAMPAIGN_TICKET_STATUSES),
  openTicket: z.enum(CAMPAIGN_OPEN_TICKET),
  /** Cloud API: the template of each slot (index i = slot i+1), null for an empty slot; [] elsewhere. */
  templates: z.array(
    z
      .object({ name: z.string(), language: z.string(), variables: z.array(z.string()), body: z.string() })
      .nullable(),
  ),
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  companyId: z.number(),
  /** The server's reading of the editable rule at answer time (the dialog's read-only state). */
  editable: z.boolean(),
  report: campaignReportDto,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CampaignDto = z.infer<typeof campaignDto>;

export const campaignPageDto = z.object({
  records: z.array(campaignDto),
  count: z.number(),
  hasMore: z.boolean(),
});
export type CampaignPage = z.infer<typeof campaignPageDto>;

/** company-{id}-campaign (spec 3 "Live events": campaign): a campaign created, changed (its progress too), deleted. */
export type CampaignEventPayload =
  | { action: "create" | "update"; record: CampaignDto }
  | { action: "delete"; id: number };

/* ---------------------------------------------------------------- settings */

/** Spec 3 section 9: messageInterval in seconds (0: no break). */
export const CAMPAIGN_MESSAGE_INTERVALS = [0, 5, 10, 15, 20, 30, 40, 50, 60, 70, 80, 100, 120] as const;
/** Spec 3 section 9: longerIntervalAfter in messages (0: never). */
export const CAMPAIGN_LONGER_INTERVAL_AFTER = [0, 5, 10, 15, 20, 30, 40, 50, 60] as const;
/** Spec 3 section 9: greaterInterval in seconds, 0 or 20 to 180 in steps of 10 (17 options). */
export const CAMPAIGN_GREATER_INTERVALS = [0, ...Array.from({ length: 16 }, (_, i) => 20 + i * 10)] as const;

export const campaignVariableSchema = z.object({
  key: z
    .string({ error: CAMPAIGN_REQUIRED })
    .trim()
    .min(1, CAMPAIGN_REQUIRED)
    .max(50, "Too Long!")
    .regex(/^[^{}\s]+$/, "Invalid variable"),
  value: z.string().max(1000, "Too Long!"),
});
export type CampaignVariable = z.infer<typeof campaignVariableSchema>;

const oneOf = (values: readonly number[]) =>
  z.coerce.number({ error: "Invalid option" }).refine((v) => values.includes(v), "Invalid option");
const hour = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Invalid time");
const flag = z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]);

/** Every campaign setting with its spec default (spec 3 section 3; startHour/endHour: the 09:00/18:00 reading). */
export const campaignSettingsValuesSchema = z.object({
  messageInterval: oneOf(CAMPAIGN_MESSAGE_INTERVALS),
  longerIntervalAfter: oneOf(CAMPAIGN_LONGER_INTERVAL_AFTER),
  greaterInterval: oneOf(CAMPAIGN_GREATER_INTERVALS),
  variables: z.array(campaignVariableSchema).max(50),
  sabado: flag,
  domingo: flag,
  startHour: hour,
  endHour: hour,
});
export type CampaignSettings = z.infer<typeof campaignSettingsValuesSchema>;
export type CampaignSettingKey = keyof CampaignSettings;

export const CAMPAIGN_SETTINGS_DEFAULTS: CampaignSettings = {
  messageInterval: 20,
  longerIntervalAfter: 20,
  greaterInterval: 60,
  variables: [],
  sabado: false,
  domingo: false,
  startHour: "09:00",
  endHour: "18:00",
};

/** POST /campaign-settings: `{ settings }`, the keys given replace the stored ones. */
export const campaignSettingsBody = z.object({ settings: campaignSettingsValuesSchema.partial() });
export type CampaignSettingsInput = z.infer<typeof campaignSettingsBody>;

/** GET /campaign-settings: key/value pairs, each value JSON text (as the spec's clients JSON.parse it). */
export const campaignSettingDto = z.object({ key: z.string(), value: z.string() });
export type CampaignSettingDto = z.infer<typeof campaignSettingDto>;

/** The typed settings from GET /campaign-settings' list: defaults for keys missing or unreadable. */
export function parseCampaignSettings(list: readonly { key: string; value: string }[]): CampaignSettings {
  const out: Record<string, unknown> = { ...CAMPAIGN_SETTINGS_DEFAULTS };
  for (const { key, value } of list) {
    if (!(key in CAMPAIGN_SETTINGS_DEFAULTS)) continue;
    try {
      const parsed = campaignSettingsValuesSchema.shape[key as CampaignSettingKey].safeParse(
        JSON.parse(value),
      );
      if (parsed.success) out[key] = parsed.data;
    } catch {
      // unreadable: the default stays
    }
  }
  return out as CampaignSettings;
}

/**
 * The text a contact gets: {nome}, {numero}, {email} and the settings' custom variables ({key}).
 * Unknown names stay as written, so a typo shows instead of a silent blank.
 */
export function renderCampaignMessage(
  text: string,
  contact: { name: string; number: string; email: string },
  variables: readonly CampaignVariable[] = [],
): string {
  const values = new Map<string, string>([
    ["nome", contact.name],
    ["numero", contact.number],
    ["email", contact.email],
  ]);
  for (const v of variables) if (!values.has(v.key)) values.set(v.key, v.value);
  return text.replace(/\{([^{}\s]+)\}/g, (whole, name: string) => values.get(name) ?? whole);
}

export const campaignIdParam = z.object({ id: dbIdParam });
