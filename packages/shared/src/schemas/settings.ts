import { z } from "zod";
import { PHONE_COUNTRIES } from "../phone.js";
import { isValidCnpj, isValidCpf } from "../tax-id.js";
import { checkShifts, SHIFT_INCOMPLETE, SHIFT_ORDER, SHIFTS, shiftTime } from "./business-hours.js";
import { WEEKDAYS_EN } from "./connection.js";

/**
 * Company settings (spec 2 sections 3, 5, 7 and 9; docs/SETTINGS.md). The
 * server and the settings page share these: which keys exist, which values
 * each accepts, who may change it, and the rules between a flag and its
 * message.
 */

export const settingDto = z.object({ key: z.string(), value: z.string().nullable() });
export type SettingDto = z.infer<typeof settingDto>;

export const settingKeyParam = z.object({ key: z.string().min(1).max(100) });

/** GET /companySettings/{id}: the company's attendance settings as one object, keyed by setting. */
export const companySettingsDto = z.record(z.string(), z.string().nullable());

/** GET /companySettingOne?column=requiredTag answers { requiredTag: "disabled" }. */
export const companySettingOneQuery = z.object({ column: z.string().min(1, "Required").max(100) });

export const ENABLED_DISABLED = ["enabled", "disabled"] as const;
/** Spec 2 section 9. */
export const SCHEDULE_TYPES = ["disabled", "queue", "company", "connection"] as const;
export type ScheduleType = (typeof SCHEDULE_TYPES)[number];
/** Spec 2 section 9: the chatbot speaks text only. */
export const CHATBOT_TYPES = ["text"] as const;
/** Spec 2 section 9: download limit choices in MB; default 64. */
export const DOWNLOAD_LIMITS = ["32", "64", "128", "256", "512", "1024", "2048"] as const;
export const DEFAULT_DOWNLOAD_LIMIT = "64";
/** Days of trial a company made by the public signup gets before its first due date (platform); default 7. */
export const TRIAL_DAYS = ["1", "3", "5", "7", "10", "14", "15", "21", "30", "45", "60", "90"] as const;
export const DEFAULT_TRIAL_DAYS = "7";

/** EMV BR Code limits of the merchant fields (tags 59 and 60). */
export const PIX_MERCHANT_NAME_MAX = 25;
export const PIX_MERCHANT_CITY_MAX = 15;

/** The longest message a setting holds (a WhatsApp text is at most 4096 characters). */
export const SETTING_MESSAGE_MAX = 4096;
export const SETTING_LINK_MAX = 2048;

/**
 * Where a key is stored: `company` is a column of the company's typed
 * settings row (company_settings); `keyValue` a row of the key/value table of
 * the company; `platform` a key/value row of company 1, the platform owner
 * (spec 2: whitelabel, signup and user creation are the platform's).
 */
export type SettingStore = "company" | "keyValue" | "platform";

export type SettingKind =
  | { type: "choice"; values: readonly string[] }
  | { type: "text"; max: number }
  | { type: "color" }
  | { type: "fileName" }
  /** A PIX key (DICT): CPF, CNPJ, e-mail, +55 phone or random key (EVP). */
  | { type: "pixKey" };

export interface SettingDefinition {
  kind: SettingKind;
  store: SettingStore;
  /** Who may change it: company admins, or super users only (spec 2 section 6). */
  access: "admin" | "super";
  /** The column of company_settings when it is not the key itself. */
  column?: string;
}

const flag = (access: "admin" | "super" = "admin", store: SettingStore = "company"): SettingDefinition => ({
  kind: { type: "choice", values: ENABLED_DISABLED },
  store,
  access,
});
const message = (max = SETTING_MESSAGE_MAX): SettingDefinition => ({
  kind: { type: "text", max },
  store: "company",
  access: "admin",
});

