import { z } from "zod";
import {
  SCHEDULE_INTERVAL_VALUES,
  SCHEDULE_TIPO_DIAS_VALUES,
  type ScheduleIntervalo,
  type ScheduleTipoDias,
} from "../schedule-recurrence.js";
import { dbIdParam, MAX_DB_INT, noneAsNull } from "./common.js";
import { MESSAGE_BODY_MAX } from "./message.js";

/**
 * Scheduled messages (spec 3 sections 3, 4 and 7; spec 1 section 5: the
 * schedule made from a ticket). The server and the dialog share these
 * schemas, so both answer the spec's Portuguese messages.
 */

/**
 * pending: waiting for sendAt (the default); confirmed: kept for the
 * calendar's colours (the server never sets it); completed: sent;
 * canceled; error: the send failed (the spec's ERRO, shown as a send error).
 * Only pending schedules are sent.
 */
export const SCHEDULE_STATUSES = ["pending", "confirmed", "completed", "canceled", "error"] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];

export const SCHEDULE_REQUIRED_MESSAGE = "Obrigatório";
export const SCHEDULE_BODY_MIN = 5;
export const SCHEDULE_BODY_SHORT_MESSAGE = "Mensagem muito curta";
export const SCHEDULE_INVALID_DATE_MESSAGE = "Data inválida";

/** The attachment of a schedule: png, jpg or jpeg only (spec 1 section 5). */
export const SCHEDULE_MEDIA_EXTENSIONS = [".png", ".jpg", ".jpeg"] as const;
export const SCHEDULE_MEDIA_TYPES = ["image/png", "image/jpeg"] as const;
export const SCHEDULE_MEDIA_ACCEPT = "image/png,image/jpeg,.png,.jpg,.jpeg";
export const SCHEDULE_MEDIA_TYPE_MESSAGE = "Apenas arquivos png, jpg ou jpeg";

/** Whether a file name and MIME type are an accepted schedule attachment (both must agree). */
export function isScheduleMedia(filename: string, mimeType: string): boolean {
  const name = filename.toLowerCase();
  const type = mimeType.split(";")[0]?.trim().toLowerCase() ?? "";
  return (
    SCHEDULE_MEDIA_EXTENSIONS.some((ext) => name.endsWith(ext)) &&
    (SCHEDULE_MEDIA_TYPES as readonly string[]).includes(type)
  );
}

/** Default sendAt of a new schedule: now plus one hour (spec 1 section 5). */
export function defaultScheduleSendAt(now: Date = new Date()): Date {
  return new Date(now.getTime() + 60 * 60 * 1000);
}

const EARLIEST = Date.UTC(2000, 0, 1);
const LATEST = Date.UTC(10000, 0, 1);

export const scheduleBodyField = z
  .string({ error: SCHEDULE_REQUIRED_MESSAGE })
  .trim()
  .min(1, SCHEDULE_REQUIRED_MESSAGE)
  .min(SCHEDULE_BODY_MIN, SCHEDULE_BODY_SHORT_MESSAGE)
  .max(MESSAGE_BODY_MAX, "Too Long!");

/**
 * An instant: an ISO 8601 text (with its offset, as the dialog sends it) or
 * "YYYY-MM-DD HH:mm:ss" read as UTC. Years 2000 to 9999.
 */
export const scheduleSendAtField = z
  .string({ error: SCHEDULE_REQUIRED_MESSAGE })
  .trim()
  .min(1, SCHEDULE_REQUIRED_MESSAGE)
  .max(40, SCHEDULE_INVALID_DATE_MESSAGE)
  .transform((value, ctx) => {
    const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(value)
      ? `${value.replace(" ", "T")}Z`
      : value;
    const time = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(iso) ? Date.parse(iso) : Number.NaN;
    if (!Number.isFinite(time) || time < EARLIEST || time >= LATEST) {
      ctx.addIssue({ code: "custom", message: SCHEDULE_INVALID_DATE_MESSAGE });
      return z.NEVER;
    }
    return new Date(time);
  });

