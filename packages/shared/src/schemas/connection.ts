import { z } from "zod";
import { CHANNELS } from "../enums.js";
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
});

/** Rules across fields (spec 2 section 5: errorSendQueue). */
function crossChecks<T extends z.ZodType<{ timeSendQueue?: number; sendIdQueue?: number | null }>>(
  schema: T,
) {
  return schema.refine((v) => !v.timeSendQueue || Boolean(v.sendIdQueue), {
    message: "errorSendQueue",
    path: ["sendIdQueue"],
  });
}

export const connectionCreateSchema = crossChecks(connectionBaseSchema);
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
export const connectionUpdateSchema = crossChecks(
  z.object(updateShape) as unknown as z.ZodType<Partial<z.infer<typeof connectionBaseSchema>>>,
);
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
  updatedAt: z.string(),
});
export type ConnectionDto = z.infer<typeof connectionDto>;

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
