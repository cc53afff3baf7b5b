import { z } from "zod";
import { CHANNELS } from "../enums.js";
import { checkShifts, SHIFTS, shiftTime } from "./business-hours.js";
import { dbId, looseBoolean, noneAsNull } from "./common.js";

const optionalText = z.string().max(4096).nullable().optional();
const minutes = z.coerce.number().int().min(0).max(1_000_000);
/** Credentials are write-only: an empty string or absence keeps the stored value. */
const secret = z.string().max(1024).optional();
/** Tokens travel in HTTP headers: printable ASCII only (no provider issues anything else). */
const token = z
  .string()
  .trim()
  .max(1024)
  .regex(/^[\x21-\x7e]*$/, "Invalid token")
  .optional();
const accountId = z
  .string()
  .trim()
  .max(64)
  .regex(/^[0-9A-Za-z_-]*$/, "Invalid id")
  .optional();

/** An instant as the dialog sends it (ISO 8601 or "YYYY-MM-DD"); `false`, "" or null for none. */
const optionalInstant = noneAsNull(
  z
    .string()
    .trim()
    .max(40)
    .transform((value, ctx) => {
      const time = /^\d{4}-\d{2}-\d{2}/.test(value) ? Date.parse(value) : Number.NaN;
      if (!Number.isFinite(time)) {
        ctx.addIssue({ code: "custom", message: "Invalid date" });
        return z.NEVER;
      }
      return new Date(time);
    })
    .nullable(),
).optional();

export const WEEKDAYS_EN = [
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
  "sunday",
] as const;

/** The Portuguese weekday names the original dialog stores in `weekday`. */
export const WEEKDAY_NAMES_PT: Record<(typeof WEEKDAYS_EN)[number], string> = {
  monday: "Segunda-feira",
  tuesday: "Terça-feira",
  wednesday: "Quarta-feira",
  thursday: "Quinta-feira",
  friday: "Sexta-feira",
  saturday: "Sábado",
  sunday: "Domingo",
};

/**
 * One weekday of a connection's business hours (spec 2: seven weekdays,
 * shifts A and B, HH:MM). A shift is both times or neither ("" is none);
 * it ends after it starts (no shift crosses midnight).
 */
const scheduleDayFields = z.object({
  weekday: z.string().trim().max(40).optional(),
  weekdayEn: z.enum(WEEKDAYS_EN),
  startTime: shiftTime.optional(),
  endTime: shiftTime.optional(),
  startTimeA: shiftTime.optional(),
  endTimeA: shiftTime.optional(),
  startTimeB: shiftTime.optional(),
  endTimeB: shiftTime.optional(),
});
/** The same day as stored and answered (no rules: an answer never fails on older data). */
export const connectionScheduleDayDto = scheduleDayFields;
/** The older single shift (startTime, endTime) follows the same rules as A and B. */
export const connectionScheduleDay = scheduleDayFields.superRefine((day, ctx) =>
  checkShifts(day, ctx, [["startTime", "endTime"], ...SHIFTS]),
);
export type ConnectionScheduleDay = z.infer<typeof connectionScheduleDay>;

/** Spec 2 section 3: seven days, 08:00-12:00 and 13:00-18:00. */
export function defaultConnectionSchedules(): ConnectionScheduleDay[] {
  return WEEKDAYS_EN.map((weekdayEn) => ({
    weekday: WEEKDAY_NAMES_PT[weekdayEn],
    weekdayEn,
    startTimeA: "08:00",
    endTimeA: "12:00",
    startTimeB: "13:00",
    endTimeB: "18:00",
  }));
}

/** Spec 2 section 5: the import starts at most 2 years back and not in the future. */
export const IMPORT_FLOOR_DAYS = 730;
export const IMPORT_WINDOW_MESSAGE = "The import starts between 2 years ago and now";

/** The import start, checked where it is given (a stored one may age past the floor). */
const importStart = optionalInstant.refine(
  (value) =>
    !value ||
    (value.getTime() >= Date.now() - IMPORT_FLOOR_DAYS * 86_400_000 &&
      value.getTime() <= Date.now() + 60_000),
  IMPORT_WINDOW_MESSAGE,
);

