import { isMaskedNumber, LIMITS, type MessageDto } from "@inbox/shared";
import { createContext, useContext } from "react";

/** The first reactions offered; the rest come from "more" (spec 1 section 9: first 6 then more). */
export const QUICK_REACTIONS = ["👍", "❤️", "😂", "😮", "😢", "🙏"];

/** What the message menu can do in the open conversation; provided by the ticket view. */
export interface MessageActions {
  onReply: (message: MessageDto) => void;
  onEdit: (message: MessageDto) => void;
  /** A message the server answered with after a change (reaction, delete). */
  onChanged: (message: MessageDto) => void;
  /** A loaded message by id (the quoted one of a reply). */
  findMessage: (id: number) => MessageDto | undefined;
  contactName: string;
  /** Group conversations only: open a private ticket with the member who wrote the message. */
  onTalkTo?: (message: MessageDto) => void;
}

export const MessageActionsContext = createContext<MessageActions | null>(null);

export function useMessageActions(): MessageActions | null {
  return useContext(MessageActionsContext);
}

/** Own text messages younger than 15 minutes may be edited (spec 1 sections 5 and 9). */
export function canEditMessage(message: MessageDto, now = Date.now()): boolean {
  return (
    message.fromMe &&
    !message.isDeleted &&
    message.mediaType === "chat" &&
    now - new Date(message.createdAt).getTime() < LIMITS.editWindowMs
  );
}

/** A user may delete own messages (spec 1 section 6). */
export function canDeleteMessage(message: MessageDto): boolean {
  return message.fromMe && !message.isDeleted;
}

/**
 * Talk-to is offered on group messages not from me that name their member
 * (spec 1 section 6), not when the member's number came masked (LGPD): the
 * user may not look a contact up by number.
 */
export function canTalkTo(message: MessageDto): boolean {
  return (
    !message.fromMe &&
    !message.isDeleted &&
    Boolean(message.participant) &&
    !isMaskedNumber(message.participant ?? "")
  );
}
