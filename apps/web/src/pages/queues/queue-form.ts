import {
  type ChatbotOptionDto,
  type ChatbotOptionType,
  QUEUE_MESSAGES,
  type QueueDetailDto,
  queueCreateSchema,
  WEEKDAYS_EN,
} from "@inbox/shared";
import type { ChatbotOptionBody, QueueBody } from "../../api/queues";
import i18n from "../../i18n";
import type queuesPt from "../../i18n/locales/queues/pt";

/** One option in the editor; `key` identifies it in React lists, `id` an option the server has. */
export interface OptionDraft {
  key: string;
  id?: number;
  name: string;
  greetingMessage: string;
  queueType: ChatbotOptionType;
  closeTicket: boolean;
  optQueueId: number | null;
  optUserId: number | null;
  optFileId: number | null;
  optIntegrationId: number | null;
  options: OptionDraft[];
}

export interface ScheduleDraft {
  weekdayEn: (typeof WEEKDAYS_EN)[number];
  startTimeA: string;
  endTimeA: string;
  startTimeB: string;
  endTimeB: string;
}

export interface QueueDraft {
  name: string;
  color: string;
  greetingMessage: string;
  outOfHoursMessage: string;
  orderQueue: string;
  closeTicket: boolean;
  ativarRoteador: boolean;
  tempoRoteador: number;
  integrationId: number | null;
  fileListId: number | null;
  schedules: ScheduleDraft[];
  chatbots: OptionDraft[];
}

/** Messages by field path ("name", "chatbots.0.options.1.name", "schedules.2.startTimeA"). */
export type FieldErrors = Record<string, string>;

/** Where an option sits: its index at each level from the first. */
export type OptionPath = number[];

let nextKey = 0;
const newKey = () => `option-${++nextKey}`;

export function newOption(): OptionDraft {
  return {
    key: newKey(),
    name: "",
    greetingMessage: "",
    queueType: "text",
    closeTicket: false,
    optQueueId: null,
    optUserId: null,
    optFileId: null,
    optIntegrationId: null,
    options: [],
  };
}

function optionDraft(option: ChatbotOptionDto): OptionDraft {
  return {
    key: newKey(),
    id: option.id,
    name: option.name,
    greetingMessage: option.greetingMessage ?? "",
    queueType: option.queueType,
    closeTicket: option.closeTicket,
    optQueueId: option.optQueueId,
    optUserId: option.optUserId,
    optFileId: option.optFileId,
    optIntegrationId: option.optIntegrationId,
    options: option.options.map(optionDraft),
  };
}

/** Spec 2 section 9: every weekday, 08:00-12:00 and 13:00-18:00. */
export function defaultSchedules(): ScheduleDraft[] {
  return WEEKDAYS_EN.map((weekdayEn) => ({
    weekdayEn,
    startTimeA: "08:00",
    endTimeA: "12:00",
    startTimeB: "13:00",
    endTimeB: "18:00",
  }));
}

export function toDraft(queue?: QueueDetailDto): QueueDraft {
  if (!queue)
    return {
      name: "",
      color: "",
      greetingMessage: "",
      outOfHoursMessage: "",
      orderQueue: "",
      closeTicket: false,
      ativarRoteador: false,
      tempoRoteador: 0,
      integrationId: null,
      fileListId: null,
      schedules: defaultSchedules(),
      chatbots: [],
    };
  const stored = new Map(queue.schedules.map((day) => [day.weekdayEn, day]));
  return {
    name: queue.name,
    color: queue.color,
    greetingMessage: queue.greetingMessage ?? "",
    outOfHoursMessage: queue.outOfHoursMessage ?? "",
    orderQueue: queue.orderQueue === null ? "" : String(queue.orderQueue),
    closeTicket: queue.closeTicket,
    ativarRoteador: queue.ativarRoteador,
    tempoRoteador: queue.tempoRoteador,
    integrationId: queue.integrationId,
    fileListId: queue.fileListId,
    // A queue saved without hours gets the default ones to start from.
    schedules: queue.schedules.length
      ? defaultSchedules().map((day) => {
          const saved = stored.get(day.weekdayEn);
          return saved
            ? {
                weekdayEn: day.weekdayEn,
                startTimeA: saved.startTimeA,
                endTimeA: saved.endTimeA,
                startTimeB: saved.startTimeB,
                endTimeB: saved.endTimeB,
              }
            : day;
        })
      : defaultSchedules(),
    chatbots: queue.chatbots.map(optionDraft),
  };
}

function optionBody(option: OptionDraft): ChatbotOptionBody {
  return {
    ...(option.id === undefined ? {} : { id: option.id }),
    name: option.name.trim(),
    greetingMessage: option.greetingMessage,
    queueType: option.queueType,
    closeTicket: option.closeTicket,
    optQueueId: option.queueType === "queue" ? option.optQueueId : null,
    optUserId: option.queueType === "attendent" ? option.optUserId : null,
    optFileId: option.queueType === "file" ? option.optFileId : null,
    optIntegrationId: option.queueType === "integration" ? option.optIntegrationId : null,
    options: option.options.map(optionBody),
  };
}

