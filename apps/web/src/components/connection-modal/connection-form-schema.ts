import {
  type Channel,
  type ConnectionDto,
  type ConnectionUpdateInput,
  connectionBaseSchema,
  connectionFieldsOutsideDialog,
} from "@inbox/shared";
import { z } from "zod";
import type { ConnectionCreateBody } from "../../api/connections";

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

/**
 * The connection dialog: the shared schema (name 2-50 with the spec's
 * messages, account id format) with every field present, plus the
 * errorSendQueue rule of the shared create/update schemas.
 */
export const connectionFormSchema = connectionBaseSchema
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
    sendIdQueue: z.number().int().positive().nullable(),
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
  })
  .refine((values) => !values.timeSendQueue || values.sendIdQueue !== null, {
    message: "errorSendQueue",
    path: ["sendIdQueue"],
  });

export type ConnectionFormInput = z.input<typeof connectionFormSchema>;
export type ConnectionFormValues = z.output<typeof connectionFormSchema>;
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
] as const;

/** The fields of the second ('Chatbot') tab; everything else is on the general tab. */
export const CHATBOT_TAB_FIELDS: readonly ConnectionFormField[] = [
  "maxUseBotQueues",
  "timeUseBotQueues",
  "timeSendQueue",
  "sendIdQueue",
  "expiresTicket",
  "whenExpiresTicket",
  "expiresInactiveMessage",
  "timeInactiveMessage",
  "expiresTicketNPS",
  "maxUseBotQueuesNPS",
  "timeCreateNewTicket",
];

export function tabOfField(field: string): "general" | "chatbot" {
  return (CHATBOT_TAB_FIELDS as readonly string[]).includes(field) ? "chatbot" : "general";
}

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
  };
}

/**
 * The body for POST/PUT /whatsapp: empty messages become null; only the
 * account fields of this channel are sent; an empty secret or verify token
 * is left out (the server keeps the stored one, or generates a verify token).
 */
export function toRequestBody(values: ConnectionFormValues): ConnectionUpdateInput {
  const body: Record<string, unknown> = { ...values };
  for (const field of MESSAGE_FIELDS) body[field] = values[field].trim() || null;
  const credentials = CHANNEL_CREDENTIALS[values.channel];
  for (const field of ACCOUNT_FIELDS) {
    if (!credentials.includes(field)) delete body[field];
  }
  for (const field of ["accessToken", "appSecret"] as const) {
    if (!credentials.includes(field) || !values[field]) delete body[field];
  }
  if (credentials.length === 0 || !values.verifyToken) delete body.verifyToken;
  return body as ConnectionUpdateInput;
}

export function toCreateBody(values: ConnectionFormValues): ConnectionCreateBody {
  return { ...toRequestBody(values), name: values.name, channel: values.channel };
}

/** The channel never changes on edit (the server refuses it), so PUT leaves it out. */
export function toUpdateBody(values: ConnectionFormValues): ConnectionUpdateInput {
  const { channel: _channel, ...body } = toRequestBody(values);
  return body;
}
