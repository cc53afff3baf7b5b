import type { CompanySchedulesDto, CompanySchedulesInput, SettingDto } from "@inbox/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "./client";

/**
 * The settings panel's calls (spec 2 section 7): GET /settings, PUT
 * /settings/{key}, GET /companies/{id} and PUT /companies/{id}/schedules.
 * Every query key starts with "settings", so a settings event can refresh
 * them all (realtime/SettingsEvents).
 */
export const settingsKeys = {
  all: ["settings"] as const,
  list: ["settings", "list"] as const,
  company: (companyId: number) => ["settings", "company", companyId] as const,
};

export const settingsApi = {
  list: (signal?: AbortSignal) => api.get<SettingDto[]>("/settings", undefined, signal),
  update: (key: string, value: string | null) =>
    api.put<SettingDto>(`/settings/${encodeURIComponent(key)}`, { value }),
  company: (companyId: number, signal?: AbortSignal) =>
    api.get<CompanySchedulesDto>(`/companies/${companyId}`, undefined, signal),
  updateSchedules: (companyId: number, schedules: CompanySchedulesInput["schedules"]) =>
    api.put<CompanySchedulesDto>(`/companies/${companyId}/schedules`, { schedules }),
};

/** A setting changed: the list answers the new value at once (this tab, or a live event from another). */
export function withSetting(list: SettingDto[] | undefined, setting: SettingDto): SettingDto[] | undefined {
  if (!list) return list;
  return list.some((s) => s.key === setting.key)
    ? list.map((s) => (s.key === setting.key ? setting : s))
    : [...list, setting];
}

/** Every setting of the company as { key: value }. */
export function useSettings() {
  return useQuery({
    queryKey: settingsKeys.list,
    queryFn: ({ signal }) => settingsApi.list(signal),
    select: (list) => Object.fromEntries(list.map((s) => [s.key, s.value])) as Record<string, string | null>,
  });
}

export function useUpdateSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, value }: SettingDto) => settingsApi.update(key, value),
    onSuccess: (saved) =>
      queryClient.setQueryData<SettingDto[]>(settingsKeys.list, (list) => withSetting(list, saved)),
  });
}

export function useCompanySchedules(companyId: number, enabled = true) {
  return useQuery({
    queryKey: settingsKeys.company(companyId),
    queryFn: ({ signal }) => settingsApi.company(companyId, signal),
    enabled,
  });
}

export function useUpdateCompanySchedules(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (schedules: CompanySchedulesInput["schedules"]) =>
      settingsApi.updateSchedules(companyId, schedules),
    onSuccess: (company) => queryClient.setQueryData(settingsKeys.company(companyId), company),
  });
}