/** The request body; `schedules` only when the schedule tab is shown (scheduleType "queue"). */
export function toBody(draft: QueueDraft, withSchedules: boolean): QueueBody {
  const order = draft.orderQueue.trim();
  return {
    name: draft.name.trim(),
    color: draft.color.trim(),
    greetingMessage: draft.greetingMessage,
    outOfHoursMessage: draft.outOfHoursMessage,
    orderQueue: order === "" ? null : Number(order),
    closeTicket: draft.closeTicket,
    ativarRoteador: draft.ativarRoteador,
    tempoRoteador: draft.tempoRoteador,
    integrationId: draft.integrationId,
    fileListId: draft.fileListId,
    ...(withSchedules
      ? {
          schedules: draft.schedules.map((day) => ({
            ...day,
            weekday: i18n.t(`queues.modal.schedule.days.${day.weekdayEn}`),
          })),
        }
      : {}),
    chatbots: draft.chatbots.map(optionBody),
  };
}

/**
 * The shared schema's checks (spec 2 section 5), plus the greeting rule it
 * cannot check alone: with more than one queue in the company (this one
 * included), a greeting message is required. The server checks all again.
 */
export function validate(body: QueueBody, queueCount: number): FieldErrors {
  const errors: FieldErrors = {};
  const parsed = queueCreateSchema.safeParse(body);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const path = issue.path.join(".");
      errors[path] ??= issue.message;
    }
  if (queueCount > 1 && !body.greetingMessage.trim())
    errors.greetingMessage ??= QUEUE_MESSAGES.greetingRequired;
  requireIntegrations(body.chatbots, [], errors);
  return errors;
}

/**
 * An `integration` option hands the contact to an integration, so it needs
 * one. The shared schema does not require it: options of that type saved
 * before integrations could be chosen have none, and the server keeps them.
 */
function requireIntegrations(options: ChatbotOptionBody[], parent: OptionPath, errors: FieldErrors) {
  options.forEach((option, index) => {
    const path = [...parent, index];
    if (option.queueType === "integration" && !option.optIntegrationId)
      errors[optionField(path, "optIntegrationId")] ??= "Required";
    requireIntegrations(option.options, path, errors);
  });
}

type ErrorKey = keyof typeof queuesPt.modal.errors;

/** The shared schema's and the server's messages, whatever field they are under. */
const MESSAGE_KEYS: Record<string, ErrorKey> = {
  [QUEUE_MESSAGES.botMessageRequired]: "botMessageRequired",
  [QUEUE_MESSAGES.greetingRequired]: "greetingRequired",
  [QUEUE_MESSAGES.tooDeep]: "tooDeep",
  [QUEUE_MESSAGES.tooMany]: "tooMany",
  "Invalid time": "invalidTime",
  "Unknown option": "unknownOption",
  "Unknown queue": "unknownTarget",
  "Unknown user": "unknownTarget",
  "Unknown file list": "unknownFileList",
  "Unknown integration": "unknownIntegration",
};

/** The shared schema's length messages ("Required", "Too Short!", "Too Long!"): one text per field says the range. */
const LENGTH_MESSAGES = new Set(["Required", "Too Short!", "Too Long!"]);

/**
 * The translation of a message under `field` (a path such as "name" or
 * "chatbots.0.options.1.optUserId"). Spec 2 section 5 gives no text of its
 * own for queues, so every message of the schema and the server has one;
 * only a text already translated (a refusal by error code) is not a key here.
 */
function errorKey(message: string, field: string | undefined): ErrorKey | undefined {
  const known = MESSAGE_KEYS[message];
  if (known) return known;
  const name = field?.split(".").at(-1);
  const inOption = field?.startsWith("chatbots.") ?? false;
  // A number or a choice out of range: the schema's own (English) texts name no field.
  if (name === "orderQueue" && !inOption) return "orderQueue";
  if (name === "tempoRoteador" && !inOption) return "tempoRoteador";
  if (name === "name" && LENGTH_MESSAGES.has(message)) return inOption ? "optionNameLength" : "nameLength";
  if (name === "color" && !inOption && LENGTH_MESSAGES.has(message)) return "colorLength";
  if (message === "Required")
    return name === "optUserId"
      ? "optUserRequired"
      : name === "optQueueId"
        ? "optQueueRequired"
        : name === "optFileId"
          ? "optFileRequired"
          : name === "optIntegrationId"
            ? "optIntegrationRequired"
            : "required";
  // The messages (greeting, out of hours, the bot's): at most 4096 characters.
  if (message === "Too Long!" || message.startsWith("Too big")) return "messageTooLong";
  return undefined;
}

/** The text shown under `field` for its error message. */
export function messageText(message: string | undefined, field?: string): string | undefined {
  if (!message) return undefined;
  const key = errorKey(message, field);
  return key ? i18n.t(`queues.modal.errors.${key}`) : message;
}

/** The error path of an option's field. */
export function optionField(path: OptionPath, field: string): string {
  return `chatbots.${path.join(".options.")}.${field}`;
}

/** The options with the one at `path` replaced by `change(option)`. */
export function updateOption(
  options: OptionDraft[],
  path: OptionPath,
  change: (option: OptionDraft) => OptionDraft,
): OptionDraft[] {
  const [index, ...rest] = path;
  return options.map((option, i) =>
    i !== index
      ? option
      : rest.length === 0
        ? change(option)
        : { ...option, options: updateOption(option.options, rest, change) },
  );
}

/** The options without the one at `path` (and its options). */
export function removeOption(options: OptionDraft[], path: OptionPath): OptionDraft[] {
  const [index, ...rest] = path;
  if (rest.length === 0) return options.filter((_, i) => i !== index);
  return options.map((option, i) =>
    i === index ? { ...option, options: removeOption(option.options, rest) } : option,
  );
}