/** Every key of spec 2 section 3 "Setting", plus the platform's signup switch and trial length. */
export const SETTING_DEFINITIONS = {
  userCreation: flag("super", "platform"),
  downloadLimit: { kind: { type: "choice", values: DOWNLOAD_LIMITS }, store: "keyValue", access: "super" },
  userRating: flag(),
  scheduleType: { kind: { type: "choice", values: SCHEDULE_TYPES }, store: "company", access: "admin" },
  chatBotType: { kind: { type: "choice", values: CHATBOT_TYPES }, store: "company", access: "admin" },
  acceptCallWhatsapp: flag(),
  userRandom: flag(),
  sendGreetingMessageOneQueues: flag(),
  sendSignMessage: flag(),
  sendFarewellWaitingTicket: flag(),
  sendGreetingAccepted: flag(),
  sendQueuePosition: flag(),
  acceptAudioMessageContact: flag(),
  enableLGPD: flag(),
  requiredTag: flag(),
  lgpdDeleteMessage: flag(),
  lgpdHideNumber: flag(),
  lgpdConsent: flag(),
  lgpdMessage: message(),
  lgpdLink: message(SETTING_LINK_MAX),
  sendMsgTransfTicket: flag(),
  closeTicketOnTransfer: flag(),
  transferMessage: message(),
  greetingAcceptedMessage: message(),
  AcceptCallWhatsappMessage: { ...message(), column: "acceptCallWhatsappMessage" },
  sendQueuePositionMessage: message(),
  showNotificationPending: flag(),
  DirectTicketsToWallets: { ...flag(), column: "directTicketsToWallets" },
  /** ISO 3166-1 alpha-2 country of numbers typed without a country code (docs/PHONE-NUMBERS.md); default BR. */
  phoneDefaultCountry: {
    kind: { type: "choice", values: PHONE_COUNTRIES },
    store: "company",
    access: "admin",
  },
  allowSignup: flag("super", "platform"),
  trialDays: { kind: { type: "choice", values: TRIAL_DAYS }, store: "platform", access: "super" },
  primaryColorLight: { kind: { type: "color" }, store: "platform", access: "super" },
  primaryColorDark: { kind: { type: "color" }, store: "platform", access: "super" },
  appName: { kind: { type: "text", max: 50 }, store: "platform", access: "super" },
  appLogoLight: { kind: { type: "fileName" }, store: "platform", access: "super" },
  appLogoDark: { kind: { type: "fileName" }, store: "platform", access: "super" },
  appLogoFavicon: { kind: { type: "fileName" }, store: "platform", access: "super" },
  /** The embedded PIX provider's receiver (docs/PAYMENTS.md): the key, and the merchant name and city of the code. */
  pixKey: { kind: { type: "pixKey" }, store: "platform", access: "super" },
  pixMerchantName: { kind: { type: "text", max: PIX_MERCHANT_NAME_MAX }, store: "platform", access: "super" },
  pixMerchantCity: { kind: { type: "text", max: PIX_MERCHANT_CITY_MAX }, store: "platform", access: "super" },
} as const satisfies Record<string, SettingDefinition>;

export type SettingKey = keyof typeof SETTING_DEFINITIONS;

export function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(SETTING_DEFINITIONS, key);
}

export function settingDefinition(key: string): SettingDefinition | undefined {
  return isSettingKey(key) ? SETTING_DEFINITIONS[key] : undefined;
}

/** The company_settings column of a stored-on-company key (the spec spells two keys capitalised). */
export function settingColumn(key: SettingKey): string {
  const definition: SettingDefinition = SETTING_DEFINITIONS[key];
  return definition.column ?? key;
}

/** The spec's key for a company_settings column (`acceptCallWhatsappMessage` -> `AcceptCallWhatsappMessage`). */
export function settingKeyOfColumn(column: string): string {
  for (const [key, definition] of Object.entries(SETTING_DEFINITIONS) as [string, SettingDefinition][])
    if (definition.column === column) return key;
  return column;
}

/**
 * Keys anyone may read without signing in (GET /public-settings/{key}): what
 * the login and signup screens need before a session exists. Nothing else is
 * published.
 */
export const PUBLIC_SETTING_KEYS = [
  "allowSignup",
  "appName",
  "primaryColorLight",
  "primaryColorDark",
  "appLogoLight",
  "appLogoDark",
  "appLogoFavicon",
] as const satisfies readonly SettingKey[];

export function isPublicSettingKey(key: string): key is (typeof PUBLIC_SETTING_KEYS)[number] {
  return (PUBLIC_SETTING_KEYS as readonly string[]).includes(key);
}

/** GET /public-settings/{key}?token=: the token of the original clients is accepted and not needed. */
export const publicSettingQuery = z.object({ token: z.string().max(200).optional() });

