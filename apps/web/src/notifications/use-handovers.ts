import type { TicketDto, TicketEventPayload } from "@inbox/shared";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { readVolume } from "../app/volume";
import { useCompanyEvent } from "../realtime/realtime-context";
import { showDesktopNotification } from "./desktop";
import { applyHandoverEvent, isHandoverTo } from "./handovers";
import { notificationTag } from "./rules";
import { playNotificationSound } from "./sound";
import { currentTicketUuid } from "./TicketNotifications";

export interface Handovers {
  /** Tickets handed to the viewer by someone else, not opened yet, newest first. */
  tickets: TicketDto[];
}

/**
 * A ticket transferred or assigned to the viewer by someone else: the chime,
 * a desktop notification and an entry in the bell, until the ticket is opened.
 * Accepting a ticket oneself calls nobody (the event then names no `assignedBy`).
 */
export function useHandovers(viewerId: number): Handovers {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const openTicket = currentTicketUuid(useLocation().pathname);
  const [tickets, setTickets] = useState<TicketDto[]>([]);
  const seen = useCallback((uuid: string) => setTickets((list) => list.filter((t) => t.uuid !== uuid)), []);

  useCompanyEvent<TicketEventPayload>("ticket", (payload) => {
    setTickets((list) => applyHandoverEvent(list, payload, viewerId));
    if (!isHandoverTo(payload, viewerId)) return;
    const { ticket } = payload;
    // Handed over while open here: seen already.
    if (ticket.uuid === openTicket) seen(ticket.uuid);
    playNotificationSound(readVolume());
    showDesktopNotification(
      {
        title: t("notifications.handoverTitle"),
        body: ticket.contact?.name.trim() || t("notifications.unknownContact"),
        icon: ticket.contact?.profilePicUrl ?? undefined,
        tag: notificationTag(ticket.uuid),
        ticketUuid: ticket.uuid,
      },
      (uuid) => navigate(`/tickets/${uuid}`),
    );
  });

  // Opening the ticket answers its entry.
  useEffect(() => {
    if (openTicket) seen(openTicket);
  }, [openTicket, seen]);

  return { tickets };
}
