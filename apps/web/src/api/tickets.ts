import type { MessageList, TicketDto, TicketList, TicketStatus } from "@inbox/shared";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { QueryValue } from "./client";
import { api } from "./client";
import { queryKeys } from "./query-keys";

/**
 * What a ticket list asks the server for. It is also the list's query key,
 * so the live rules (realtime/ticket-list-rules.ts) read each cached list's
 * filters from its key.
 */
export interface TicketListFilters {
  /** The list's status; absent in the search tab, whose list spans statuses (see `statuses`). */
  status?: TicketStatus;
  showAll: boolean;
  /** Selected queues; empty means no queue filter. */
  queueIds: number[];
  /** With `queueIds`, also the tickets without a queue. */
  withoutQueue: boolean;
  /** Lower-cased search text (contact name or number; with `searchOnMessages`, message bodies too). */
  searchParam: string;
  searchOnMessages?: boolean;
  /** Tickets having any of these tags; empty or absent: no tag filter. */
  tags?: number[];
  /** Tickets assigned to any of these users (admins only). */
  users?: number[];
  /** Tickets on any of these connections. */
  whatsapps?: number[];
  /** The search tab's status filter (`statusFilter`): any of these statuses. */
  statuses?: TicketStatus[];
  /** Order by updatedAt; DESC (newest first) when absent. */
  sortTickets?: TicketSort;
}

export type TicketSort = "ASC" | "DESC";

/** A list of ids as the server takes it (comma-separated), or nothing when empty. */
const idList = (ids: number[] | undefined): string | undefined =>
  ids && ids.length > 0 ? ids.join(",") : undefined;

/** The GET /tickets query of a list (spec 1 section 7). */
export function ticketListQuery(filters: TicketListFilters, pageNumber: number): Record<string, QueryValue> {
  return {
    status: filters.status,
    showAll: filters.showAll,
    searchParam: filters.searchParam || undefined,
    searchOnMessages: filters.searchParam && filters.searchOnMessages ? true : undefined,
    queueIds:
      filters.queueIds.length > 0 || filters.withoutQueue
        ? [...filters.queueIds, ...(filters.withoutQueue ? [0] : [])].join(",")
        : undefined,
    tags: idList(filters.tags),
    users: idList(filters.users),
    whatsapps: idList(filters.whatsapps),
    statusFilter:
      filters.statuses && filters.statuses.length > 0 ? JSON.stringify(filters.statuses) : undefined,
    sortTickets: filters.sortTickets,
    pageNumber,
  };
}

export interface TicketCreateRequest {
  contactId: number;
  queueId: number;
  whatsappId: number;
  userId: number;
  status: "open";
}

export const ticketsApi = {
  list: (filters: TicketListFilters, pageNumber: number, signal?: AbortSignal) =>
    api.get<TicketList>("/tickets", ticketListQuery(filters, pageNumber), signal),
  show: (uuid: string, signal?: AbortSignal) => api.get<TicketDto>(`/tickets/u/${uuid}`, undefined, signal),
  /** The ticket without opening it: no "access" in its history. */
  peek: (uuid: string, signal?: AbortSignal) =>
    api.get<TicketDto>(`/tickets/u/${uuid}`, { peek: true }, signal),
  messages: (ticketId: number, pageNumber: number, signal?: AbortSignal) =>
    api.get<MessageList>(`/messages/${ticketId}`, { pageNumber }, signal),
};

/** One ticket list, a page of LIMITS.pageSize per pageNumber; live events keep it current. */
export function useTicketsInfinite(filters: TicketListFilters, enabled = true) {
  return useInfiniteQuery({
    queryKey: queryKeys.tickets.list(filters),
    queryFn: ({ pageParam, signal }) => ticketsApi.list(filters, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    enabled,
    // Live events keep the cached pages current; a refetch would only reorder under the user's eyes.
    // A search list (no status) is never entered by events: it is asked again each time the tab shows it.
    staleTime: filters.status === undefined ? 0 : Number.POSITIVE_INFINITY,
  });
}

export function useTicket(uuid: string | undefined) {
  return useQuery({
    queryKey: queryKeys.tickets.detail(uuid ?? ""),
    queryFn: ({ signal }) => ticketsApi.show(uuid ?? "", signal),
    enabled: Boolean(uuid),
  });
}

/** A conversation: page 1 is the newest; older pages come as the user scrolls up. */
export function useMessagesInfinite(ticketId: number | undefined) {
  return useInfiniteQuery({
    queryKey: queryKeys.messages.list(ticketId ?? 0),
    queryFn: ({ pageParam, signal }) => ticketsApi.messages(ticketId ?? 0, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    enabled: ticketId !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
  });
}
