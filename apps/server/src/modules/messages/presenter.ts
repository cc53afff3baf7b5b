import { type MessageDetails, type MessageDto, messageDto } from "@inbox/shared";
import type { messages } from "../../db/schema/index.js";
import { fileUrl } from "../../storage/file-url.js";
import { displayName } from "../../storage/storage.js";

export type MessageRow = typeof messages.$inferSelect;

export { type MessageDto, messageDto };

/** A message's sender as the bubble names it. */
export interface MessageSender {
  id: number;
  name: string;
}

/**
 * `sender`: the user who sent the row, when the caller has them (the page
 * joins users, a send knows its user). Without it the answer carries no
 * `user` and clients keep the name they know; a row without a user says
 * `user: null`.
 */
export function presentMessage(row: MessageRow, sender?: MessageSender | null): MessageDto {
  const user =
    row.userId === null
      ? { user: null }
      : sender && sender.id === row.userId
        ? { user: { id: sender.id, name: sender.name } }
        : {};
  return {
    id: row.id,
    ticketId: row.ticketId,
    contactId: row.contactId,
    body: row.body,
    fromMe: row.fromMe,
    mediaType: row.mediaType,
    mediaUrl: fileUrl(row.mediaUrl),
    ack: row.ack,
    read: row.read,
    isPrivate: row.isPrivate,
    isDeleted: row.isDeleted,
    isEdited: row.isEdited,
    isForwarded: row.isForwarded,
    userId: row.userId,
    ...user,
    ...(row.extra?.sentBy === "bot" ? { sentBy: "bot" as const } : {}),
    ...(!row.mediaUrl && typeof row.extra?.mediaError === "string"
      ? { mediaError: row.extra.mediaError }
      : {}),
    quotedMsgId: row.quotedMsgId,
    reactions: row.reactions,
    participant: row.participant,
    ...(row.mediaType === "contactMessage" ? { contactCards: contactCardsOf(row.extra) } : {}),
    ...detailsPart(row),
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

const textOrNull = (value: unknown): string | null =>
  typeof value === "string" && value !== "" ? value : typeof value === "number" ? String(value) : null;
const numberOf = (value: unknown): number | null => {
  const n = typeof value === "number" ? value : typeof value === "string" ? Number(value) : Number.NaN;
  return Number.isFinite(n) ? n : null;
};

function detailsPart(row: MessageRow): { details?: MessageDetails } {
  const details = detailsOf(row);
  return Object.keys(details).length > 0 ? { details } : {};
}

/**
 * What the channel said the message was, from what its parser kept in
 * `extra`: unsupported types, catalogue products, ads, stories, gone media,
 * file names, locations, stickers.
 */
export function detailsOf(row: Pick<MessageRow, "mediaType" | "mediaUrl" | "extra">): MessageDetails {
  const extra = record(row.extra);
  const details: MessageDetails = {};
  if (row.mediaType === "unsupported") {
    const u = record(extra.unsupported);
    details.unsupported = {
      type: textOrNull(u.type) ?? textOrNull(extra.whatsappType),
      code: numberOf(u.code),
      title: textOrNull(u.title),
    };
  }
  const product = record(extra.product);
  if (textOrNull(product.product_retailer_id)) {
    details.product = {
      catalogId: textOrNull(product.catalog_id) ?? "",
      productRetailerId: textOrNull(product.product_retailer_id) ?? "",
    };
  }
  if (extra.referral && typeof extra.referral === "object") {
    const r = record(extra.referral);
    details.referral = {
      sourceType: textOrNull(r.source_type),
      sourceId: textOrNull(r.source_id),
      sourceUrl: textOrNull(r.source_url),
      headline: textOrNull(r.headline),
      body: textOrNull(r.body),
      mediaType: textOrNull(r.media_type),
      imageUrl: textOrNull(r.image_url),
      videoUrl: textOrNull(r.video_url),
      thumbnailUrl: textOrNull(r.thumbnail_url),
    };
  }
  if (extra.storyMention) details.story = { kind: "mention", id: null };
  else if (extra.story) details.story = { kind: "reply", id: textOrNull(record(extra.story).id) };
  if (extra.disappearing === true) details.mediaGone = "disappearing";
  else if (details.story && !row.mediaUrl) details.mediaGone = "expired";
  // The sender's name for the file (inbound: the channel's; ours: the upload's), as display text only.
  const fileName = textOrNull(extra.fileName) ?? textOrNull(extra.filename);
  if (fileName) details.fileName = displayName(fileName, "bin");
  // What storage read from the file's bytes when it was stored (the document card, the audio's length).
  const fileSize = numberOf(extra.fileSize);
  if (row.mediaUrl && fileSize !== null && fileSize >= 0) details.fileSize = fileSize;
  const duration = numberOf(extra.durationSeconds);
  if (row.mediaUrl && duration !== null && duration > 0) details.durationSeconds = duration;
  const location = record(extra.location);
  const latitude = numberOf(location.latitude);
  const longitude = numberOf(location.longitude);
  if (latitude !== null && longitude !== null) {
    details.location = {
      latitude,
      longitude,
      name: textOrNull(location.name),
      address: textOrNull(location.address),
      mapUrl: `https://www.google.com/maps/search/?api=1&query=${latitude},${longitude}`,
    };
  }
  if (extra.sticker === true) details.sticker = true;
  return details;
}
