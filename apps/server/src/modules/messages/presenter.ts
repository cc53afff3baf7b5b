import { z } from "zod";
import type { messages } from "../../db/schema/index.js";

export type MessageRow = typeof messages.$inferSelect;

/** What clients see of a message (spec 1 section 3). */
export const messageDto = z.object({
  id: z.number(),
  ticketId: z.number(),
  contactId: z.number().nullable(),
  body: z.string(),
  fromMe: z.boolean(),
  mediaType: z.string(),
  mediaUrl: z.string().nullable(),
  ack: z.number(),
  read: z.boolean(),
  isPrivate: z.boolean(),
  isDeleted: z.boolean(),
  isEdited: z.boolean(),
  isForwarded: z.boolean(),
  quotedMsgId: z.number().nullable(),
  reactions: z.array(z.object({ emoji: z.string(), fromMe: z.boolean(), by: z.string(), at: z.string() })),
  sendError: z.string().nullable(),
  sendErrorMessage: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MessageDto = z.infer<typeof messageDto>;

export function presentMessage(row: MessageRow): MessageDto {
  return {
    id: row.id,
    ticketId: row.ticketId,
    contactId: row.contactId,
    body: row.body,
    fromMe: row.fromMe,
    mediaType: row.mediaType,
    mediaUrl: row.mediaUrl,
    ack: row.ack,
    read: row.read,
    isPrivate: row.isPrivate,
    isDeleted: row.isDeleted,
    isEdited: row.isEdited,
    isForwarded: row.isForwarded,
    quotedMsgId: row.quotedMsgId,
    reactions: row.reactions,
    sendError: row.sendError,
    sendErrorMessage: row.sendErrorMessage,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
