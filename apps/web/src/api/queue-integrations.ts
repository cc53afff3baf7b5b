import type {
  QueueIntegrationDto,
  QueueIntegrationEventPayload,
  QueueIntegrationInput,
  QueueIntegrationPage,
} from "@inbox/shared";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRealtimeInvalidation } from "../realtime/use-realtime-invalidation";
import { api } from "./client";

/** The /queue-integration page's pages, one integration, and the pickers' list. */
export const queueIntegrationKeys = {
  all: ["queueIntegrations"] as const,
  list: (searchParam: string) => ["queueIntegrations", "list", searchParam] as const,
  detail: (id: number) => ["queueIntegrations", "detail", id] as const,
  options: ["queueIntegrations", "options"] as const,
};

/** A save's body: the schema's input with the write-only secrets left out when kept. */
export type QueueIntegrationBody = Partial<QueueIntegrationInput> &
  Pick<QueueIntegrationInput, "name" | "type">;

/** Spec 3 section 7, "Integrations". */
export const queueIntegrationsApi = {
  page: (searchParam: string, pageNumber: number, signal?: AbortSignal) =>
    api.get<QueueIntegrationPage>("/queueIntegration", { searchParam, pageNumber }, signal),
  show: (id: number, signal?: AbortSignal) =>
    api.get<QueueIntegrationDto>(`/queueIntegration/${id}`, undefined, signal),
  create: (body: QueueIntegrationBody) => api.post<QueueIntegrationDto>("/queueIntegration", body),
  update: (id: number, body: QueueIntegrationBody) =>
    api.put<QueueIntegrationDto>(`/queueIntegration/${id}`, body),
  remove: (id: number) => api.delete<{ message: string }>(`/queueIntegration/${id}`),
};

/** The company's integrations by name, a page of 20 at a time. */
export function useQueueIntegrationsInfinite(searchParam: string) {
  return useInfiniteQuery({
    queryKey: queueIntegrationKeys.list(searchParam),
    queryFn: ({ pageParam, signal }) => queueIntegrationsApi.page(searchParam, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

/** One integration, fetched again whenever a dialog opens (its secrets only as "set" flags). */
export function useQueueIntegration(id: number | null) {
  return useQuery({
    queryKey: queueIntegrationKeys.detail(id ?? 0),
    queryFn: ({ signal }) => queueIntegrationsApi.show(id ?? 0, signal),
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
  });
}

/** At most this many pages of integrations for a picker (20 each). */
const OPTION_PAGES = 25;

/** Every integration by id, name and type, for pickers (the connection dialog). */
export function useQueueIntegrationOptions(enabled = true) {
  return useQuery({
    queryKey: queueIntegrationKeys.options,
    enabled,
    staleTime: 60_000,
    queryFn: async ({ signal }) => {
      const found: { id: number; name: string; type: string }[] = [];
      for (let page = 1; page <= OPTION_PAGES; page++) {
        const answer = await queueIntegrationsApi.page("", page, signal);
        found.push(...answer.queueIntegrations.map(({ id, name, type }) => ({ id, name, type })));
        if (!answer.hasMore) break;
      }
      return found;
    },
  });
}

/** Keeps the list live: `company-{id}-queueIntegration` loads it again. */
export function useQueueIntegrationEvents() {
  useRealtimeInvalidation<QueueIntegrationEventPayload>("queueIntegration", [queueIntegrationKeys.all]);
}

/** Creates (id null) or replaces an integration. */
export function useSaveQueueIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: QueueIntegrationBody }) =>
      id === null ? queueIntegrationsApi.create(body) : queueIntegrationsApi.update(id, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queueIntegrationKeys.all }),
  });
}

export function useDeleteQueueIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: queueIntegrationsApi.remove,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queueIntegrationKeys.all }),
  });
}
