import type { TicketDto, TicketLogEntryDto, TicketUpdateBody } from "@inbox/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "./client";
import { queryKeys } from "./query-keys";

/**
 * The ticket lifecycle calls of the conversation header (spec 1 sections 4
 * and 7): PUT /tickets/{id} (accept, return, resolve, reopen, transfer),
 * DELETE /tickets/{id} and GET /tickets-log/{ticketId}.
 */
export const ticketActionsApi = {
  update: (id: number, body: TicketUpdateBody) => api.put<TicketDto>(`/tickets/${id}`, body),
  remove: (id: number) => api.delete<{ message: string }>(`/tickets/${id}`),
  logs: (ticketId: number, signal?: AbortSignal) =>
    api.get<TicketLogEntryDto[]>(`/tickets-log/${ticketId}`, undefined, signal),
  /** The company's requiredTag setting ('enabled' or 'disabled'). */
  requiredTag: (signal?: AbortSignal) =>
    api.get<Record<string, string | null>>("/companySettingOne", { column: "requiredTag" }, signal),
};

/** PUT /tickets/{id}; the answer replaces the cached ticket (events keep the lists current). */
export function useUpdateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TicketUpdateBody }) => ticketActionsApi.update(id, body),
    onSuccess: (ticket) => queryClient.setQueryData(queryKeys.tickets.detail(ticket.uuid), ticket),
  });
}

export function useDeleteTicket() {
  return useMutation({ mutationFn: (id: number) => ticketActionsApi.remove(id) });
}

export function useTicketLogs(ticketId: number, enabled: boolean) {
  return useQuery({
    queryKey: ["tickets", "logs", ticketId],
    queryFn: ({ signal }) => ticketActionsApi.logs(ticketId, signal),
    enabled,
  });
}

/** Is the requiredTag setting on? Read when the resolve dialog opens. */
export function useRequiredTag(enabled: boolean) {
  return useQuery({
    queryKey: ["settings", "requiredTag"],
    queryFn: async ({ signal }) => (await ticketActionsApi.requiredTag(signal)).requiredTag === "enabled",
    enabled,
    staleTime: 60_000,
  });
}
