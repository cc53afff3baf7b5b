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
    participant: row.participant,
    ...(row.mediaType === "contactMessage" ? { contactCards: contactCardsOf(row.extra) } : {}),
    sendError: row.sendError,
    sendErrorMessage: row.sendErrorMessage,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

type Card = { name: string; number: string };
const text = (value: unknown): string => (typeof value === "string" ? value : "");
const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" ? (value as Record<string, unknown>) : {};

/**
 * A contact card's name and number from what the channel left in `extra`:
 * `vcard` (our sends), `contacts` as the Cloud API sends them (`name.formatted_name`,
 * `phones[].wa_id`/`phone`) or as Baileys does (`name` and the vCard text, `TEL;waid=`).
 */
export function contactCardsOf(extra: unknown): Card[] {
  const fields = record(extra);
  const sent = record(fields.vcard);
  if (text(sent.name) || text(sent.number)) return [{ name: text(sent.name), number: text(sent.number) }];
  if (!Array.isArray(fields.contacts)) return [];
  return fields.contacts.map((raw): Card => {
    const card = record(raw);
    const phones = Array.isArray(card.phones) ? card.phones.map(record) : [];
    const vcard = text(card.vcard);
    const fromVcard =
      /waid=(\d+)/i.exec(vcard)?.[1] ?? /\nTEL[^:\n]*:([+\d][\d\s()-]*)/i.exec(vcard)?.[1] ?? "";
    return {
      name:
        text(record(card.name).formatted_name) ||
        text(card.name) ||
        (/\nFN:(.*)/.exec(vcard)?.[1] ?? "").trim(),
      number: (text(phones[0]?.wa_id) || text(phones[0]?.phone) || fromVcard).trim(),
    };
  });
}
