import type { Channel, ConnectionStatus } from "@inbox/shared";
import { useQuery } from "@tanstack/react-query";
import { api } from "./client";
import { emptyOnNotFound } from "./not-found";
import { queryKeys } from "./query-keys";

export interface ConnectionOption {
  id: number;
  name: string;
  channel: Channel;
  status: ConnectionStatus;
}

export function useConnectionOptions(enabled = true) {
  return useQuery({
    queryKey: queryKeys.connections,
    queryFn: ({ signal }) =>
      emptyOnNotFound(() => api.get<ConnectionOption[]>("/whatsapp", undefined, signal)),
    enabled,
    staleTime: 60_000,
  });
}
