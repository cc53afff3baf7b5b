import type { AppMessageEventPayload, TicketViewer } from "@inbox/shared";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { matchPath, useLocation, useNavigate } from "react-router";
import { readVolume } from "../app/volume";
import { useCompanyEvent } from "../realtime/realtime-context";
import { closeDesktopNotification, showDesktopNotification } from "./desktop";
import {
  type MediaLabel,
  type NotificationSettings,
  notificationContent,
  notificationTag,
  shouldNotify,
} from "./rules";
import { playNotificationSound } from "./sound";

/** The ticket open in this window, from the route /tickets/{uuid}. */
export function currentTicketUuid(pathname: string): string | null {
  const uuid = matchPath("/tickets/:uuid", pathname)?.params.uuid;
  return uuid && uuid !== "undefined" ? uuid : null;
}

/** The user is looking at this window right now. */
export function windowFocused(): boolean {
  return document.visibilityState === "visible" && document.hasFocus();
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

  useCompanyEvent<AppMessageEventPayload>("appMessage", (payload) => {
    if (payload.action !== "create" || !payload.ticket) return;
    if (!shouldNotify(payload, viewer, settings, openTicket, windowFocused())) return;
    playNotificationSound(readVolume());
    const content = notificationContent(payload.message, payload.ticket, payload.contact, {
      media: (type: MediaLabel) => t(`notifications.media.${type}`),
      newMessage: t("notifications.newMessage"),
      unknownContact: t("notifications.unknownContact"),
    });
    showDesktopNotification(content, (uuid) => navigate(`/tickets/${uuid}`));
  });

  return null;
}
