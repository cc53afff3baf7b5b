import type { FlowCampaignDto, FlowCampaignEventPayload, FlowCampaignInput, FlowDto } from "@inbox/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRealtimeInvalidation } from "../realtime/use-realtime-invalidation";
import { api } from "./client";
import { flowsApi } from "./flows";

/** The /phrase-lists page's list and the flow pickers' options. */
export const flowCampaignKeys = {
  all: ["flowCampaigns"] as const,
  flowOptions: ["flows", "options"] as const,
};

/** The body of a save: the schema's input, with the id when it replaces a campaign. */
export type FlowCampaignBody = Omit<FlowCampaignInput, "whatsappId"> & { whatsappId: number | null };

/** Spec 3 section 7, "Phrase campaigns". */
export const flowCampaignsApi = {
  list: (signal?: AbortSignal) => api.get<{ flow: FlowCampaignDto[] }>("/flowcampaign", undefined, signal),
  create: (body: FlowCampaignBody) => api.post<FlowCampaignDto>("/flowcampaign", body),
  /** PUT /flowcampaign carries the id in the body, as spec 3 sends it. */
  update: (id: number, body: FlowCampaignBody) => api.put<FlowCampaignDto>("/flowcampaign", { ...body, id }),
  remove: (id: number) => api.delete<{ message: string }>(`/flowcampaign/${id}`),
};

/** Every phrase campaign of the company, by name (the server answers them whole). */
export function useFlowCampaigns() {
  return useQuery({
    queryKey: flowCampaignKeys.all,
    queryFn: ({ signal }) => flowCampaignsApi.list(signal).then((answer) => answer.flow),
  });
}

/** Keeps the list live: `company-{id}-flowcampaign` loads it again. */
export function useFlowCampaignEvents() {
  useRealtimeInvalidation<FlowCampaignEventPayload>("flowcampaign", [flowCampaignKeys.all]);
}

/** At most this many pages of flows for a picker (20 each): 1,000 flows. */
const FLOW_OPTION_PAGES = 50;

/** Every flow of the company by name, for pickers: GET /flowbuilder page after page. */
export function useFlowOptions(enabled = true) {
  return useQuery({
    queryKey: flowCampaignKeys.flowOptions,
    enabled,
    staleTime: 60_000,
    queryFn: async ({ signal }) => {
      const flows: FlowDto[] = [];
      for (let page = 1; page <= FLOW_OPTION_PAGES; page++) {
        const answer = await flowsApi.page("", page, signal);
        flows.push(...answer.flows);
        if (!answer.hasMore) break;
      }
      return flows;
    },
  });
}

/** Creates (id null) or replaces a phrase campaign. */
export function useSaveFlowCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: FlowCampaignBody }) =>
      id === null ? flowCampaignsApi.create(body) : flowCampaignsApi.update(id, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: flowCampaignKeys.all }),
  });
}

export function useDeleteFlowCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: flowCampaignsApi.remove,
    onSettled: () => queryClient.invalidateQueries({ queryKey: flowCampaignKeys.all }),
  });
}
