import type { FlowDto, FlowEventPayload, FlowPage, FlowShow } from "@inbox/shared";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { useRealtimeInvalidation } from "../realtime/use-realtime-invalidation";
import { api } from "./client";

/** The /flowbuilders page's pages. */
export const flowKeys = {
  all: ["flows"] as const,
  list: (searchParam: string) => ["flows", "list", searchParam] as const,
};

/** Spec 3 section 7, "Flow builder". */
export const flowsApi = {
  page: (searchParam: string, pageNumber: number, signal?: AbortSignal) =>
    api.get<FlowPage>("/flowbuilder", { searchParam, pageNumber }, signal),
  show: (id: number, signal?: AbortSignal) => api.get<FlowShow>(`/flowbuilder/flow/${id}`, undefined, signal),
  create: (name: string) => api.post<FlowDto>("/flowbuilder", { name }),
  rename: (flowId: number, name: string) => api.put<FlowDto>("/flowbuilder", { name, flowId }),
  duplicate: (flowId: number) => api.post<FlowDto>("/flowbuilder/duplicate", { flowId }),
  remove: (id: number) => api.delete<{ message: string }>(`/flowbuilder/${id}`),
};

/** The company's flows by name, a page of 20 at a time. */
export function useFlowsInfinite(searchParam: string) {
  return useInfiniteQuery({
    queryKey: flowKeys.list(searchParam),
    queryFn: ({ pageParam, signal }) => flowsApi.page(searchParam, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

/** Keeps the list live: `company-{id}-flowbuilder` loads it again. */
export function useFlowEvents() {
  useRealtimeInvalidation<FlowEventPayload>("flowbuilder", [flowKeys.all]);
}

/** Creates (id null) or renames a flow. */
export function useSaveFlow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: number | null; name: string }) =>
      id === null ? flowsApi.create(name) : flowsApi.rename(id, name),
    onSettled: () => queryClient.invalidateQueries({ queryKey: flowKeys.all }),
  });
}

export function useDuplicateFlow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: flowsApi.duplicate,
    onSettled: () => queryClient.invalidateQueries({ queryKey: flowKeys.all }),
  });
}

export function useDeleteFlow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: flowsApi.remove,
    onSettled: () => queryClient.invalidateQueries({ queryKey: flowKeys.all }),
  });
}
