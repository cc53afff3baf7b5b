import { z } from "zod";
import { shiftTime } from "./business-hours.js";
import { dbId, looseBoolean, noneAsNull } from "./common.js";
import { WEEKDAYS_EN } from "./connection.js";

/** Queues and their chatbot options (spec 2 sections 3, 5, 7 and 9). */

/** Minutes between the rotator's turns (spec 2 section 9); 0 is the default. */
export const QUEUE_ROTATOR_MINUTES = [0, 2, 5, 10, 15, 30, 45, 60] as const;

/** What choosing a chatbot option does (spec 2 section 9). */
export const CHATBOT_OPTION_TYPES = ["text", "attendent", "queue", "integration", "file"] as const;
export type ChatbotOptionType = (typeof CHATBOT_OPTION_TYPES)[number];

/**
 * Deepest menu level the API accepts, and most options in one tree. Each
 * level is a message round trip with the contact; 8 is far more than a menu needs.
 */
export const CHATBOT_MAX_DEPTH = 8;
export const CHATBOT_MAX_OPTIONS = 500;

/**
 * Validation messages of spec 2 section 5 that are not the spec's literal
 * texts ('Required', 'Too Short!', 'Too Long!'): the web app translates them.
 */
export const QUEUE_MESSAGES = {
  botMessageRequired: "A bot message is required to go to the next level",
  greetingRequired: "A greeting message is required when the company has more than one queue",
  tooDeep: `At most ${CHATBOT_MAX_DEPTH} levels of options`,
  tooMany: `At most ${CHATBOT_MAX_OPTIONS} options`,
} as const;

/**
 * One weekday of a queue's business hours (spec 2: seven weekdays, shifts A and B, HH:MM).
 * Unlike the company's and the connections' hours, the shift rules are not applied: a queue
 * has always accepted a shift with one time (closed in that shift) or one running past midnight.
 */
export const queueScheduleDay = z.object({
  weekday: z.string().trim().max(40).optional().default(""),
  weekdayEn: z.enum(WEEKDAYS_EN),
  startTimeA: shiftTime.optional().default(""),
  endTimeA: shiftTime.optional().default(""),
  startTimeB: shiftTime.optional().default(""),
  endTimeB: shiftTime.optional().default(""),
});
export type QueueScheduleDayInput = z.infer<typeof queueScheduleDay>;

const optionalText = z.string().max(4096, "Too Long!").nullable().optional();

/** The fields of one chatbot option, without its children. */
const chatbotOptionFields = {
  name: z.string({ error: "Required" }).trim().min(1, "Required").min(4, "Too Short!").max(100, "Too Long!"),
  /** The bot's message when the option is chosen; required when the option has child options. */
  greetingMessage: optionalText,
  queueType: z.enum(CHATBOT_OPTION_TYPES).optional().default("text"),
  closeTicket: looseBoolean.optional().default(false),
  /** The queue a `queue` option moves the ticket to. */
  optQueueId: noneAsNull(dbId.nullable()).optional().default(null),
  /** The user an `attendent` option hands the ticket to. */
  optUserId: noneAsNull(dbId.nullable()).optional().default(null),
  /** The integration an `integration` option hands the conversation to. */
  optIntegrationId: noneAsNull(dbId.nullable()).optional().default(null),
  /** The file list a `file` option sends (GET /files/list). */
  optFileId: noneAsNull(dbId.nullable()).optional().default(null),
};

export interface ChatbotOptionInput {
  id?: number;
  name: string;
  greetingMessage?: string | null;
  queueType: ChatbotOptionType;
  closeTicket: boolean;
  optQueueId: number | null;
  optUserId: number | null;
  optIntegrationId: number | null;
  optFileId: number | null;
  options: ChatbotOptionInput[];
}