/**
 * A key the PIX directory (DICT) can hold, written as the BR Code carries it:
 * a CPF or CNPJ in digits (check digits valid), an e-mail (at most 77
 * characters), a phone as +55 and digits, or a random key (EVP, a UUID).
 */
export function isValidPixKey(value: string): boolean {
  if (/^\d{11}$/.test(value)) return isValidCpf(value);
  if (/^\d{14}$/.test(value)) return isValidCnpj(value);
  if (/^\+55\d{10,11}$/.test(value)) return true;
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)) return true;
  return value.length <= 77 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}

const COLOR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;
/** A stored file's name (POST /settings-whitelabel/logo answers one): no path, no control characters. */
const isFileName = (value: string) =>
  value.length <= 255 &&
  value !== "." &&
  value !== ".." &&
  ![...value].some((c) => c === "/" || c === "\\" || c.charCodeAt(0) < 32);

export const SETTING_VALUE_MESSAGES = {
  choice: "Invalid value",
  tooLong: "Too Long!",
  color: "Invalid colour",
  fileName: "Invalid file name",
  pixKey: "Chave PIX inválida",
} as const;

/**
 * The value a key stores, or the reason it is refused. Numbers are accepted
 * for choices (a select may send 64 for "64"); text is trimmed; an empty
 * message is stored as null.
 */
export function parseSettingValue(
  key: SettingKey,
  raw: unknown,
): { ok: true; value: string | null } | { ok: false; message: string } {
  const { kind } = SETTING_DEFINITIONS[key] as SettingDefinition;
  const text = typeof raw === "number" && Number.isFinite(raw) ? String(raw) : raw;
  if (kind.type === "choice") {
    return typeof text === "string" && kind.values.includes(text)
      ? { ok: true, value: text }
      : { ok: false, message: `${SETTING_VALUE_MESSAGES.choice}: ${kind.values.join(", ")}` };
  }
  if (text !== null && text !== undefined && typeof text !== "string")
    return { ok: false, message: SETTING_VALUE_MESSAGES.choice };
  const value = (text ?? "").trim();
  if (value === "") return { ok: true, value: null };
  if (kind.type === "text")
    return value.length > kind.max
      ? { ok: false, message: SETTING_VALUE_MESSAGES.tooLong }
      : { ok: true, value };
  if (kind.type === "color")
    return COLOR.test(value) ? { ok: true, value } : { ok: false, message: SETTING_VALUE_MESSAGES.color };
  if (kind.type === "pixKey")
    return isValidPixKey(value) ? { ok: true, value } : { ok: false, message: SETTING_VALUE_MESSAGES.pixKey };
  return isFileName(value) ? { ok: true, value } : { ok: false, message: SETTING_VALUE_MESSAGES.fileName };
}

/** A setting's value as PUT /settings/{key} or PUT /companySettings sends it (string, number or null). */
const settingValue = z.union([z.string().max(SETTING_MESSAGE_MAX * 2), z.number(), z.null()]);

/** PUT /settings/{key}. */
export const settingUpdateSchema = z.object({ value: settingValue });
export type SettingUpdateInput = z.infer<typeof settingUpdateSchema>;

/** PUT /companySettings, as the Whaticket family sends it: { column, data }. */
export const companySettingUpdateSchema = z.object({
  column: z.string().min(1, "Required").max(100),
  data: settingValue,
});
export type CompanySettingUpdateInput = z.infer<typeof companySettingUpdateSchema>;

/**
 * Spec 2 section 5: a flag in this state needs its message. The server
 * refuses a change that would leave a rule broken (ERR_SETTING_MESSAGE_REQUIRED,
 * field = the message key), so the page saves the message first, then the flag.
 */
export const SETTING_MESSAGE_RULES = [
  { flag: "sendMsgTransfTicket", when: "enabled", message: "transferMessage" },
  { flag: "sendGreetingAccepted", when: "enabled", message: "greetingAcceptedMessage" },
  { flag: "sendQueuePosition", when: "enabled", message: "sendQueuePositionMessage" },
  { flag: "acceptCallWhatsapp", when: "disabled", message: "AcceptCallWhatsappMessage" },
] as const satisfies readonly { flag: SettingKey; when: string; message: SettingKey }[];
export type SettingMessageRule = (typeof SETTING_MESSAGE_RULES)[number];

