import type { ScheduleDto } from "@inbox/shared";
import { api, apiRequest } from "./client";

/** The schedule body the API takes (sendAt as an ISO instant). */
export interface ScheduleCreateBody {
  body: string;
  contactId: number;
  sendAt: string;
  ticketId?: number | null;
  whatsappId?: number | null;
}

/** Scheduled messages (spec 3 section 7, "Schedules"; made from the conversation in spec 1). */
export const schedulesApi = {
  create: (body: ScheduleCreateBody) => api.post<ScheduleDto>("/schedules", body),
  /** POST /schedules/{id}/media-upload: the attachment (png, jpg or jpeg) as multipart `file`. */
  uploadMedia: (id: number, file: File) => {
    const form = new FormData();
    form.append("file", file);
    return apiRequest<ScheduleDto>(`/schedules/${id}/media-upload`, { method: "POST", body: form });
  },
};
