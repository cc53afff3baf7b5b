import { z } from "zod";
import type { contacts, tickets } from "../../db/schema/index.js";

export type TicketRow = typeof tickets.$inferSelect;
export type ContactRow = typeof contacts.$inferSelect;

export const contactRefDto = z.object({
  id: z.number(),
  name: z.string(),
  number: z.string(),
  channel: z.string(),
  isGroup: z.boolean(),
  profilePicUrl: z.string().nullable(),
});

/** The ticket as lists and events carry it (spec 1 section 3, Ticket). */
export const ticketDto = z.object({
  id: z.number(),
  uuid: z.string(),
  status: z.string(),
  channel: z.string(),
  contactId: z.number(),
  whatsappId: z.number().nullable(),
  userId: z.number().nullable(),
  queueId: z.number().nullable(),
  isGroup: z.boolean(),
  isBot: z.boolean(),
  lastMessage: z.string(),
  unreadMessages: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  contact: contactRefDto.optional(),
});
export type TicketDto = z.infer<typeof ticketDto>;

export function presentContactRef(row: ContactRow): z.infer<typeof contactRefDto> {
  return {
    id: row.id,
    name: row.name,
    number: row.number,
    channel: row.channel,
    isGroup: row.isGroup,
    profilePicUrl: row.profilePicUrl,
  };
}

export function presentTicket(row: TicketRow, contact?: ContactRow): TicketDto {
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
    lastMessage: row.lastMessage,
    unreadMessages: row.unreadMessages,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...(contact ? { contact: presentContactRef(contact) } : {}),
  };
}
