import type { PlanCreateInput, PlanDto } from "@inbox/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "./client";

/** The plans tab's calls (spec 2 section 7): GET /plans/all, POST /plans, PUT and DELETE /plans/{id}; super users. */
export const plansKeys = {
  all: ["plans"] as const,
  list: ["plans", "all"] as const,
};

export const plansApi = {
  all: (signal?: AbortSignal) => api.get<PlanDto[]>("/plans/all", undefined, signal),
  create: (body: PlanCreateInput) => api.post<PlanDto>("/plans", body),
  update: (id: number, body: PlanCreateInput) => api.put<PlanDto>(`/plans/${id}`, body),
  remove: (id: number) => api.delete<{ message: string }>(`/plans/${id}`),
};

/** Every plan, public or not (GET /plans/all, by name). */
export function usePlans() {
  return useQuery({ queryKey: plansKeys.list, queryFn: ({ signal }) => plansApi.all(signal) });
}

/** Creates (no id) or updates a plan; the list is read again after. */
export function useSavePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: PlanCreateInput }) =>
      id === null ? plansApi.create(body) : plansApi.update(id, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: plansKeys.all }),
  });
}

export function useDeletePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => plansApi.remove(id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: plansKeys.all }),
  });
}
