import type {
  AppMessageEventPayload,
  TicketDto,
  TicketEventPayload,
  TicketList,
  TicketViewer,
} from "@inbox/shared";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useContext, useEffect } from "react";
import { api } from "../api/client";
import { RealtimeContext, useCompanyEvent } from "../realtime/realtime-context";
import { applyUnreadTicket, removeUnreadTicket, unreadListOf, unreadTotal } from "./unread-tickets";

/** Under `tickets`: a reconnection's invalidation of every ticket query reloads it too. */
export const unreadTicketsPrefix = ["tickets", "unread"] as const;
/** The viewer is part of the key: changed rights or queues load the list again. */
export const unreadTicketsKey = (viewer: TicketViewer) => [...unreadTicketsPrefix, viewer] as const;

/**
 * GET /tickets?withUnreadMessages=true for open and pending, and group when
 * the viewer has allowGroup (as the original app's bell), first page each,
 * without show-all: the viewer's own view.
 */
export async function fetchUnreadTickets(viewer: TicketViewer, signal?: AbortSignal): Promise<TicketDto[]> {
  const statuses = viewer.allowGroup ? ["open", "pending", "group"] : ["open", "pending"];
  const pages = await Promise.all(
    statuses.map((status) =>
      api.get<TicketList>("/tickets", { status, withUnreadMessages: true, showAll: false }, signal),
    ),
  );
  return unreadListOf(
    pages.flatMap((page) => page.tickets),
    viewer,
  );
}

export interface UnreadTickets {
  tickets: TicketDto[];
  /** Sum of unreadMessages over `tickets`: the tab title's badge. */
  total: number;
}

/**
 * The bell's tickets, loaded once and then kept live from the socket:
 * `company-{id}-ticket` (create, update, delete) and new messages of
 * `company-{id}-appMessage`. The server sends a socket only the events of
 * tickets its user may see; the list applies the viewer's own view on top.
 */
export function useUnreadTickets(viewer: TicketViewer): UnreadTickets {
  const queryClient = useQueryClient();
  const { socket } = useContext(RealtimeContext);
  const key = unreadTicketsKey(viewer);
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchUnreadTickets(viewer, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

  // Events may have been missed before a (re)connection: load again then.
  useEffect(() => {
    if (!socket) return;
    const onConnect = () => {
      void queryClient.invalidateQueries({ queryKey: unreadTicketsPrefix });
    };
    socket.on("connect", onConnect);
    return () => {
      socket.off("connect", onConnect);
    };
  }, [socket, queryClient]);

  const update = (change: (list: TicketDto[]) => TicketDto[]) => {
    queryClient.setQueryData<TicketDto[]>(key, (list) => (list ? change(list) : list));
  };

  useCompanyEvent<TicketEventPayload>("ticket", (payload) => {
    if (payload.action === "delete") update((list) => removeUnreadTicket(list, payload.ticketId));
    else update((list) => applyUnreadTicket(list, payload.ticket, viewer));
  });

  useCompanyEvent<AppMessageEventPayload>("appMessage", (payload) => {
    if (payload.action !== "create" || !payload.ticket) return;
    const { ticket, contact } = payload;
    update((list) => applyUnreadTicket(list, ticket, viewer, contact));
  });

  const tickets = query.data ?? [];
  return { tickets, total: unreadTotal(tickets) };
}
