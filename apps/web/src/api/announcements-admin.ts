import type { AnnouncementCreateInput, AnnouncementDto, AnnouncementEventPayload } from "@inbox/shared";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { useRealtimeInvalidation } from "../realtime/use-realtime-invalidation";
import { announcementKeys, announcementsApi } from "./announcements";
import { api, apiRequest } from "./client";

/** The /announcements page (super users): its pages, kept apart from the popover's cached pages. */
export const announcementAdminKeys = {
  all: ["announcements", "admin"] as const,
  list: (searchParam: string) => ["announcements", "admin", searchParam] as const,
};

export type AnnouncementBody = AnnouncementCreateInput;

export const announcementsAdminApi = {
  create: (body: AnnouncementBody) => api.post<AnnouncementDto>("/announcements", body),
  update: (id: number, body: AnnouncementBody) => api.put<AnnouncementDto>(`/announcements/${id}`, body),
  remove: (id: number) => api.delete<{ message: string }>(`/announcements/${id}`),
  uploadMedia: (id: number, file: File) => {
    const form = new FormData();
    form.append("typeArch", "announcements");
    form.append("file", file);
    return apiRequest<AnnouncementDto>(`/announcements/${id}/media-upload`, { method: "POST", body: form });
  },
  removeMedia: (id: number) => api.delete<AnnouncementDto>(`/announcements/${id}/media-upload`),
};

export function useAnnouncementsAdminInfinite(searchParam: string) {
  return useInfiniteQuery({
    queryKey: announcementAdminKeys.list(searchParam),
    queryFn: ({ pageParam, signal }) => announcementsApi.page(pageParam, signal, searchParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

/** Another super user's change loads the page again (the popover applies the same event in place). */
export function useAnnouncementAdminEvents() {
  useRealtimeInvalidation<AnnouncementEventPayload>("announcement", [announcementAdminKeys.all]);
}

function useInvalidate() {
  const queryClient = useQueryClient();
  // The popover's pages too: this tab may have missed its own event while reconnecting.
  return () => queryClient.invalidateQueries({ queryKey: announcementKeys.all });
}

/** Saves the fields, then the file change (a new png/jpg/jpeg, or the old one removed). */
export function useSaveAnnouncement() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (input: {
      id: number | null;
      body: AnnouncementBody;
      file: File | null;
      removeFile: boolean;
    }) => {
      const saved =
        input.id === null
          ? await announcementsAdminApi.create(input.body)
          : await announcementsAdminApi.update(input.id, input.body);
      if (input.file) return announcementsAdminApi.uploadMedia(saved.id, input.file);
      if (input.removeFile && saved.mediaPath) return announcementsAdminApi.removeMedia(saved.id);
      return saved;
    },
    onSettled: invalidate,
  });
}

export function useDeleteAnnouncement() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: announcementsAdminApi.remove, onSettled: invalidate });
}
