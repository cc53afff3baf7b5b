import type {
  QuickMessageCreateInput,
  QuickMessageDto,
  QuickMessageEventPayload,
  QuickMessagePage,
  QuickMessageUpdateInput,
} from "@inbox/shared";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { useRealtimeInvalidation } from "../realtime/use-realtime-invalidation";
import { api, apiRequest } from "./client";

/** The /quick-messages page's pages and the message input's '/' list (api/messages.ts). */
export const quickMessageKeys = {
  all: ["quickMessagesAdmin"] as const,
  list: (searchParam: string) => ["quickMessagesAdmin", "list", searchParam] as const,
  input: ["quickMessages"] as const,
};

export type QuickMessageBody = Pick<QuickMessageCreateInput, "shortcode" | "message" | "geral">;

export const quickMessagesApi = {
  page: (searchParam: string, pageNumber: number, signal?: AbortSignal) =>
    api.get<QuickMessagePage>("/quick-messages", { searchParam, pageNumber }, signal),
  create: (body: QuickMessageBody) => api.post<QuickMessageDto>("/quick-messages", body),
  update: (id: number, body: QuickMessageUpdateInput) =>
    api.put<QuickMessageDto>(`/quick-messages/${id}`, body),
  remove: (id: number) => api.delete<{ message: string }>(`/quick-messages/${id}`),
  uploadMedia: (id: number, file: File) => {
    const form = new FormData();
    form.append("typeArch", "quickMessage");
    form.append("file", file);
    return apiRequest<QuickMessageDto>(`/quick-messages/${id}/media-upload`, { method: "POST", body: form });
  },
  removeMedia: (id: number) => api.delete<QuickMessageDto>(`/quick-messages/${id}/media-upload`),
};

/** The company's quick messages by shortcode, LIMITS.pageSize per page. */
export function useQuickMessagesInfinite(searchParam: string) {
  return useInfiniteQuery({
    queryKey: quickMessageKeys.list(searchParam),
    queryFn: ({ pageParam, signal }) => quickMessagesApi.page(searchParam, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

/** Keeps the page and the '/' list live: `company-{id}-quickmessage` loads them again. */
export function useQuickMessageEvents() {
  useRealtimeInvalidation<QuickMessageEventPayload>("quickmessage", [
    quickMessageKeys.all,
    quickMessageKeys.input,
  ]);
}

function useInvalidateQuickMessages() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: quickMessageKeys.all }),
      queryClient.invalidateQueries({ queryKey: quickMessageKeys.input }),
    ]);
  };
}

/** Saves the fields, then the file change (a new file, or the old one removed). */
export function useSaveQuickMessage() {
  const invalidate = useInvalidateQuickMessages();
  return useMutation({
    mutationFn: async ({
      id,
      body,
      file,
      removeFile,
    }: {
      id: number | null;
      body: QuickMessageBody;
      file: File | null;
      removeFile: boolean;
    }) => {
      const saved =
        id === null ? await quickMessagesApi.create(body) : await quickMessagesApi.update(id, body);
      if (file) return quickMessagesApi.uploadMedia(saved.id, file);
      if (removeFile && saved.mediaPath) return quickMessagesApi.removeMedia(saved.id);
      return saved;
    },
    onSettled: invalidate,
  });
}

export function useDeleteQuickMessage() {
  const invalidate = useInvalidateQuickMessages();
  return useMutation({ mutationFn: quickMessagesApi.remove, onSettled: invalidate });
}