/**
 * The rule a change of `changed` leaves broken in `values` (the settings as
 * they would be after it), if any. Only rules naming the changed key count:
 * an older broken pair does not block unrelated changes.
 */
export function brokenSettingRule(
  values: Readonly<Record<string, string | null | undefined>>,
  changed: string,
): SettingMessageRule | undefined {
  return SETTING_MESSAGE_RULES.find(
    (rule) =>
      (rule.flag === changed || rule.message === changed) &&
      values[rule.flag] === rule.when &&
      !values[rule.message]?.trim(),
  );
}

/** Payload of `company-{id}-settings`: one setting changed, or the company's business hours. */
export type SettingsEventPayload =
  | { action: "update"; setting: SettingDto }
  | { action: "update"; schedules: CompanyScheduleDayDto[] };

/* ---- Company business hours (settings panel, schedules tab) ---- */

export const COMPANY_SCHEDULE_MESSAGES = {
  shiftIncomplete: SHIFT_INCOMPLETE,
  shiftOrder: SHIFT_ORDER,
  duplicateDay: "A weekday appears twice",
} as const;

/** One weekday: shifts A and B (both times or neither; each ends after it starts, none crosses midnight). */
export const companyScheduleDay = z
  .object({
    weekday: z.string().trim().max(40).optional().default(""),
    weekdayEn: z.enum(WEEKDAYS_EN),
    startTimeA: shiftTime.optional().default(""),
    endTimeA: shiftTime.optional().default(""),
    startTimeB: shiftTime.optional().default(""),
    endTimeB: shiftTime.optional().default(""),
  })
  .superRefine((day, ctx) => checkShifts(day, ctx, SHIFTS));
export type CompanyScheduleDay = z.output<typeof companyScheduleDay>;

/** PUT /companies/{id}/schedules: the company's week, at most one entry per weekday. */
export const companySchedulesSchema = z.object({
  schedules: z
    .array(companyScheduleDay)
    .max(WEEKDAYS_EN.length)
    .superRefine((days, ctx) => {
      const seen = new Set<string>();
      days.forEach((day, index) => {
        if (seen.has(day.weekdayEn))
          ctx.addIssue({
            code: "custom",
            message: COMPANY_SCHEDULE_MESSAGES.duplicateDay,
            path: [index, "weekdayEn"],
          });
        seen.add(day.weekdayEn);
      });
    }),
});
export type CompanySchedulesInput = z.input<typeof companySchedulesSchema>;

export const companyScheduleDayDto = z.object({
  weekday: z.string(),
  weekdayEn: z.string(),
  startTimeA: z.string(),
  endTimeA: z.string(),
  startTimeB: z.string(),
  endTimeB: z.string(),
});
export type CompanyScheduleDayDto = z.infer<typeof companyScheduleDayDto>;

/** GET /companies/{id} (own company) and PUT /companies/{id}/schedules answer the company with its hours. */
export const companySchedulesDto = z.object({
  id: z.number(),
  name: z.string(),
  schedules: z.array(companyScheduleDayDto),
});
export type CompanySchedulesDto = z.infer<typeof companySchedulesDto>;

/**
 * Whitelabel (spec 2 sections 2, 3 and 9): the platform's colours, name and
 * images. Defaults apply while a key is empty.
 */
export const WHITELABEL_DEFAULTS = { primaryColorLight: "#111416", primaryColorDark: "#39ACE7" } as const;

/** POST /settings-whitelabel/logo `mode`: which image, and the setting that names it. */
export const WHITELABEL_LOGO_KEYS = {
  light: "appLogoLight",
  dark: "appLogoDark",
  favicon: "appLogoFavicon",
} as const satisfies Record<string, SettingKey>;
export type WhitelabelLogoMode = keyof typeof WHITELABEL_LOGO_KEYS;

/** Largest whitelabel image (logo or favicon). */
export const WHITELABEL_LOGO_MAX_BYTES = 2 * 1024 * 1024;

/** The stored logos live in the platform company's `logos` folder; a setting holds the file name only. */
export const whitelabelLogoPath = (fileName: string) =>
  `/public/company1/logos/${encodeURIComponent(fileName)}`;
