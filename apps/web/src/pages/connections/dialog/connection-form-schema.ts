import {
  type Channel,
  type ConnectionDto,
  type ConnectionScheduleDay,
  type ConnectionUpdateInput,
  connectionBaseSchema,
  connectionFieldsOutsideDialog,
  connectionRuleIssues,
  connectionScheduleDay,
  defaultConnectionSchedules,
  WEEKDAY_NAMES_PT,
  WEEKDAYS_EN,
} from "@inbox/shared";
import { z } from "zod";
import type { ConnectionCreateBody } from "../../../api/connections";

const base = connectionBaseSchema.shape;
/** A message box: always a string in the form; empty is sent as null. */
const message = z.string().max(4096, "Too Long!");
/** Minutes and counters: a number input gives a string; empty means 0 (spec 2 section 5). */
const count = z.preprocess(
  (value) => (value === "" || value === null || value === undefined ? 0 : value),
  z.coerce.number().int("invalidNumber").min(0, "invalidNumber").max(1_000_000, "invalidNumber"),
);
/** Write-only secrets: the form starts them empty, and empty keeps the stored value. */
const secret = z.string().max(1024, "Too Long!");
/** A calendar day as a date input gives it ("YYYY-MM-DD"), or "" for none. */
const day = z
  .string()
  .refine(
    (value) => value === "" || (/^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value))),
    {
      message: "invalidDate",
    },
  );
/** A record of the company by id (queue, prompt, integration, flow), or null for none. */
const queueId = z.number().int().positive().nullable();

/** The dialog's settings: the company's userRating and whether its hours are per connection. */
export interface ConnectionFormSettings {
  userRating: boolean;
  /** scheduleType is "connection": the schedules tab shows and its days are saved. */
  schedulesByConnection: boolean;
}

/** A day as the API takes it: "" keeps a date empty. */
const toInstant = (value: string) => (value ? new Date(`${value}T00:00:00.000Z`) : null);

/**
 * The connection dialog: the shared schema (name 2-50 with the spec's
 * messages, account ids, HH:MM shifts) with every field present, and the
 * rules across fields of spec 2 section 5 from the shared
 * connectionRuleIssues, with the company's userRating.
 */
export function connectionFormSchema(settings: Pick<ConnectionFormSettings, "userRating">) {
  return connectionBaseSchema
    .omit(connectionFieldsOutsideDialog)
    .extend({
      channel: base.channel.unwrap(),
      isDefault: z.boolean(),
      allowGroup: z.boolean(),
      groupAsTicket: base.groupAsTicket.unwrap(),
      greetingMessage: message,
      complationMessage: message,
      outOfHoursMessage: message,
      ratingMessage: message,
      inactiveMessage: message,
      expiresInactiveMessage: message,
      maxUseBotQueues: count,
      timeUseBotQueues: count,
      timeSendQueue: count,
      sendIdQueue: queueId,
      expiresTicket: count,
      whenExpiresTicket: base.whenExpiresTicket.unwrap(),
      expiresTicketNPS: count,
      maxUseBotQueuesNPS: count,
      timeInactiveMessage: count,
      timeCreateNewTicket: count,
      queueIds: z.array(z.number().int().positive()),
      phoneNumberId: base.phoneNumberId.unwrap(),
      wabaId: base.wabaId.unwrap(),
      pageId: base.pageId.unwrap(),
      instagramId: base.instagramId.unwrap(),
      accessToken: secret,
      appSecret: secret,
      verifyToken: z.string().trim().max(256, "Too Long!"),
      /** Not a field of the API: the import switch; off sends no import dates. */
      importMessages: z.boolean(),
      importOldMessages: day,
      importRecentMessages: day,
      importOldMessagesGroups: z.boolean(),
      closedTicketsPostImported: z.boolean(),
      queueIdImportMessages: queueId,
      collectiveVacationStart: day,
      collectiveVacationEnd: day,
      collectiveVacationMessage: message,
      schedules: z.array(connectionScheduleDay),
      promptId: queueId,
      integrationId: queueId,
      flowIdWelcome: queueId,
      flowIdNotPhrase: queueId,
    })
    .superRefine((values, ctx) => {
      const importing = values.importMessages && values.channel === "whatsapp";
      if (importing) {
        if (!values.importOldMessages)
          ctx.addIssue({ code: "custom", message: "Required", path: ["importOldMessages"] });
        // The API's own check of the import start (between 2 years ago and now).
        else if (!base.importOldMessages.safeParse(values.importOldMessages).success)
          ctx.addIssue({ code: "custom", message: "importWindow", path: ["importOldMessages"] });
      }
      const issues = connectionRuleIssues(
        {
          ...values,
          importOldMessages: importing ? toInstant(values.importOldMessages) : null,
          importRecentMessages: importing ? toInstant(values.importRecentMessages) : null,
          collectiveVacationStart: toInstant(values.collectiveVacationStart),
          collectiveVacationEnd: toInstant(values.collectiveVacationEnd),
        },
        settings,
      );
      for (const issue of issues)
        ctx.addIssue({ code: "custom", message: issue.message, path: [issue.field] });
    });
}

