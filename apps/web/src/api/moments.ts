import type { UsersMoments } from "@inbox/shared";
import { useQuery } from "@tanstack/react-query";
import { api } from "./client";
import { queryKeys } from "./query-keys";

export const momentsApi = {
  get: (signal?: AbortSignal) => api.get<UsersMoments>("/usersMoments", undefined, signal),
};

/**
 * The attendance panel's data (GET /usersMoments). Loaded once; the panel's
 * live events (pages/moments/MomentsEvents) change it in place, so it never
 * goes stale by time and is not refetched on focus.
 */
export function useUsersMoments() {
  return useQuery({
    queryKey: queryKeys.moments,
    queryFn: ({ signal }) => momentsApi.get(signal),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}
