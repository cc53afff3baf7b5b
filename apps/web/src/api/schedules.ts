import type { ScheduleDto, ScheduleList } from "@inbox/shared";
import { api, apiRequest } from "./client";

/** The schedule body the API takes (sendAt as an ISO instant); the recurrence only when it repeats. */
export interface ScheduleCreateBody {
  body: string;
  contactId: number;
  sendAt: string;
  ticketId?: number | null;
  whatsappId?: number | null;
  intervalo?: number | null;
  valorIntervalo?: number | null;
  enviarQuantasVezes?: number | null;
  tipoDias?: number;
}

export interface ScheduleListParams {
  pageNumber: number;
  searchParam?: string;
  contactId?: number;
  /** The calendar's visible range (ISO instants): sendAt in [from, to). */
  from?: string;
  to?: string;
}

/** Scheduled messages (spec 3 section 7, "Schedules"; made from the conversation in spec 1). */
export const schedulesApi = {
  list: (params: ScheduleListParams, signal?: AbortSignal) =>
    api.get<ScheduleList>("/schedules", { ...params }, signal),
  create: (body: ScheduleCreateBody) => api.post<ScheduleDto>("/schedules", body),
  update: (id: number, body: Partial<ScheduleCreateBody>) => api.put<ScheduleDto>(`/schedules/${id}`, body),
  remove: (id: number) => api.delete<{ message: string }>(`/schedules/${id}`),
  /** POST /schedules/{id}/media-upload: the attachment (png, jpg or jpeg) as multipart `file`. */
  uploadMedia: (id: number, file: File) => {
    const form = new FormData();
    form.append("file", file);
    return apiRequest<ScheduleDto>(`/schedules/${id}/media-upload`, { method: "POST", body: form });
  },
};
