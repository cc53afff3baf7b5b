import type {
  ContactList,
  ContactTicketStatusDto,
  TicketCloseAllBody,
  TicketDto,
  TicketLogEntryDto,
  TicketUpdateBody,
  UserDto,
} from "@inbox/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "./client";
import { queryKeys } from "./query-keys";
import type { TicketCreateRequest } from "./tickets";

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
  /** The company's userRating setting: resolving with the farewell asks the contact for a score first. */
  userRating: (signal?: AbortSignal) =>
    api.get<Record<string, string | null>>("/companySettingOne", { column: "userRating" }, signal),
  /** POST /tickets; ERR_OTHER_OPEN_TICKET answers carry the open ticket (ApiError.ticket). */
  create: (body: TicketCreateRequest) => api.post<TicketDto>("/tickets", body),
  /** POST /tickets/closeAll (admin): every ticket of `status` in the selected queues. */
  closeAll: (body: TicketCloseAllBody) => api.post<{ closed: number }>("/tickets/closeAll", body),
  /** GET /contacts/{id}/status: asked before opening a ticket for the contact. */
  contactStatus: (contactId: number) => api.get<ContactTicketStatusDto>(`/contacts/${contactId}/status`),
  /** GET /contacts?searchParam=: the new-ticket contact search (first page). */
  searchContacts: (searchParam: string, signal?: AbortSignal) =>
    api.get<ContactList>("/contacts", { searchParam }, signal),
  /** GET /users/list: the users filter of the search tab (admins). */
  users: (signal?: AbortSignal) => api.get<UserDto[]>("/users/list", undefined, signal),
};

/** The company's users for the search tab's user filter (admins only). */
export function useUserOptions(enabled: boolean) {
  return useQuery({
    queryKey: ["users", "options"],
    queryFn: async ({ signal }) =>
      (await ticketActionsApi.users(signal)).map(({ id, name }) => ({ id, name })),
    enabled,
    staleTime: 60_000,
  });
}

/** Contacts matching the new-ticket search; asked from 3 characters on (spec 1 section 9). */
export function useContactSearch(searchParam: string, enabled: boolean) {
  return useQuery({
    queryKey: ["contacts", "search", searchParam],
    queryFn: ({ signal }) => ticketActionsApi.searchContacts(searchParam, signal),
    enabled,
    staleTime: 30_000,
  });
}

/** POST /tickets/closeAll; the events of each closed ticket keep the lists current. */
export function useCloseAllTickets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ticketActionsApi.closeAll,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.tickets.lists }),
  });
}

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

/**
 * Is the userRating setting on? Read when the resolve dialog opens: resolving
 * with the farewell then waits for the contact's 0-10 score (status nps)
 * before the completion message closes the ticket.
 */
export function useUserRating(enabled: boolean) {
  return useQuery({
    queryKey: ["settings", "companySettingOne", "userRating"],
    queryFn: async ({ signal }) => (await ticketActionsApi.userRating(signal)).userRating === "enabled",
    enabled,
    staleTime: 60_000,
  });
}