const requiredId = z
  .number({ error: SCHEDULE_REQUIRED_MESSAGE })
  .int(SCHEDULE_REQUIRED_MESSAGE)
  .positive(SCHEDULE_REQUIRED_MESSAGE)
  .max(MAX_DB_INT, SCHEDULE_REQUIRED_MESSAGE);
/** Absent, null, or `false` as spec clients send "none". */
const optionalId = noneAsNull(z.number().int().positive().max(MAX_DB_INT).nullable()).optional();

/**
 * sendAt as the API reads it: an ISO 8601 instant with its offset (as the
 * dialog sends it), or a wall-clock time without one ("YYYY-MM-DD HH:mm:ss",
 * the spec's format, or "YYYY-MM-DDTHH:mm") that the server reads in the
 * company's time zone (companies.timezone), never as UTC.
 */
export type ScheduleSendAt = { instant: Date } | { wallTime: string };
const NAIVE_TIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/;
export const scheduleSendAtApiField = z
  .string({ error: SCHEDULE_REQUIRED_MESSAGE })
  .trim()
  .min(1, SCHEDULE_REQUIRED_MESSAGE)
  .max(40, SCHEDULE_INVALID_DATE_MESSAGE)
  .transform((value, ctx): ScheduleSendAt => {
    if (NAIVE_TIME.test(value)) {
      const time = Date.parse(`${value.replace(" ", "T")}Z`);
      if (Number.isFinite(time) && time >= EARLIEST && time < LATEST) return { wallTime: value };
    } else {
      const time = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) ? Date.parse(value) : Number.NaN;
      if (Number.isFinite(time) && time >= EARLIEST && time < LATEST) return { instant: new Date(time) };
    }
    ctx.addIssue({ code: "custom", message: SCHEDULE_INVALID_DATE_MESSAGE });
    return z.NEVER;
  });

export const SCHEDULE_RECURRENCE_INVALID_MESSAGE = "Valor inválido";
/** valorIntervalo: 1 to 999 units; enviarQuantasVezes: 1 to 500 sends in all. */
export const SCHEDULE_INTERVAL_VALUE_MAX = 999;
export const SCHEDULE_SEND_TIMES_MAX = 500;

const choiceOf = <T extends number>(values: readonly T[]) =>
  z
    .number({ error: SCHEDULE_RECURRENCE_INVALID_MESSAGE })
    .refine((v): v is T => (values as readonly number[]).includes(v), SCHEDULE_RECURRENCE_INVALID_MESSAGE)
    .transform((v) => v as T);
const countField = (max: number) =>
  z
    .number({ error: SCHEDULE_RECURRENCE_INVALID_MESSAGE })
    .int(SCHEDULE_RECURRENCE_INVALID_MESSAGE)
    .min(1, SCHEDULE_RECURRENCE_INVALID_MESSAGE)
    .max(max, SCHEDULE_RECURRENCE_INVALID_MESSAGE);

/**
 * Recurrence (spec 3 section 5): intervalo 1 days, 2 weeks, 3 months,
 * 4 minutes (null or absent: sent once); valorIntervalo units between sends;
 * enviarQuantasVezes sends in all; tipoDias 4 send on Saturdays and Sundays
 * too, 5 one business day before, 6 one business day after. The rules:
 * schedule-recurrence.ts.
 */
export const scheduleRecurrenceFields = {
  intervalo: choiceOf<ScheduleIntervalo>(SCHEDULE_INTERVAL_VALUES).nullable().optional(),
  valorIntervalo: countField(SCHEDULE_INTERVAL_VALUE_MAX).nullable().optional(),
  enviarQuantasVezes: countField(SCHEDULE_SEND_TIMES_MAX).nullable().optional(),
  tipoDias: choiceOf<ScheduleTipoDias>(SCHEDULE_TIPO_DIAS_VALUES).optional(),
};

