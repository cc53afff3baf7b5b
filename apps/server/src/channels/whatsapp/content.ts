import { getContentType, normalizeMessageContent, proto } from "baileys";
import type { MediaKind } from "../types.js";

/**
 * What a Baileys message body is, before we know who sent it: a message to
 * store, or a protocol/reaction message that changes another message.
 */
export type ParsedContent =
  | {
      kind: "message";
      body: string;
      mediaType: MediaKind;
      /** Set for media we must download: the part of the message that holds the media keys. */
      media?: { mimeType?: string; filename?: string };
      quotedProviderMessageId?: string;
      isForwarded: boolean;
      extra?: Record<string, unknown>;
    }
  | { kind: "revoke"; targetProviderMessageId: string }
  | { kind: "edit"; targetProviderMessageId: string; body: string }
  | { kind: "reaction"; targetProviderMessageId: string; emoji: string; senderTimestampMs?: number }
  /** Nothing a person wrote: key distribution, history-sync notices, app-state keys. */
  | { kind: "ignore" };

type Message = proto.IMessage;

export function parseContent(raw: Message | null | undefined): ParsedContent {
  // Unwraps ephemeral, view-once, document-with-caption and edited envelopes.
  const content = normalizeMessageContent(raw);
  const type = getContentType(content);
  if (!content || !type) return { kind: "ignore" };

  if (content.protocolMessage) return parseProtocol(content.protocolMessage);
  if (content.reactionMessage) {
    const reaction = content.reactionMessage;
    const target = reaction.key?.id;
    if (!target) return { kind: "ignore" };
    const sentAt = reaction.senderTimestampMs;
    return {
      kind: "reaction",
      targetProviderMessageId: target,
      emoji: reaction.text ?? "",
      senderTimestampMs: sentAt === null || sentAt === undefined ? undefined : Number(sentAt),
    };
  }

  const context = contextInfoOf(content[type]);
  const base = {
    kind: "message" as const,
    quotedProviderMessageId: context?.stanzaId || undefined,
    // WhatsApp marks forwards by score; `isForwarded` alone misses some clients.
    isForwarded: Boolean(context?.isForwarded) || (context?.forwardingScore ?? 0) > 0,
  };
  return { ...base, ...describe(content) };
}

/** Body, kind, media and display extras of a normalised message. */
function describe(
  content: Message,
): Pick<Extract<ParsedContent, { kind: "message" }>, "body" | "mediaType" | "media" | "extra"> {
  if (typeof content.conversation === "string") return { body: content.conversation, mediaType: "chat" };
  if (content.extendedTextMessage) return { body: content.extendedTextMessage.text ?? "", mediaType: "chat" };
  if (content.imageMessage) {
    const m = content.imageMessage;
    return { body: m.caption ?? "", mediaType: "image", media: mediaOf(m.mimetype) };
  }
  if (content.videoMessage) {
    const m = content.videoMessage;
    return { body: m.caption ?? "", mediaType: "video", media: mediaOf(m.mimetype) };
  }
  if (content.audioMessage) {
    const m = content.audioMessage;
    return { body: "", mediaType: "audio", media: mediaOf(m.mimetype), extra: { ptt: Boolean(m.ptt) } };
  }
  if (content.documentMessage) {
    const m = content.documentMessage;
    return {
      body: m.caption ?? m.fileName ?? "",
      mediaType: "application",
      media: mediaOf(m.mimetype, m.fileName),
      ...(m.fileName ? { extra: { fileName: m.fileName } } : {}),
    };
  }
  if (content.stickerMessage) {
    return { body: "", mediaType: "sticker", media: mediaOf(content.stickerMessage.mimetype) };
  }
  const location = content.locationMessage ?? content.liveLocationMessage;
  if (location) {
    const { degreesLatitude: latitude, degreesLongitude: longitude } = location;
    const label = "name" in location ? [location.name, location.address].filter(Boolean).join(", ") : "";
    return {
      body: label || `${latitude}, ${longitude}`,
      mediaType: "locationMessage",
      extra: {
        location: { latitude, longitude, name: label || undefined },
        mapUrl: `https://maps.google.com/maps?q=${latitude},${longitude}&z=17`,
      },
    };
  }
  const cards = content.contactMessage
    ? [content.contactMessage]
    : (content.contactsArrayMessage?.contacts ?? undefined);
  if (cards) {
    const contacts = cards.map((c) => ({ name: c.displayName ?? "", vcard: c.vcard ?? "" }));
    return {
      body: contacts.map((c) => c.vcard).join("\n"),
      mediaType: "contactMessage",
      extra: { contacts },
    };
  }
  const reply = replyText(content);
  if (reply !== undefined) return { body: reply, mediaType: "chat" };
  return { body: "", mediaType: "unsupported", extra: { whatsappType: getContentType(content) } };
}

/** Answers to buttons and lists arrive as their own types; the chosen text is what the bots read. */
function replyText(content: Message): string | undefined {
  const text =
    content.buttonsResponseMessage?.selectedDisplayText ??
    content.templateButtonReplyMessage?.selectedDisplayText ??
    content.listResponseMessage?.title ??
    content.interactiveResponseMessage?.body?.text;
  return text ?? undefined;
}

function parseProtocol(message: proto.Message.IProtocolMessage): ParsedContent {
  const target = message.key?.id;
  if (!target) return { kind: "ignore" };
  if (message.type === proto.Message.ProtocolMessage.Type.REVOKE) {
    return { kind: "revoke", targetProviderMessageId: target };
  }
  if (message.type === proto.Message.ProtocolMessage.Type.MESSAGE_EDIT && message.editedMessage) {
    const edited = parseContent(message.editedMessage);
    const body = edited.kind === "message" ? edited.body : "";
    return { kind: "edit", targetProviderMessageId: target, body };
  }
  return { kind: "ignore" };
}

function mediaOf(mimetype?: string | null, filename?: string | null) {
  return { mimeType: mimetype ?? undefined, filename: filename ?? undefined };
}

function contextInfoOf(part: unknown): proto.IContextInfo | undefined {
  if (!part || typeof part !== "object" || !("contextInfo" in part)) return undefined;
  const context = part.contextInfo;
  return context && typeof context === "object" ? (context as proto.IContextInfo) : undefined;
}

/** A file name for media that arrived without one: `${messageId}.${subtype}` (`audio/ogg; codecs=opus` -> `.ogg`). */
export function fallbackFilename(providerMessageId: string, mimeType?: string): string {
  const subtype = mimeType?.split("/")[1]?.split(";")[0]?.trim();
  const extension = subtype ? subtype.replace(/[^a-z0-9]/gi, "").slice(0, 10) : "bin";
  return `${providerMessageId}.${extension || "bin"}`;
}
