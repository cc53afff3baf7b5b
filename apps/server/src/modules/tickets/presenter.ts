import {
  type ContactRefDto,
  contactRefDto,
  readableLastMessage,
  type TicketDto,
  ticketDto,
} from "@inbox/shared";
import type { contacts, queues, tags, tickets, users, whatsapps } from "../../db/schema/index.js";
import { fileUrl } from "../../storage/file-url.js";
import { previewOf } from "../messages/preview.js";

export type TicketRow = typeof tickets.$inferSelect;
export type ContactRow = typeof contacts.$inferSelect;

/** The ticket columns a TicketDto shows (the list reads only these). */
export const PRESENTED_TICKET_FIELDS = [
  "id",
  "uuid",
  "status",
  "channel",
  "contactId",
  "whatsappId",
  "userId",
  "queueId",
  "isGroup",
  "isBot",
  "lastMessage",
  "unreadMessages",
  "useIntegration",
  "createdAt",
  "updatedAt",
] as const satisfies readonly (keyof TicketRow)[];
export type PresentedTicketRow = Pick<TicketRow, (typeof PRESENTED_TICKET_FIELDS)[number]>;

/** The contact columns a ticket's contact reference shows. */
export const PRESENTED_CONTACT_FIELDS = [
  "id",
  "name",
  "number",
  "email",
  "channel",
  "isGroup",
  "profilePicUrl",
] as const satisfies readonly (keyof ContactRow)[];
export type PresentedContactRow = Pick<ContactRow, (typeof PRESENTED_CONTACT_FIELDS)[number]>;

/** The related rows a REST answer loads with a ticket; events of the message path carry none. */
export interface TicketRefs {
  queue: Pick<typeof queues.$inferSelect, "id" | "name" | "color"> | null;
  user: Pick<typeof users.$inferSelect, "id" | "name" | "color"> | null;
  whatsapp: Pick<typeof whatsapps.$inferSelect, "id" | "name" | "channel" | "status"> | null;
  tags: Pick<typeof tags.$inferSelect, "id" | "name" | "color">[];
  /** The latest rating (0 to 10) when the reader loaded it; null: not rated. */
  userRating?: { rate: number } | null;
}

export { contactRefDto, type TicketDto, ticketDto };

export function presentContactRef(row: PresentedContactRow): ContactRefDto {
  return {
    id: row.id,
    name: row.name,
    number: row.number,
    email: row.email,
    channel: row.channel,
    isGroup: row.isGroup,
    profilePicUrl: fileUrl(row.profilePicUrl),
  };
}

/**
 * The only way a ticket leaves the server. Related rows are picked field by
 * field: a connection's tokens or a user's hash cannot ride along.
 */
export function presentTicket(
  row: PresentedTicketRow,
  contact?: PresentedContactRow,
  refs?: TicketRefs,
): TicketDto {
  return {
    id: row.id,
    uuid: row.uuid,
    status: row.status,
    channel: row.channel,
    contactId: row.contactId,
    whatsappId: row.whatsappId,
    userId: row.userId,
    queueId: row.queueId,
    isGroup: row.isGroup,
    isBot: row.isBot,
    // Rows written before previews were bounded may hold a whole long text.
    lastMessage: previewOf(readableLastMessage(row.lastMessage)),
    unreadMessages: row.unreadMessages,
    useIntegration: row.useIntegration,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...(contact ? { contact: presentContactRef(contact) } : {}),
    ...(refs
      ? {
          queue: refs.queue && { id: refs.queue.id, name: refs.queue.name, color: refs.queue.color },
          user: refs.user && { id: refs.user.id, name: refs.user.name, color: refs.user.color },
          whatsapp: refs.whatsapp && {
            id: refs.whatsapp.id,
            name: refs.whatsapp.name,
            channel: refs.whatsapp.channel,
            status: refs.whatsapp.status,
          },
          tags: refs.tags.map((tag) => ({ id: tag.id, name: tag.name, color: tag.color })),
          ...(refs.userRating !== undefined
            ? { userRating: refs.userRating && { rate: refs.userRating.rate } }
            : {}),
        }
      : {}),
  };
}
