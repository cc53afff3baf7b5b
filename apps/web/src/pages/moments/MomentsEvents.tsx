import {
  type AppMessageEventPayload,
  CLIENT_EVENTS,
  type ContactEventPayload,
  type QueueEventPayload,
  type TicketEventPayload,
  type UserEventPayload,
  type UsersMoments,
} from "@inbox/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useContext, useEffect } from "react";
import { queryKeys } from "../../api/query-keys";
import { setLiveQueryData } from "../../realtime/live-query-data";
import { RealtimeContext, useCompanyEvent } from "../../realtime/realtime-context";
import {
  applyMomentContact,
  applyMomentDelete,
  applyMomentQueue,
  applyMomentTicket,
  applyMomentUser,
} from "./moments-rules";

/**
 * Keeps the attendance panel live while it is open (spec 2 section 7): the
 * socket joins the panel's room, which hears every open and pending ticket
 * of the company, and each ticket, message, user, contact and queue event
 * changes the cached panel in place (moments-rules.ts). A reconnection may
 * have missed events: the panel is loaded again then, once.
 */
export function MomentsEvents() {
  const queryClient = useQueryClient();
  const { socket } = useContext(RealtimeContext);

  useEffect(() => {
    if (!socket) return;
    const join = () => socket.emit(CLIENT_EVENTS.joinMoments);
    const onConnect = () => {
      join();
      void queryClient.invalidateQueries({ queryKey: queryKeys.moments });
    };
    if (socket.connected) join();
    socket.on("connect", onConnect);
    return () => {
      socket.off("connect", onConnect);
      socket.emit(CLIENT_EVENTS.leaveMoments);
    };
  }, [socket, queryClient]);

  const update = (change: (data: UsersMoments) => UsersMoments) =>
    setLiveQueryData<UsersMoments>(queryClient, queryKeys.moments, (data) => (data ? change(data) : data));

  useCompanyEvent<TicketEventPayload>("ticket", (payload) => {
    if (payload.action === "delete") update((data) => applyMomentDelete(data, payload.ticketId));
    else update((data) => applyMomentTicket(data, payload.ticket));
  });

  useCompanyEvent<AppMessageEventPayload>("appMessage", (payload) => {
    if (payload.action !== "create" || !payload.ticket) return;
    const ticket = { ...payload.ticket, contact: payload.ticket.contact ?? payload.contact };
    update((data) => applyMomentTicket(data, ticket));
  });

  useCompanyEvent<UserEventPayload>("user", (payload) => update((data) => applyMomentUser(data, payload)));

  useCompanyEvent<ContactEventPayload>("contact", (payload) => {
    if (payload.action === "update") update((data) => applyMomentContact(data, payload.contact));
  });

  useCompanyEvent<QueueEventPayload>("queue", (payload) => update((data) => applyMomentQueue(data, payload)));

  return null;
}
