import type { PromptDto, PromptEventPayload, PromptInput, PromptPage } from "@inbox/shared";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRealtimeInvalidation } from "../realtime/use-realtime-invalidation";
import { api } from "./client";

export const promptKeys = {
  all: ["prompts"] as const,
  list: ["prompts", "list"] as const,
  options: ["prompts", "options"] as const,
};

/** A save's body: the schema's input, the write-only keys left out when kept. */
export type PromptBody = Omit<PromptInput, "apiKey" | "voiceKey"> & { apiKey?: string; voiceKey?: string };

/** Spec 3 section 7, "Prompts". */
export const promptsApi = {
  page: (pageNumber: number, signal?: AbortSignal) => api.get<PromptPage>("/prompt", { pageNumber }, signal),
  create: (body: PromptBody) => api.post<PromptDto>("/prompt", body),
  update: (id: number, body: PromptBody) => api.put<PromptDto>(`/prompt/${id}`, body),
  remove: (id: number) => api.delete<{ message: string }>(`/prompt/${id}`),
};

/** The company's prompts by name, a page of 20 at a time, with the count. */
export function usePromptsInfinite() {
  return useInfiniteQuery({
    queryKey: promptKeys.list,
    queryFn: ({ pageParam, signal }) => promptsApi.page(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

/** At most this many pages of prompts for a picker (20 each). */
const OPTION_PAGES = 25;

/** Every prompt by id and name, for the connection dialog's picker. */
export function usePromptOptions(enabled = true) {
  return useQuery({
    queryKey: promptKeys.options,
    enabled,
    staleTime: 60_000,
    queryFn: async ({ signal }) => {
      const found: { id: number; name: string }[] = [];
      for (let page = 1; page <= OPTION_PAGES; page++) {
        const answer = await promptsApi.page(page, signal);
        found.push(...answer.prompts.map(({ id, name }) => ({ id, name })));
        if (!answer.hasMore) break;
      }
      return found;
    },
  });
}

/** Keeps the list live: `company-{id}-prompt` loads it again. */
export function usePromptEvents() {
  useRealtimeInvalidation<PromptEventPayload>("prompt", [promptKeys.all]);
}

export function useSavePrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: PromptBody }) =>
      id === null ? promptsApi.create(body) : promptsApi.update(id, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: promptKeys.all }),
  });
}

export function useDeletePrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: promptsApi.remove,
    onSettled: () => queryClient.invalidateQueries({ queryKey: promptKeys.all }),
  });
}