/** Checks one option against the rules that span fields (spec 2 section 5). */
function optionChecks(option: ChatbotOptionInput, ctx: z.RefinementCtx) {
  if (option.options.length > 0 && !option.greetingMessage?.trim())
    ctx.addIssue({ code: "custom", message: QUEUE_MESSAGES.botMessageRequired, path: ["greetingMessage"] });
  if (option.queueType === "attendent" && !option.optUserId)
    ctx.addIssue({ code: "custom", message: "Required", path: ["optUserId"] });
  if (option.queueType === "queue" && !option.optQueueId)
    ctx.addIssue({ code: "custom", message: "Required", path: ["optQueueId"] });
  if (option.queueType === "file" && !option.optFileId)
    ctx.addIssue({ code: "custom", message: "Required", path: ["optFileId"] });
}

/**
 * The option schema of one level, with the levels below it written out
 * rather than recursive: a body nested deeper than `CHATBOT_MAX_DEPTH` is
 * refused at the last level without being walked, and the JSON Schema (OpenAPI,
 * the tenant sweep, the fuzz) shows every level's fields.
 */
function optionAtLevel(level: number): z.ZodType<ChatbotOptionInput, unknown> {
  const children =
    level < CHATBOT_MAX_DEPTH
      ? z.array(optionAtLevel(level + 1))
      : z.array(z.unknown()).max(0, QUEUE_MESSAGES.tooDeep);
  return z
    .object({
      /** An existing option of this tree (a PUT keeps and updates it); absent for a new option. */
      id: dbId.optional(),
      ...chatbotOptionFields,
      options: children.optional().default([]),
    })
    .superRefine((option, ctx) => optionChecks(option as ChatbotOptionInput, ctx)) as unknown as z.ZodType<
    ChatbotOptionInput,
    unknown
  >;
}

function countOptions(options: ChatbotOptionInput[]): number {
  return options.reduce((sum, option) => sum + 1 + countOptions(option.options), 0);
}

/** Options from `level` down (1 is a queue's first level), at most `CHATBOT_MAX_OPTIONS` in all. */
function treeFrom(level: number) {
  return z
    .array(optionAtLevel(level))
    .refine((options) => countOptions(options) <= CHATBOT_MAX_OPTIONS, QUEUE_MESSAGES.tooMany);
}

/** A queue's option tree (its first level and every level below). */
export const chatbotTree = treeFrom(1);

/** POST /queue, and PUT /queue/{id} with every field optional (spec 2 sections 3 and 5). */
const queueShape = {
  name: z.string({ error: "Required" }).trim().min(1, "Required").min(2, "Too Short!").max(50, "Too Long!"),
  color: z.string({ error: "Required" }).trim().min(1, "Required").min(3, "Too Short!").max(9, "Too Long!"),
  /** Required when the company has more than one queue: checked by the server, which knows the count. */
  greetingMessage: optionalText,
  outOfHoursMessage: optionalText,
  orderQueue: z
    .preprocess((v) => (v === "" ? null : v), z.coerce.number().int().min(0).max(1_000_000).nullable())
    .optional(),
  closeTicket: looseBoolean.optional(),
  ativarRoteador: looseBoolean.optional(),
  tempoRoteador: z.coerce
    .number()
    .refine((v) => (QUEUE_ROTATOR_MINUTES as readonly number[]).includes(v), "Invalid rotator time")
    .optional(),
  /** The integration the bot hands a contact to when it brings them into the queue; null for none. */
  integrationId: noneAsNull(dbId.nullable()).optional(),
  /** The file list the bot sends when it brings a contact into the queue; null for none. */
  fileListId: noneAsNull(dbId.nullable()).optional(),
  /** Business hours, used when the company's scheduleType is queue; absent keeps the stored ones. */
  schedules: z.array(queueScheduleDay).max(7).optional(),
  /** The option tree; absent keeps the stored one, present replaces it (ids keep existing options). */
  chatbots: chatbotTree.optional(),
};

export const queueCreateSchema = z.object(queueShape);
export const queueUpdateSchema = z.object({
  ...queueShape,
  name: queueShape.name.optional(),
  color: queueShape.color.optional(),
});
export type QueueCreateInput = z.infer<typeof queueCreateSchema>;
export type QueueUpdateInput = z.infer<typeof queueUpdateSchema>;

/**
 * POST /chatbot: one option with its nested options, under a queue (first
 * level) or a parent option. Exactly one of queueId and chatbotId.
 */
