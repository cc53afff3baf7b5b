import type {
  CampaignDto,
  CampaignEventPayload,
  CampaignFormValues,
  CampaignPage,
  CampaignSettingDto,
  CampaignSettingsInput,
  CloudTemplateList,
} from "@inbox/shared";
import {
  type InfiniteData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { api } from "./client";

/** Campaigns and their settings (spec 3 section 7 "Campaigns"). */
export const campaignsApi = {
  page: (searchParam: string, pageNumber: number, signal?: AbortSignal) =>
    api.get<CampaignPage>("/campaigns/", { searchParam, pageNumber }, signal),
  get: (id: number, signal?: AbortSignal) => api.get<CampaignDto>(`/campaigns/${id}`, undefined, signal),
  create: (body: CampaignFormValues) => api.post<CampaignDto>("/campaigns", body),
  update: (id: number, body: CampaignFormValues) => api.put<CampaignDto>(`/campaigns/${id}`, body),
  remove: (id: number) => api.delete<{ message: string }>(`/campaigns/${id}`),
  cancel: (id: number) => api.post<CampaignDto>(`/campaigns/${id}/cancel`),
  restart: (id: number) => api.post<CampaignDto>(`/campaigns/${id}/restart`),
  uploadMedia: (id: number, file: File) => {
    const form = new FormData();
    form.append("file", file);
    return api.post<CampaignDto>(`/campaigns/${id}/media-upload`, form);
  },
  removeMedia: (id: number) => api.delete<CampaignDto>(`/campaigns/${id}/media-upload`),
  /** The approved templates of a Cloud API (whatsappapi) connection. */
  templates: (whatsappId: number, signal?: AbortSignal) =>
    api.get<CloudTemplateList>(`/campaigns/templates/${whatsappId}`, undefined, signal),
  settings: (signal?: AbortSignal) => api.get<CampaignSettingDto[]>("/campaign-settings", undefined, signal),
  saveSettings: (body: CampaignSettingsInput) => api.post<CampaignSettingDto[]>("/campaign-settings", body),
};

export const campaignsKeys = {
  all: ["campaigns"] as const,
  pages: ["campaigns", "page"] as const,
  page: (searchParam: string) => ["campaigns", "page", searchParam] as const,
  one: (id: number) => ["campaigns", "one", id] as const,
  settings: ["campaign-settings"] as const,
  templates: (whatsappId: number) => ["campaigns", "templates", whatsappId] as const,
};

export function useCampaignsInfinite(searchParam: string) {
  return useInfiniteQuery({
    queryKey: campaignsKeys.page(searchParam),
    queryFn: ({ pageParam, signal }) => campaignsApi.page(searchParam, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

export function useCampaign(id: number, enabled = true) {
  return useQuery({
    queryKey: campaignsKeys.one(id),
    queryFn: ({ signal }) => campaignsApi.get(id, signal),
    enabled,
  });
}

/** A Cloud API connection's approved templates (read from Meta on each call: kept a minute). */
export function useCampaignTemplates(whatsappId: number | null) {
  return useQuery({
    queryKey: campaignsKeys.templates(whatsappId ?? 0),
    queryFn: ({ signal }) => campaignsApi.templates(whatsappId ?? 0, signal),
    enabled: whatsappId !== null,
    staleTime: 60_000,
  });
}

export function useCampaignSettings() {
  return useQuery({
    queryKey: campaignsKeys.settings,
    queryFn: ({ signal }) => campaignsApi.settings(signal),
  });
}

type Pages = InfiniteData<CampaignPage, number>;

/**
 * Live rules (spec 3 "Lists update live"): a changed campaign (its status and progress too)
 * replaces its row and its report, a deleted one leaves; a new one makes the pages refetch
 * (its place depends on the order and the search).
 */
export function useCampaignsCache() {
  const queryClient = useQueryClient();
  const mapRows = (map: (rows: CampaignDto[]) => CampaignDto[]) =>
    queryClient.setQueriesData<Pages>({ queryKey: campaignsKeys.pages }, (data) =>
      data ? { ...data, pages: data.pages.map((page) => ({ ...page, records: map(page.records) })) } : data,
    );
  const updated = (record: CampaignDto) => {
    mapRows((rows) => rows.map((row) => (row.id === record.id ? record : row)));
    queryClient.setQueryData(campaignsKeys.one(record.id), record);
  };
  const removed = (id: number) => {
    mapRows((rows) => rows.filter((row) => row.id !== id));
    queryClient.removeQueries({ queryKey: campaignsKeys.one(id) });
  };
  const created = () => queryClient.invalidateQueries({ queryKey: campaignsKeys.pages });
  return {
    updated,
    removed,
    created,
    /** A company-{id}-campaign event. */
    apply: (payload: CampaignEventPayload) => {
      if (payload.action === "delete") removed(payload.id);
      else if (payload.action === "update") updated(payload.record);
      else void created();
    },
  };
}

export function useSaveCampaign() {
  const cache = useCampaignsCache();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: CampaignFormValues }) =>
      id === null ? campaignsApi.create(body) : campaignsApi.update(id, body),
    onSuccess: (record, { id }) => (id === null ? void cache.created() : cache.updated(record)),
  });
}

export function useDeleteCampaign() {
  const cache = useCampaignsCache();
  return useMutation({
    mutationFn: campaignsApi.remove,
    onSuccess: (_answer, id) => cache.removed(id),
  });
}

/** Stop (EM_ANDAMENTO to CANCELADA) or restart (CANCELADA to EM_ANDAMENTO). */
export function useCampaignTransition() {
  const cache = useCampaignsCache();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: "cancel" | "restart" }) =>
      action === "cancel" ? campaignsApi.cancel(id) : campaignsApi.restart(id),
    onSuccess: (record) => cache.updated(record),
  });
}

export function useCampaignMedia() {
  const cache = useCampaignsCache();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File | null }) =>
      file ? campaignsApi.uploadMedia(id, file) : campaignsApi.removeMedia(id),
    onSuccess: (record) => cache.updated(record),
  });
}

export function useSaveCampaignSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: campaignsApi.saveSettings,
    onSuccess: (list) => queryClient.setQueryData(campaignsKeys.settings, list),
  });
}
