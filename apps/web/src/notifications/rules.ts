import {
  type AppMessageEventPayload,
  type ContactRefDto,
  canSeeTicket,
  type MessageDto,
  messagePreview,
  type PreviewLabels,
  type TicketDto,
  type TicketViewer,
  type TicketVisibilityFacts,
  ticketScope,
} from "@inbox/shared";
import { stripWhatsApp } from "../pages/tickets/bubble/whatsapp-format";

/**
 * Who hears about what (spec 1 section 4, Notifications; section 6).
 *
 * "Tickets the user may see", for notifications and the bell, is the
 * viewer's own view without show-all: their own tickets, and the waiting
 * (unassigned or pending) tickets of their queues, or without a queue when
 * allowed. An admin is not called for every conversation another attendant
 * is holding (the original app skipped tickets assigned to someone else
 * too). Group tickets only with allowGroup, admins included: the spec says
 * "group notifications only with allowGroup".
 */

/** Company settings that shape notifications. */
export interface NotificationSettings {
  /** Company setting showNotificationPending is "enabled". */
  showNotificationPending: boolean;
}

/** Statuses whose new messages notify and whose unread tickets the bell lists. */
export const ATTENDED_STATUSES: readonly string[] = ["open", "pending", "group"];

/** The ticket is in the viewer's own view, and a group ticket only with allowGroup. */
export function isViewersTicket(ticket: TicketVisibilityFacts, viewer: TicketViewer): boolean {
  if (ticket.isGroup && !viewer.allowGroup) return false;
  return canSeeTicket(ticketScope(viewer, false), ticket);
}

/**
 * Whether a `company-{id}-appMessage` event calls for a sound and a
 * browser notification. `currentTicketUuid`: the ticket open in this window
 * (null on any other screen); `focused`: the window has the focus and is
 * visible — the open ticket of a focused window needs no notification.
 */
export function shouldNotify(
  event: AppMessageEventPayload,
  viewer: TicketViewer,
  settings: NotificationSettings,
  currentTicketUuid: string | null,
  focused: boolean,
): boolean {
  if (event.action !== "create" || !event.ticket) return false;
  const { message, ticket } = event;
  if (message.fromMe || message.isPrivate || message.isDeleted || message.read) return false;
  if (!ATTENDED_STATUSES.includes(ticket.status)) return false;
  if (ticket.status === "pending" && !settings.showNotificationPending) return false;
  if (!isViewersTicket(ticket, viewer)) return false;
  if (focused && currentTicketUuid === ticket.uuid) return false;
  return true;
}

/** Longest notification body, in characters (desktop notifications show about two lines). */
export const NOTIFICATION_BODY_MAX = 120;

/** `text` on one line, cut at `max` characters at a word boundary when one is near, with an ellipsis. */
export function cutNotificationText(text: string, max = NOTIFICATION_BODY_MAX): string {
  const line = text.replace(/\s+/g, " ").trim();
  const chars = Array.from(line);
  if (chars.length <= max) return line;
  const head = chars.slice(0, max).join("");
  const space = head.lastIndexOf(" ");
  // Cut at the last word boundary unless that loses more than a fifth of the room.
  const cut = space >= max * 0.8 ? head.slice(0, space) : head;
  return `${cut.trimEnd()}…`;
}

export interface NotificationTexts {
  /** The labels of a message's kind ('📷 Foto', '🎤 Áudio'); `message` is any other message without text. */
  preview: PreviewLabels;
  /** Title when the contact is unknown. */
  unknownContact: string;
}

export interface NotificationContent {
  title: string;
  body: string;
  icon: string | undefined;
  /** One notification per ticket: a newer one replaces it. */
  tag: string;
  ticketUuid: string;
}

export const notificationTag = (ticketUuid: string) => `ticket-${ticketUuid}`;

/** A message in one line, as the ticket list and the bell read it: '📷 Foto legenda', '🎤 Áudio 0:08', '📄 nota.pdf'. */
export function previewOfMessage(message: MessageDto, labels: PreviewLabels): string {
  return messagePreview(
    {
      body: message.body,
      mediaType: message.mediaType,
      fileName: message.details?.fileName,
      durationSeconds: message.details?.durationSeconds,
      sticker: message.details?.sticker,
    },
    labels,
  );
}

/** Title = contact name, body = the message without WhatsApp's markers, cut; icon = the contact's avatar. */
export function notificationContent(
  message: MessageDto,
  ticket: TicketDto,
  contact: ContactRefDto | undefined,
  texts: NotificationTexts,
): NotificationContent {
  const who = ticket.contact ?? contact;
  const text = cutNotificationText(stripWhatsApp(previewOfMessage(message, texts.preview)));
  return {
    title: who?.name.trim() || texts.unknownContact,
    body: text,
    icon: who?.profilePicUrl || undefined,
    tag: notificationTag(ticket.uuid),
    ticketUuid: ticket.uuid,
  };
}
