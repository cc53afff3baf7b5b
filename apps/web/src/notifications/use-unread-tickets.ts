import type {
  AppMessageEventPayload,
  TicketDto,
  TicketEventPayload,
  TicketList,
  TicketViewer,
} from "@inbox/shared";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useContext, useEffect, useRef } from "react";
import { api } from "../api/client";
import { setLiveQueryData } from "../realtime/live-query-data";
import { RealtimeContext, useCompanyEvent } from "../realtime/realtime-context";
import {
  applyUnreadTicket,
  countAtCap,
  removeUnreadTicket,
  type UnreadCount,
  unreadCountAfter,
  unreadListOf,
  unreadTotal,
} from "./unread-tickets";

/** Under `tickets`: a reconnection's invalidation of every ticket query reloads it too. */
export const unreadTicketsPrefix = ["tickets", "unread"] as const;
/** The viewer is part of the key: changed rights or queues load the list again. */
export const unreadTicketsKey = (viewer: TicketViewer) => [...unreadTicketsPrefix, viewer] as const;

/**
 * The bell's loaded state: the first pages' tickets and the server's count (the sum of the
 * answers' `count`, exact by index up to the cap; `complete` when no page had more).
 */
export interface UnreadState extends UnreadCount {
  tickets: TicketDto[];
}

/**
 * GET /tickets?withUnreadMessages=true for open and pending, and group when
 * the viewer has allowGroup (as the original app's bell), first page each,
 * without show-all: the viewer's own view. Each answer's `count` is the
 * server's exact count of its status, so the bell's total is theirs.
 */
export async function fetchUnreadTickets(viewer: TicketViewer, signal?: AbortSignal): Promise<UnreadState> {
  const statuses = viewer.allowGroup ? ["open", "pending", "group"] : ["open", "pending"];
  const pages = await Promise.all(
    statuses.map((status) =>
      api.get<TicketList>("/tickets", { status, withUnreadMessages: true, showAll: false }, signal),
    ),
  );
  const tickets = unreadListOf(
    pages.flatMap((page) => page.tickets),
    viewer,
  );
  const complete = pages.every((page) => !page.hasMore);
  const count = pages.reduce((sum, page) => sum + page.count, 0);
  return {
    tickets,
    count: complete ? tickets.length : Math.max(count, tickets.length),
    complete,
    capped: !complete && pages.some((page) => countAtCap(page.count)),
  };
}

export interface UnreadTickets {
  tickets: TicketDto[];
  /** How many tickets with unread messages the viewer sees: the bell's badge. */
  count: number;
  /** Sum of unreadMessages over `tickets`: the tab title's badge. */
  total: number;
}

/** After a change the list cannot place (a ticket beyond the first pages), the count is asked again this much later. */
const RECOUNT_DELAY_MS = 1000;

/**
 * The bell's tickets and count, loaded once and then kept live from the
 * socket: `company-{id}-ticket` (create, update, delete) and new messages of
 * `company-{id}-appMessage`. The server sends a socket only the events of
 * tickets its user may see; the list applies the viewer's own view on top.
 * The count follows the list's changes as unreadCountAfter says.
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
  const recount = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(recount.current), []);

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

  /** At most one recount a second, however busy the socket. */
  const askAgain = () => {
    if (recount.current !== undefined) return;
    recount.current = setTimeout(() => {
      recount.current = undefined;
      void queryClient.invalidateQueries({ queryKey: key, exact: true });
    }, RECOUNT_DELAY_MS);
  };

  // Also applied again to a load that was in flight when the event came (live-query-data.ts);
  // asking the server again then is right too.
  const update = (ticketId: number, change: (list: TicketDto[]) => TicketDto[]) =>
    setLiveQueryData<UnreadState>(queryClient, key, (state) => {
      if (!state) return state;
      const had = state.tickets.some((t) => t.id === ticketId);
      const tickets = change(state.tickets);
      const has = tickets.some((t) => t.id === ticketId);
      if (!had && !has && state.complete) return state;
      const { count, askServer } = unreadCountAfter(state, tickets.length, { had, has });
      if (askServer) askAgain();
      return { ...state, tickets, count };
    });

  useCompanyEvent<TicketEventPayload>("ticket", (payload) => {
    if (payload.action === "delete")
      update(payload.ticketId, (list) => removeUnreadTicket(list, payload.ticketId));
    else update(payload.ticket.id, (list) => applyUnreadTicket(list, payload.ticket, viewer));
  });

  useCompanyEvent<AppMessageEventPayload>("appMessage", (payload) => {
    if (payload.action !== "create" || !payload.ticket) return;
    const { ticket, contact } = payload;
    update(ticket.id, (list) => applyUnreadTicket(list, ticket, viewer, contact));
  });

  const tickets = query.data?.tickets ?? [];
  return { tickets, count: query.data?.count ?? 0, total: unreadTotal(tickets) };
}