type FormSchema = ReturnType<typeof connectionFormSchema>;
export type ConnectionFormInput = z.input<FormSchema>;
export type ConnectionFormValues = z.output<FormSchema>;
export type ConnectionFormField = keyof ConnectionFormInput;

export type CredentialField =
  | "phoneNumberId"
  | "wabaId"
  | "instagramId"
  | "pageId"
  | "accessToken"
  | "appSecret";

/** The Meta account fields each channel needs; a QR-code connection has none. */
export const CHANNEL_CREDENTIALS: Record<Channel, readonly CredentialField[]> = {
  whatsapp: [],
  whatsappapi: ["phoneNumberId", "wabaId", "accessToken", "appSecret"],
  facebook: ["pageId", "accessToken", "appSecret"],
  instagram: ["instagramId", "pageId", "accessToken", "appSecret"],
};

const ACCOUNT_FIELDS = ["phoneNumberId", "wabaId", "pageId", "instagramId"] as const;
const MESSAGE_FIELDS = [
  "greetingMessage",
  "complationMessage",
  "outOfHoursMessage",
  "ratingMessage",
  "inactiveMessage",
  "expiresInactiveMessage",
  "collectiveVacationMessage",
] as const;
const IMPORT_FIELDS = [
  "importOldMessages",
  "importRecentMessages",
  "importOldMessagesGroups",
  "closedTicketsPostImported",
  "queueIdImportMessages",
] as const;

export const FORM_TABS = [
  "general",
  "integrations",
  "messages",
  "chatbot",
  "assessments",
  "schedules",
  "vacation",
] as const;
export type FormTab = (typeof FORM_TABS)[number];

/** Where each field is edited; a field not listed is on the general tab. */
const TAB_OF_FIELD: Partial<Record<ConnectionFormField, FormTab>> = {
  greetingMessage: "messages",
  complationMessage: "messages",
  outOfHoursMessage: "messages",
  ratingMessage: "messages",
  inactiveMessage: "messages",
  maxUseBotQueues: "chatbot",
  timeUseBotQueues: "chatbot",
  timeSendQueue: "chatbot",
  sendIdQueue: "chatbot",
  expiresTicket: "chatbot",
  whenExpiresTicket: "chatbot",
  expiresInactiveMessage: "chatbot",
  timeInactiveMessage: "chatbot",
  timeCreateNewTicket: "chatbot",
  expiresTicketNPS: "assessments",
  maxUseBotQueuesNPS: "assessments",
  schedules: "schedules",
  collectiveVacationStart: "vacation",
  collectiveVacationEnd: "vacation",
  collectiveVacationMessage: "vacation",
  promptId: "integrations",
  integrationId: "integrations",
  flowIdWelcome: "integrations",
  flowIdNotPhrase: "integrations",
};

/** The tab of a field path ("schedules.2.endTimeA" is on the schedules tab). */
export function tabOfField(field: string): FormTab {
  const top = field.split(".")[0] as ConnectionFormField;
  return TAB_OF_FIELD[top] ?? "general";
}

/** The dialog's seven days: the stored ones by weekday, the spec's defaults for the rest. */
function formSchedules(stored: ConnectionDto["schedules"] | undefined): ConnectionScheduleDay[] {
  const byDay = new Map((stored ?? []).map((item) => [item.weekdayEn, item]));
  if (byDay.size === 0) return defaultConnectionSchedules();
  return WEEKDAYS_EN.map((weekdayEn) => {
    const item = byDay.get(weekdayEn);
    return {
      weekday: item?.weekday || WEEKDAY_NAMES_PT[weekdayEn],
      weekdayEn,
      // Older rows may hold one shift as startTime/endTime: shown as shift A.
      startTimeA: item?.startTimeA ?? item?.startTime ?? "",
      endTimeA: item?.endTimeA ?? item?.endTime ?? "",
      startTimeB: item?.startTimeB ?? "",
      endTimeB: item?.endTimeB ?? "",
    };
  });
}

/** An ISO instant as a date input shows it. */
const dayOf = (value: string | null | undefined) => (value ? value.slice(0, 10) : "");