export const chatbotCreateSchema = z
  .object({
    ...chatbotOptionFields,
    queueId: noneAsNull(dbId.nullable()).optional().default(null),
    chatbotId: noneAsNull(dbId.nullable()).optional().default(null),
    options: treeFrom(2).optional().default([]),
  })
  .superRefine((option, ctx) => {
    if (Boolean(option.queueId) === Boolean(option.chatbotId))
      ctx.addIssue({ code: "custom", message: "Give either queueId or chatbotId", path: ["queueId"] });
    optionChecks(option as ChatbotOptionInput, ctx);
  });
export type ChatbotCreateInput = z.infer<typeof chatbotCreateSchema>;

/** PUT /chatbot/{id}: the option's fields; `options`, when present, replaces its children (ids keep them). */
export const chatbotUpdateSchema = z
  .object({
    ...chatbotOptionFields,
    options: treeFrom(2).optional(),
  })
  .superRefine((option, ctx) => {
    optionChecks({ ...option, options: option.options ?? [] } as ChatbotOptionInput, ctx);
  });
export type ChatbotUpdateInput = z.infer<typeof chatbotUpdateSchema>;

export const queueScheduleDayDto = z.object({
  weekday: z.string(),
  weekdayEn: z.string(),
  startTimeA: z.string(),
  endTimeA: z.string(),
  startTimeB: z.string(),
  endTimeB: z.string(),
});

/** A queue as lists and pickers see it (GET /queue). */
export const queueDto = z.object({
  id: z.number(),
  name: z.string(),
  color: z.string(),
  greetingMessage: z.string().nullable(),
  outOfHoursMessage: z.string().nullable(),
  orderQueue: z.number().nullable(),
  closeTicket: z.boolean(),
  ativarRoteador: z.boolean(),
  tempoRoteador: z.number(),
  integrationId: z.number().nullable(),
  fileListId: z.number().nullable(),
  schedules: z.array(queueScheduleDayDto),
});
export type QueueDto = z.infer<typeof queueDto>;

export interface ChatbotOptionDto {
  id: number;
  /** The queue of a first-level option; null below. */
  queueId: number | null;
  /** The parent option; null at the first level. */
  chatbotId: number | null;
  name: string;
  greetingMessage: string | null;
  queueType: ChatbotOptionType;
  closeTicket: boolean;
  optQueueId: number | null;
  optUserId: number | null;
  optIntegrationId: number | null;
  optFileId: number | null;
  /** Child options, ordered by id. */
  options: ChatbotOptionDto[];
}

/**
 * One option with the levels below it written out, as the input schema is:
 * fastify's OpenAPI transform takes no recursive schema without a registry.
 * Below the deepest level the API writes, options pass as they are.
 */
function optionDtoAtLevel(level: number): z.ZodType<ChatbotOptionDto> {
  return z.object({
    id: z.number(),
    queueId: z.number().nullable(),
    chatbotId: z.number().nullable(),
    name: z.string(),
    greetingMessage: z.string().nullable(),
    queueType: z.enum(CHATBOT_OPTION_TYPES),
    closeTicket: z.boolean(),
    optQueueId: z.number().nullable(),
    optUserId: z.number().nullable(),
    optIntegrationId: z.number().nullable(),
    optFileId: z.number().nullable(),
    options: level < CHATBOT_MAX_DEPTH ? z.array(optionDtoAtLevel(level + 1)) : z.array(z.any()),
  }) as z.ZodType<ChatbotOptionDto>;
}

export const chatbotOptionDto = optionDtoAtLevel(1);

/** GET /queue/{id}: the queue with its schedules and its whole option tree. */
export const queueDetailDto = queueDto.extend({ chatbots: z.array(chatbotOptionDto) });
export type QueueDetailDto = z.infer<typeof queueDetailDto>;

/** Payload of `company-{id}-queue`: the queue on create and update, its id on delete. */
export type QueueEventPayload =
  | { action: "create" | "update"; queue: QueueDto }
  | { action: "delete"; queueId: number };
