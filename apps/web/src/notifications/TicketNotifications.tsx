import type { AppMessageEventPayload, TicketViewer } from "@inbox/shared";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { matchPath, useLocation, useNavigate } from "react-router";
import { readVolume } from "../app/volume";
import { useCompanyEvent } from "../realtime/realtime-context";
import { closeDesktopNotification, showDesktopNotification } from "./desktop";
import { previewLabels } from "./preview-labels";
import { type NotificationSettings, notificationContent, notificationTag, shouldNotify } from "./rules";
import { playNotificationSound } from "./sound";
import { clearViewing, publishViewing, VIEWING_REFRESH_MS, viewedElsewhere } from "./viewing";

/** The ticket open in this window, from the route /tickets/{uuid}. */
export function currentTicketUuid(pathname: string): string | null {
  const uuid = matchPath("/tickets/:uuid", pathname)?.params.uuid;
  return uuid && uuid !== "undefined" ? uuid : null;
}

/** The user is looking at this window right now. */
export function windowFocused(): boolean {
  return document.visibilityState === "visible" && document.hasFocus();
}

/**
 * The ticket the user is looking at and whether they are looking: this
 * window's when it has the focus, else another focused tab's of the app
 * (viewing.ts), else this window's, unfocused.
 */
export function lookingAt(openTicket: string | null): { ticket: string | null; focused: boolean } {
  if (windowFocused()) return { ticket: openTicket, focused: true };
  const elsewhere = viewedElsewhere();
  return elsewhere ? { ticket: elsewhere.uuid, focused: true } : { ticket: openTicket, focused: false };
}

interface TicketNotificationsProps {
  viewer: TicketViewer;
  settings: NotificationSettings;
}

/**
 * New-message notifications (spec 1 section 4): for each new message that
 * passes `shouldNotify`, the chime at the stored volume and a browser
 * notification (contact name, message, avatar; one per ticket), whose click
 * focuses the window and opens /tickets/{uuid}.
 */
export function TicketNotifications({ viewer, settings }: TicketNotificationsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const openTicket = currentTicketUuid(pathname);

  // Opening a ticket here answers its notification.
  useEffect(() => {
    if (openTicket) closeDesktopNotification(notificationTag(openTicket));
  }, [openTicket]);

  // Tell the app's other tabs which ticket the user is looking at here, while this window has the focus.
  useEffect(() => {
    const sync = () => (windowFocused() ? publishViewing(openTicket) : clearViewing());
    const leave = () => clearViewing();
    sync();
    window.addEventListener("focus", sync);
    window.addEventListener("blur", leave);
    document.addEventListener("visibilitychange", sync);
    window.addEventListener("pagehide", leave);
    const refresh = setInterval(() => {
      if (windowFocused()) publishViewing(openTicket);
    }, VIEWING_REFRESH_MS);
    return () => {
      clearInterval(refresh);
      window.removeEventListener("focus", sync);
      window.removeEventListener("blur", leave);
      document.removeEventListener("visibilitychange", sync);
      window.removeEventListener("pagehide", leave);
      clearViewing();
    };
  }, [openTicket]);

  useCompanyEvent<AppMessageEventPayload>("appMessage", (payload) => {
    if (payload.action !== "create" || !payload.ticket) return;
    const looking = lookingAt(openTicket);
    if (!shouldNotify(payload, viewer, settings, looking.ticket, looking.focused)) return;
    playNotificationSound(readVolume());
    const content = notificationContent(payload.message, payload.ticket, payload.contact, {
      preview: previewLabels(t),
      unknownContact: t("notifications.unknownContact"),
    });
    showDesktopNotification(content, (uuid) => navigate(`/tickets/${uuid}`));
  });

  return null;
}