/** The form's starting values. Secrets always start empty: the DTO only says whether they are set. */
export function toFormValues(channel: Channel, connection?: ConnectionDto): ConnectionFormInput {
  const text = (value: string | null | undefined) => value ?? "";
  return {
    name: text(connection?.name),
    channel,
    isDefault: connection?.isDefault ?? false,
    allowGroup: connection?.allowGroup ?? false,
    groupAsTicket: connection?.groupAsTicket === "enabled" ? "enabled" : "disabled",
    greetingMessage: text(connection?.greetingMessage),
    complationMessage: text(connection?.complationMessage),
    outOfHoursMessage: text(connection?.outOfHoursMessage),
    ratingMessage: text(connection?.ratingMessage),
    inactiveMessage: text(connection?.inactiveMessage),
    expiresInactiveMessage: text(connection?.expiresInactiveMessage),
    maxUseBotQueues: connection?.maxUseBotQueues ?? 3,
    timeUseBotQueues: connection?.timeUseBotQueues ?? 0,
    timeSendQueue: connection?.timeSendQueue ?? 0,
    sendIdQueue: connection?.sendIdQueue ?? null,
    expiresTicket: connection?.expiresTicket ?? 0,
    whenExpiresTicket: connection?.whenExpiresTicket === "1" ? "1" : "0",
    expiresTicketNPS: connection?.expiresTicketNPS ?? 0,
    maxUseBotQueuesNPS: connection?.maxUseBotQueuesNPS ?? 3,
    timeInactiveMessage: connection?.timeInactiveMessage ?? 0,
    timeCreateNewTicket: connection?.timeCreateNewTicket ?? 0,
    queueIds: connection?.queues.map((queue) => queue.id) ?? [],
    phoneNumberId: text(connection?.phoneNumberId),
    wabaId: text(connection?.wabaId),
    pageId: text(connection?.pageId),
    instagramId: text(connection?.instagramId),
    accessToken: "",
    appSecret: "",
    verifyToken: text(connection?.verifyToken),
    importMessages: Boolean(connection?.importOldMessages),
    importOldMessages: dayOf(connection?.importOldMessages),
    importRecentMessages: dayOf(connection?.importRecentMessages),
    importOldMessagesGroups: connection?.importOldMessagesGroups ?? false,
    closedTicketsPostImported: connection?.closedTicketsPostImported ?? false,
    queueIdImportMessages: connection?.queueIdImportMessages ?? null,
    collectiveVacationStart: dayOf(connection?.collectiveVacationStart),
    collectiveVacationEnd: dayOf(connection?.collectiveVacationEnd),
    collectiveVacationMessage: text(connection?.collectiveVacationMessage),
    schedules: formSchedules(connection?.schedules),
    promptId: connection?.promptId ?? null,
    integrationId: connection?.integrationId ?? null,
    flowIdWelcome: connection?.flowIdWelcome ?? null,
    flowIdNotPhrase: connection?.flowIdNotPhrase ?? null,
  };
}

/**
 * The body for POST/PUT /whatsapp: empty messages and days become null; only
 * the account fields of this channel are sent; an empty secret or verify
 * token is left out (the server keeps the stored one, or generates a verify
 * token); the import only for a QR-code connection; the schedules only when
 * the company's hours are per connection (otherwise they stay as stored).
 */
export function toRequestBody(
  values: ConnectionFormValues,
  settings: Pick<ConnectionFormSettings, "schedulesByConnection">,
): ConnectionUpdateInput {
  const { importMessages, ...fields } = values;
  const body: Record<string, unknown> = { ...fields };
  for (const field of MESSAGE_FIELDS) body[field] = values[field].trim() || null;
  const credentials = CHANNEL_CREDENTIALS[values.channel];
  for (const field of ACCOUNT_FIELDS) {
    if (!credentials.includes(field)) delete body[field];
  }
  for (const field of ["accessToken", "appSecret"] as const) {
    if (!credentials.includes(field) || !values[field]) delete body[field];
  }
  if (credentials.length === 0 || !values.verifyToken) delete body.verifyToken;
  if (values.channel !== "whatsapp") {
    for (const field of IMPORT_FIELDS) delete body[field];
  } else {
    body.importOldMessages = importMessages ? values.importOldMessages || null : null;
    body.importRecentMessages = importMessages ? values.importRecentMessages || null : null;
  }
  body.collectiveVacationStart = values.collectiveVacationStart || null;
  body.collectiveVacationEnd = values.collectiveVacationEnd || null;
  if (!settings.schedulesByConnection) delete body.schedules;
  return body as ConnectionUpdateInput;
}

export function toCreateBody(
  values: ConnectionFormValues,
  settings: Pick<ConnectionFormSettings, "schedulesByConnection">,
): ConnectionCreateBody {
  return { ...toRequestBody(values, settings), name: values.name, channel: values.channel };
}

/** The channel never changes on edit (the server refuses it), so PUT leaves it out. */
export function toUpdateBody(
  values: ConnectionFormValues,
  settings: Pick<ConnectionFormSettings, "schedulesByConnection">,
): ConnectionUpdateInput {
  const { channel: _channel, ...body } = toRequestBody(values, settings);
  return body;
}
