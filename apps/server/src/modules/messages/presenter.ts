import { type MessageDto, messageDto } from "@inbox/shared";
import type { messages } from "../../db/schema/index.js";

export type MessageRow = typeof messages.$inferSelect;

export { type MessageDto, messageDto };

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
