import { z } from "zod";
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

/** POST /schedules. The author is the signed-in user; the company comes from the token. */
export const scheduleCreateSchema = z.object({
  body: scheduleBodyField,
  contactId: requiredId,
  sendAt: scheduleSendAtField,
  /** The ticket it was made from (its connection is used when none is named). */
  ticketId: optionalId,
  whatsappId: optionalId,
});
export type ScheduleCreateInput = z.infer<typeof scheduleCreateSchema>;
export type ScheduleFormValues = z.input<typeof scheduleCreateSchema>;

/** PUT /schedules/{id}: the fields given replace the stored ones. */
export const scheduleUpdateSchema = scheduleCreateSchema.partial();
export type ScheduleUpdateInput = z.infer<typeof scheduleUpdateSchema>;

/** GET /schedules: 40 a page by sendAt; searchParam matches the body or the contact's name. */
export const scheduleListQuery = z.object({
  searchParam: z.string().max(200).optional().default(""),
  pageNumber: z.coerce.number().int().min(1).max(1_000_000).optional().default(1),
  contactId: dbIdParam.optional(),
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