/** The connection dialog (spec 2 sections 3 and 5). */
export const connectionBaseSchema = z.object({
  name: z.string({ error: "Required" }).trim().min(2, "Too Short!").max(50, "Too Long!"),
  channel: z.enum(CHANNELS).default("whatsapp"),
  isDefault: looseBoolean.default(false),
  allowGroup: looseBoolean.default(false),
  groupAsTicket: z.enum(["disabled", "enabled"]).default("disabled"),
  greetingMessage: optionalText,
  complationMessage: optionalText,
  outOfHoursMessage: optionalText,
  ratingMessage: optionalText,
  inactiveMessage: optionalText,
  maxUseBotQueues: minutes.default(3),
  timeUseBotQueues: minutes.default(0),
  timeSendQueue: z.preprocess((v) => (v === "" || v === null ? 0 : v), minutes).default(0),
  sendIdQueue: noneAsNull(dbId.nullable()).optional(),
  expiresTicket: minutes.default(0),
  whenExpiresTicket: z.enum(["0", "1"]).default("0"),
  expiresTicketNPS: minutes.default(0),
  maxUseBotQueuesNPS: minutes.default(3),
  expiresInactiveMessage: optionalText,
  timeInactiveMessage: minutes.default(0),
  timeCreateNewTicket: minutes.default(0),
  queueIds: z.array(dbId).max(500).default([]),
  phoneNumberId: accountId,
  wabaId: accountId,
  pageId: accountId,
  instagramId: accountId,
  accessToken: token,
  appSecret: secret,
  verifyToken: z.string().max(256).optional(),
  /** The messages-API token (spec 2: 30 random alphanumeric characters); generated on create when absent. */
  token: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{0,64}$/, "Invalid token")
    .optional(),
  provider: z.string().trim().min(1).max(20).optional(),
  schedules: z.array(connectionScheduleDay).max(14).optional(),
  /**
   * Message import (spec 2 sections 3, 5; modules/connections/message-import.ts on the server): runs
   * when the WhatsApp Web connection next pairs. statusImportMessages is the server's (the import's
   * state), not written through this schema.
   */
  importOldMessages: importStart,
  importRecentMessages: optionalInstant,
  importOldMessagesGroups: looseBoolean.optional(),
  closedTicketsPostImported: looseBoolean.optional(),
  queueIdImportMessages: noneAsNull(dbId.nullable()).optional(),
  collectiveVacationStart: optionalInstant,
  collectiveVacationEnd: optionalInstant,
  collectiveVacationMessage: optionalText,
  /**
   * The automation of a connection (spec 3): the AI prompt that answers its contacts, the
   * integration it hands conversations to, the flow a new contact's first message starts and the
   * one run when no phrase campaign matches. Each of the company (ERR_VALIDATION otherwise); null: none.
   */
  promptId: noneAsNull(dbId.nullable()).optional(),
  integrationId: noneAsNull(dbId.nullable()).optional(),
  flowIdWelcome: noneAsNull(dbId.nullable()).optional(),
  flowIdNotPhrase: noneAsNull(dbId.nullable()).optional(),
});

/** Fields the API keeps that this product's connection dialog does not edit (yet). */
export const connectionFieldsOutsideDialog = {
  token: true,
  provider: true,
} as const;

/** What the rules across fields read: a create body, or a stored connection merged with an update. */
export interface ConnectionRuleInput {
  timeSendQueue?: number | null;
  sendIdQueue?: number | null;
  ratingMessage?: string | null;
  expiresTicketNPS?: number | null;
  importOldMessages?: Date | null;
  importRecentMessages?: Date | null;
  queueIdImportMessages?: number | null;
  collectiveVacationStart?: Date | null;
  collectiveVacationEnd?: Date | null;
  collectiveVacationMessage?: string | null;
}

export interface ConnectionRuleIssue {
  field: keyof ConnectionRuleInput;
  message: string;
}

export const VACATION_START_REQUIRED = "A vacation message needs a start date";
export const VACATION_END_REQUIRED = "A vacation message needs an end date";
export const VACATION_ORDER = "The vacation ends on or after its start";
export const IMPORT_RECENT_ORDER = "The recent import starts at or after the import start";
export const IMPORT_QUEUE_REQUIRED = "A queue for the imported messages is required";

/**
 * Spec 2 section 5, the rules across fields, in one place for the dialog and
 * the server. `userRating`: the company's setting of that name is enabled
 * (then a rating message is required and the NPS expiry may not be 0).
 */
export function connectionRuleIssues(
  v: ConnectionRuleInput,
  options: { userRating?: boolean } = {},
): ConnectionRuleIssue[] {
  const issues: ConnectionRuleIssue[] = [];
  if (v.timeSendQueue && !v.sendIdQueue) issues.push({ field: "sendIdQueue", message: "errorSendQueue" });
  if (options.userRating) {
    if (!v.ratingMessage?.trim()) issues.push({ field: "ratingMessage", message: "errorRatingMessage" });
    if (!v.expiresTicketNPS) issues.push({ field: "expiresTicketNPS", message: "errorExpiresNPS" });
  }
  if (v.importOldMessages) {
    if (v.importRecentMessages && v.importRecentMessages < v.importOldMessages)
      issues.push({ field: "importRecentMessages", message: IMPORT_RECENT_ORDER });
    if (!v.queueIdImportMessages)
      issues.push({ field: "queueIdImportMessages", message: IMPORT_QUEUE_REQUIRED });
  }
  if (v.collectiveVacationMessage?.trim()) {
    if (!v.collectiveVacationStart)
      issues.push({ field: "collectiveVacationStart", message: VACATION_START_REQUIRED });
    if (!v.collectiveVacationEnd)
      issues.push({ field: "collectiveVacationEnd", message: VACATION_END_REQUIRED });
  }
  if (
    v.collectiveVacationStart &&
    v.collectiveVacationEnd &&
    v.collectiveVacationEnd < v.collectiveVacationStart
  )
    issues.push({ field: "collectiveVacationEnd", message: VACATION_ORDER });
  return issues;
}

