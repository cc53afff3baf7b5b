import type { HelpCreateInput, HelpDto } from "@inbox/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "./client";

/**
 * The help videos' calls (spec 2 section 7): GET /helps/list for the gallery
 * and the menu, POST /helps, PUT and DELETE /helps/{id} for super users.
 */
export const helpsKeys = {
  all: ["helps"] as const,
  list: ["helps", "list"] as const,
};

export const helpsApi = {
  list: (signal?: AbortSignal) => api.get<HelpDto[]>("/helps/list", undefined, signal),
  create: (body: HelpCreateInput) => api.post<HelpDto>("/helps", body),
  update: (id: number, body: HelpCreateInput) => api.put<HelpDto>(`/helps/${id}`, body),
  remove: (id: number) => api.delete<{ message: string }>(`/helps/${id}`),
};

/** Every help video by title: tens, not thousands, so the tab, the gallery and the menu share one list. */
export function useHelps() {
  return useQuery({
    queryKey: helpsKeys.list,
    queryFn: ({ signal }) => helpsApi.list(signal),
    staleTime: 60_000,
  });
}

/** Creates (no id) or updates a help video; the list is read again after. */
export function useSaveHelp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: HelpCreateInput }) =>
      id === null ? helpsApi.create(body) : helpsApi.update(id, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: helpsKeys.all }),
  });
}

export function useDeleteHelp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => helpsApi.remove(id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: helpsKeys.all }),
  });
}
