import {
  type AppMessageEventPayload,
  CLIENT_EVENTS,
  TICKET_STATUSES,
  type TicketDto,
  type TicketEventPayload,
  type TicketViewer,
} from "@inbox/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useContext, useEffect } from "react";
import { queryKeys } from "../api/query-keys";
import type { TicketListFilters } from "../api/tickets";
import { setLiveQueryData } from "./live-query-data";
import { RealtimeContext, useCompanyEvent } from "./realtime-context";
import {
  applyMessage,
  applyTicketDelete,
  applyTicketUpdate,
  type MessagePages,
  mergeTicket,
  type TicketPages,
} from "./ticket-list-rules";

interface TicketEventsProps {
  viewer: TicketViewer;
}

/**
 * Keeps every cached ticket list, ticket and conversation current from
 * `company-{id}-ticket` and `company-{id}-appMessage`, in place and without
 * refetching (the rules are in ticket-list-rules.ts; an answer that lands
 * after an event gets the event again, live-query-data.ts). While mounted, the
 * socket is in the status rooms; when it connects after the lists loaded
 * (late first connection or a reconnection), they are fetched again.
 */
export function TicketEvents({ viewer }: TicketEventsProps) {
  const queryClient = useQueryClient();
  const { socket } = useContext(RealtimeContext);

  useEffect(() => {
    if (!socket) return;
    const join = () => {
      for (const status of TICKET_STATUSES) socket.emit(CLIENT_EVENTS.joinTickets, status);
    };
    // A connection made after the lists loaded (first connect or a reconnection) may have missed events.
    const onConnect = () => {
      join();
      void queryClient.invalidateQueries({ queryKey: queryKeys.tickets.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.messages.all });
    };
    if (socket.connected) join();
    socket.on("connect", onConnect);
    return () => {
      socket.off("connect", onConnect);
      for (const status of TICKET_STATUSES) socket.emit(CLIENT_EVENTS.leaveTickets, status);
    };
  }, [socket, queryClient]);

  const updateLists = (change: (data: TicketPages, filters: TicketListFilters) => TicketPages) => {
    for (const query of queryClient.getQueryCache().findAll({ queryKey: queryKeys.tickets.lists })) {
      const filters = query.queryKey[2] as TicketListFilters | undefined;
      if (!filters) continue;
      setLiveQueryData<TicketPages>(queryClient, query.queryKey, (data) => data && change(data, filters));
    }
  };

  const updateTicket = (ticket: TicketDto, newMessage: boolean) => {
    updateLists((data, filters) => applyTicketUpdate(data, ticket, { filters, viewer }, { newMessage }));
    setLiveQueryData<TicketDto>(queryClient, queryKeys.tickets.detail(ticket.uuid), (current) =>
      current ? mergeTicket(current, ticket) : current,
    );
  };

  useCompanyEvent<TicketEventPayload>("ticket", (payload) => {
    if (payload.action === "delete") {
      updateLists((data) => applyTicketDelete(data, payload.ticketId));
      return;
    }
    updateTicket(payload.ticket, false);
  });

  useCompanyEvent<AppMessageEventPayload>("appMessage", (payload) => {
    if (payload.action === "delete") return;
    const { message } = payload;
    setLiveQueryData<MessagePages>(queryClient, queryKeys.messages.list(message.ticketId), (data) =>
      data ? applyMessage(data, message, { isNew: payload.action === "create" }) : data,
    );
    if (payload.action === "create" && payload.ticket) {
      updateTicket(
        { ...payload.ticket, contact: payload.ticket.contact ?? payload.contact },
        !message.fromMe,
      );
    }
  });

  return null;
}
