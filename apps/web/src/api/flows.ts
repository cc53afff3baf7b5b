import type {
  FlowConnection,
  FlowDto,
  FlowEventPayload,
  FlowNode,
  FlowPage,
  FlowSaveInput,
  FlowShow,
  FlowWithGraph,
  QueueIntegrationPage,
} from "@inbox/shared";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRealtimeInvalidation } from "../realtime/use-realtime-invalidation";
import { api, apiRequest } from "./client";

/** The /flowbuilders page's pages. */
export const flowKeys = {
  all: ["flows"] as const,
  list: (searchParam: string) => ["flows", "list", searchParam] as const,
  graph: (id: number) => ["flows", "graph", id] as const,
};

/** Multipart with the files in `medias` (spec 3 section 7: plus `body` and `fromMe`). */
function mediaForm(files: File[]): FormData {
  const form = new FormData();
  for (const file of files) form.append("medias", file, file.name);
  form.append("body", files[0]?.name ?? "");
  form.append("fromMe", "true");
  return form;
}

/** Spec 3 section 7, "Flow builder". */
export const flowsApi = {
  page: (searchParam: string, pageNumber: number, signal?: AbortSignal) =>
    api.get<FlowPage>("/flowbuilder", { searchParam, pageNumber }, signal),
  show: (id: number, signal?: AbortSignal) => api.get<FlowShow>(`/flowbuilder/flow/${id}`, undefined, signal),
  create: (name: string) => api.post<FlowDto>("/flowbuilder", { name }),
  rename: (flowId: number, name: string) => api.put<FlowDto>("/flowbuilder", { name, flowId }),
  duplicate: (flowId: number) => api.post<FlowDto>("/flowbuilder/duplicate", { flowId }),
  remove: (id: number) => api.delete<{ message: string }>(`/flowbuilder/${id}`),
  /** The graph as the editor holds it; the server parses it with flowSaveSchema. */
  saveGraph: (input: Pick<FlowSaveInput, "idFlow"> & { nodes: FlowNode[]; connections: FlowConnection[] }) =>
    api.post<FlowWithGraph>("/flowbuilder/flow", input),
  /** Answers the stored name a node keeps. */
  uploadImage: (file: File) =>
    apiRequest<string>("/flowbuilder/img", { method: "POST", body: mediaForm([file]) }),
  /** Audio and video both go here (spec 3 section 7). */
  uploadAudio: (file: File) =>
    apiRequest<string>("/flowbuilder/audio", { method: "POST", body: mediaForm([file]) }),
  uploadContent: (files: File[]) =>
    apiRequest<string[]>("/flowbuilder/content", { method: "POST", body: mediaForm(files) }),
  integrations: (searchParam: string, signal?: AbortSignal) =>
    api.get<QueueIntegrationPage>("/queueIntegration", { searchParam, pageNumber: 1 }, signal),
};

/**
 * Where the app serves a node's stored upload (modules/flows/media.ts keeps them in the company's
 * flow folder): for previews in the editor.
 */
export const flowMediaUrl = (companyId: number, name: string) =>
  `/public/company${companyId}/flow/${encodeURIComponent(name)}`;

/** One flow with its graph, for the editor (read once; the editor's state is its own afterwards). */
export function useFlowGraph(id: number) {
  return useQuery({
    queryKey: flowKeys.graph(id),
    queryFn: ({ signal }) => flowsApi.show(id, signal),
    enabled: Number.isInteger(id) && id > 0,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

export function useSaveFlowGraph() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: flowsApi.saveGraph,
    onSuccess: (flow) => queryClient.setQueryData<FlowShow>(flowKeys.graph(flow.id), { flow }),
  });
}

/** The integration node's choices: webhook-type integrations only (spec 3 section 2), by name or type. */
export function useWebhookIntegrations(searchParam: string) {
  return useQuery({
    queryKey: ["queueIntegrations", "flow-webhooks", searchParam] as const,
    queryFn: ({ signal }) => flowsApi.integrations(searchParam, signal),
    select: (page) => page.queueIntegrations.filter((integration) => integration.type === "webhook"),
  });
}

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