/**
 * A create body carries the whole connection, so the rules apply to it
 * (all but the company's rating setting, which the server adds). An update
 * is partial: the server applies them to the stored connection merged with it.
 */
export const connectionCreateSchema = connectionBaseSchema.superRefine((value, ctx) => {
  for (const issue of connectionRuleIssues(value))
    ctx.addIssue({ code: "custom", message: issue.message, path: [issue.field] });
});
/**
 * Zod 4 applies a field's default even inside `.partial()`, which would reset
 * every omitted field on update; the update schema drops the defaults.
 */
const updateShape = Object.fromEntries(
  Object.entries(connectionBaseSchema.shape).map(([key, field]) => [
    key,
    (field instanceof z.ZodDefault ? (field.unwrap() as z.ZodType) : field).optional(),
  ]),
);
export const connectionUpdateSchema = z.object(updateShape) as unknown as z.ZodType<
  Partial<z.infer<typeof connectionBaseSchema>>
>;
export type ConnectionCreateInput = z.infer<typeof connectionBaseSchema>;
export type ConnectionUpdateInput = Partial<ConnectionCreateInput>;

/** What the browser sees: secrets only as "set" flags and a hint. */
export const connectionDto = z.object({
  id: z.number(),
  name: z.string(),
  channel: z.string(),
  status: z.string(),
  qrcode: z.string().nullable(),
  number: z.string().nullable(),
  isDefault: z.boolean(),
  allowGroup: z.boolean(),
  groupAsTicket: z.string(),
  greetingMessage: z.string().nullable(),
  complationMessage: z.string().nullable(),
  outOfHoursMessage: z.string().nullable(),
  ratingMessage: z.string().nullable(),
  inactiveMessage: z.string().nullable(),
  maxUseBotQueues: z.number(),
  timeUseBotQueues: z.number(),
  timeSendQueue: z.number(),
  sendIdQueue: z.number().nullable(),
  expiresTicket: z.number(),
  whenExpiresTicket: z.string(),
  expiresTicketNPS: z.number(),
  maxUseBotQueuesNPS: z.number(),
  expiresInactiveMessage: z.string().nullable(),
  timeInactiveMessage: z.number(),
  timeCreateNewTicket: z.number(),
  /** The greeting's file (its address), name and type, or null: POST/DELETE /whatsapp/{id}/media-upload. */
  greetingMediaAttachment: z.string().nullable(),
  greetingMediaName: z.string().nullable(),
  greetingMediaType: z.string().nullable(),
  queues: z.array(z.object({ id: z.number(), name: z.string(), color: z.string() })),
  phoneNumberId: z.string().nullable(),
  wabaId: z.string().nullable(),
  pageId: z.string().nullable(),
  instagramId: z.string().nullable(),
  verifyToken: z.string().nullable(),
  /** Where Meta must send this connection's webhooks. */
  webhookUrl: z.string().nullable(),
  accessTokenHint: z.string().nullable(),
  appSecretSet: z.boolean(),
  /** The messages-API token: managers only (null for the others). */
  token: z.string().nullable(),
  provider: z.string(),
  schedules: z.array(connectionScheduleDayDto),
  importOldMessages: z.string().nullable(),
  importRecentMessages: z.string().nullable(),
  importOldMessagesGroups: z.boolean(),
  closedTicketsPostImported: z.boolean(),
  queueIdImportMessages: z.number().nullable(),
  statusImportMessages: z.string().nullable(),
  collectiveVacationStart: z.string().nullable(),
  collectiveVacationEnd: z.string().nullable(),
  collectiveVacationMessage: z.string().nullable(),
  promptId: z.number().nullable(),
  integrationId: z.number().nullable(),
  flowIdWelcome: z.number().nullable(),
  flowIdNotPhrase: z.number().nullable(),
  updatedAt: z.string(),
});
export type ConnectionDto = z.infer<typeof connectionDto>;

/**
 * GET /whatsapp/all (super only, spec 2 section 7): a connection of any company, with its company,
 * answered without anything that acts on it (token, QR code, verify token, webhook, token hint).
 */
export const platformConnectionDto = connectionDto.extend({
  companyId: z.number(),
  companyName: z.string(),
});
export type PlatformConnectionDto = z.infer<typeof platformConnectionDto>;

/** POST /facebook (spec 2 section 7): the result of Facebook Login in the browser. */
export const facebookPagesSchema = z.object({
  facebookUserId: z.string().trim().min(1, "Required").max(64).regex(/^\d+$/, "Invalid id"),
  facebookUserToken: z
    .string()
    .trim()
    .min(1, "Required")
    .max(2048)
    .regex(/^[\x21-\x7e]+$/, "Invalid token"),
  addInstagram: z.boolean().optional().default(false),
});
export type FacebookPagesInput = z.input<typeof facebookPagesSchema>;

/** What POST /facebook answers: the connections it created or updated (secrets as in every connection). */
export const facebookPagesResultDto = z.object({
  connections: z.array(connectionDto),
  created: z.number(),
  updated: z.number(),
});
export type FacebookPagesResult = z.infer<typeof facebookPagesResultDto>;
