import { useQuery } from "@tanstack/react-query";
import { api } from "./client";
import { emptyOnNotFound } from "./not-found";
import { queryKeys } from "./query-keys";

export interface QueueOption {
  id: number;
  name: string;
  color: string;
}

export function useQueueOptions(enabled = true) {
  return useQuery({
    queryKey: queryKeys.queues,
    queryFn: ({ signal }) => emptyOnNotFound(() => api.get<QueueOption[]>("/queue", undefined, signal)),
    enabled,
    staleTime: 60_000,
  });
}
