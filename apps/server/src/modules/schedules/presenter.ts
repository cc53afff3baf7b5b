import { SCHEDULE_STATUSES, type ScheduleDto, type ScheduleStatus } from "@inbox/shared";
import { fileUrl } from "../../storage/file-url.js";
import type { ScheduleWithRefs } from "./repo.js";

const statusOf = (value: string): ScheduleStatus =>
  (SCHEDULE_STATUSES as readonly string[]).includes(value) ? (value as ScheduleStatus) : "pending";

/** The only way a schedule leaves the server. The contact's number is not included (LGPD masking lives with contacts). */
export function presentSchedule(row: ScheduleWithRefs): ScheduleDto {
  return {
    id: row.id,
    companyId: row.companyId,
    body: row.body,
    sendAt: row.sendAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    status: statusOf(row.status),
    sendError: row.sendError,
    contactId: row.contactId,
    contact: { id: row.contactId, name: row.contactName },
    ticketId: row.ticketId,
    userId: row.userId,
    user: row.userId !== null && row.userName !== null ? { id: row.userId, name: row.userName } : null,
    whatsappId: row.whatsappId,
    whatsapp:
      row.whatsappId !== null && row.whatsappName !== null
        ? { id: row.whatsappId, name: row.whatsappName }
        : null,
    mediaPath: fileUrl(row.mediaPath),
    mediaName: row.mediaName,
    intervalo: row.intervalo,
    valorIntervalo: row.valorIntervalo,
    enviarQuantasVezes: row.enviarQuantasVezes,
    tipoDias: row.tipoDias,
    seriesId: row.seriesId,
    occurrence: row.occurrence,
    recurrenceStartAt: row.recurrenceStartAt?.toISOString() ?? null,
    recurrenceStep: row.recurrenceStep,
    timeZone: row.timeZone,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