/** A repeating schedule names how often and how many times. */
export function recurrenceIssues(value: {
  intervalo?: number | null;
  valorIntervalo?: number | null;
  enviarQuantasVezes?: number | null;
}): { field: "valorIntervalo" | "enviarQuantasVezes"; message: string }[] {
  if (value.intervalo === undefined || value.intervalo === null) return [];
  const issues: { field: "valorIntervalo" | "enviarQuantasVezes"; message: string }[] = [];
  if (value.valorIntervalo === undefined || value.valorIntervalo === null)
    issues.push({ field: "valorIntervalo", message: SCHEDULE_REQUIRED_MESSAGE });
  if (value.enviarQuantasVezes === undefined || value.enviarQuantasVezes === null)
    issues.push({ field: "enviarQuantasVezes", message: SCHEDULE_REQUIRED_MESSAGE });
  return issues;
}

const scheduleFields = z.object({
  body: scheduleBodyField,
  contactId: requiredId,
  sendAt: scheduleSendAtApiField,
  /** The ticket it was made from (its connection is used when none is named). */
  ticketId: optionalId,
  whatsappId: optionalId,
  ...scheduleRecurrenceFields,
});

/** POST /schedules. The author is the signed-in user; the company comes from the token. */
export const scheduleCreateSchema = scheduleFields.superRefine((value, ctx) => {
  for (const issue of recurrenceIssues(value))
    ctx.addIssue({ code: "custom", path: [issue.field], message: issue.message });
});
export type ScheduleCreateInput = z.infer<typeof scheduleCreateSchema>;
export type ScheduleFormValues = z.input<typeof scheduleCreateSchema>;

/**
 * PUT /schedules/{id}: the fields given replace the stored ones (the server
 * checks the recurrence once merged with the stored one).
 */
export const scheduleUpdateSchema = scheduleFields.partial();
export type ScheduleUpdateInput = z.infer<typeof scheduleUpdateSchema>;

/**
 * GET /schedules: 40 a page by sendAt; searchParam matches the body or the
 * contact's name; from/to narrow to the calendar's visible range.
 */
export const scheduleListQuery = z
  .object({
    searchParam: z.string().max(200).optional().default(""),
    pageNumber: z.coerce.number().int().min(1).max(1_000_000).optional().default(1),
    contactId: dbIdParam.optional(),
    /** The calendar's visible range: sendAt from (inclusive) to (exclusive), ISO instants. */
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) < Date.parse(q.to), {
    path: ["to"],
    message: SCHEDULE_INVALID_DATE_MESSAGE,
  });
export type ScheduleListQuery = z.infer<typeof scheduleListQuery>;

export const scheduleDto = z.object({
  id: z.number(),
  companyId: z.number(),
  body: z.string(),
  sendAt: z.string(),
  sentAt: z.string().nullable(),
  status: z.enum(SCHEDULE_STATUSES),
  /** The error code of a failed send (status error). */
  sendError: z.string().nullable(),
  contactId: z.number(),
  contact: z.object({ id: z.number(), name: z.string() }),
  ticketId: z.number().nullable(),
  userId: z.number().nullable(),
  user: z.object({ id: z.number(), name: z.string() }).nullable(),
  whatsappId: z.number().nullable(),
  whatsapp: z.object({ id: z.number(), name: z.string() }).nullable(),
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  intervalo: z.number().nullable(),
  valorIntervalo: z.number().nullable(),
  enviarQuantasVezes: z.number().nullable(),
  tipoDias: z.number(),
  /** The id of the series' first schedule (null: sent once). */
  seriesId: z.number().nullable(),
  /** Which send of the series this is (1 to enviarQuantasVezes). */
  occurrence: z.number(),
  /** The series' nominal start and this send's step from it (the calendar projects the rest). */
  recurrenceStartAt: z.string().nullable(),
  recurrenceStep: z.number(),
  /** The company's time zone, in which the recurrence is counted. */
  timeZone: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ScheduleDto = z.infer<typeof scheduleDto>;

export const scheduleListDto = z.object({
  schedules: z.array(scheduleDto),
  count: z.number(),
  hasMore: z.boolean(),
});
export type ScheduleList = z.infer<typeof scheduleListDto>;

/** Payload of `company-{id}-schedule`: the schedule on create and update, its id on delete. */
export type ScheduleEventPayload =
  | { action: "create" | "update"; schedule: ScheduleDto }
  | { action: "delete"; scheduleId: number };
