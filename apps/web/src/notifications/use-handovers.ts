import type { TicketDto, TicketEventPayload } from "@inbox/shared";
import { useCallback, useEffect, useEffectEvent, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { ticketsApi } from "../api/tickets";
import { readVolume } from "../app/volume";
import { useCompanyEvent } from "../realtime/realtime-context";
import { showDesktopNotification } from "./desktop";
import { readStoredHandovers, storeHandovers } from "./handover-storage";
import {
  failedHandoverCheck,
  type HandoverCheck,
  handoverRefs,
  handoversAfterEvent,
  handoversWithoutSeen,
  isHandoverTo,
  restoredHandovers,
  settleRestoredHandover,
  shownHandovers,
} from "./handovers";
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
 * The entries outlive a reload in this browser (handover-storage.ts); restored
 * ones show again once the server confirms them (handovers.ts `settleRestoredHandover`).
 */
export function useHandovers(viewerId: number): Handovers {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const openTicket = currentTicketUuid(useLocation().pathname);
  const [state, setState] = useState(() => restoredHandovers(viewerId, readStoredHandovers(viewerId)));
  // Another user signed in on this page: their own entries, not the last user's.
  if (state.viewerId !== viewerId) setState(restoredHandovers(viewerId, readStoredHandovers(viewerId)));
  const seen = useCallback((uuid: string) => setState((s) => handoversWithoutSeen(s, uuid)), []);

  // Keyed by the state's own viewer, so a switch of user never writes one user's list under the other's key.
  useEffect(() => storeHandovers(state.viewerId, handoverRefs(state)), [state]);

  // The ticket open here needs no asking: opening it answers its entry (the last effect).
  const restoredToCheck = useEffectEvent((forViewer: number) =>
    state.viewerId === forViewer ? state.entries.filter((e) => !e.ticket && e.uuid !== openTicket) : [],
  );
  // The restored entries are shown only once the server says each is still the viewer's.
  useEffect(() => {
    const controller = new AbortController();
    for (const stored of restoredToCheck(viewerId)) {
      void ticketsApi
        .peek(stored.uuid, controller.signal)
        .then((ticket): HandoverCheck => ({ kind: "found", ticket }), failedHandoverCheck)
        .then((check) => {
          if (!controller.signal.aborted) setState((s) => settleRestoredHandover(s, stored.id, check));
        });
    }
    return () => controller.abort();
  }, [viewerId]);

  useCompanyEvent<TicketEventPayload>("ticket", (payload) => {
    setState((s) => handoversAfterEvent(s, payload));
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

  const tickets = useMemo(() => shownHandovers(state), [state]);
  return { tickets };
}
