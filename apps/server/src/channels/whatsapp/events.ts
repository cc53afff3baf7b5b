import {
  type BaileysEventMap,
  jidNormalizedUser,
  toNumber,
  type WAMessage,
  WAMessageStatus,
  WAMessageStubType,
  type WAMessageUpdate,
} from "baileys";
import type { InboundEvent, InboundMessage, MediaRef } from "../types.js";
import { fallbackFilename, parseContent } from "./content.js";
import { contactFromJids, isGroupJid, isIgnoredChat, senderOf } from "./jid.js";

/**
 * Pure translation from Baileys event payloads to our InboundEvents. The only
 * side effect is the media download, injected through the context so it can
 * be faked and so a failed download never throws out of here.
 */

export interface TranslationContext {
  /** Our own account (`sock.user`), to name the sender of our messages in groups. */
  me?: { id: string; lid?: string };
  /** Downloads a media message's bytes; may throw. */
  download(message: WAMessage): Promise<Buffer>;
}

/**
 * Baileys status -> the spec's ack (types.ts): 0 error/clock, 1 sent,
 * 2 delivered, 3 read, 5 played. Pending (our clock) is 0, like an error
 * without the error.
 */
const ACK_BY_STATUS: Record<number, number> = {
  [WAMessageStatus.ERROR]: 0,
  [WAMessageStatus.PENDING]: 0,
  [WAMessageStatus.SERVER_ACK]: 1,
  [WAMessageStatus.DELIVERY_ACK]: 2,
  [WAMessageStatus.READ]: 3,
  [WAMessageStatus.PLAYED]: 5,
};

export function ackEvent(providerMessageId: string, status: number): InboundEvent | undefined {
  const ack = ACK_BY_STATUS[status];
  if (ack === undefined) return undefined;
  if (status === WAMessageStatus.ERROR) {
    return {
      kind: "ack",
      providerMessageId,
      ack,
      error: { code: 0, title: "WhatsApp reported a send error" },
    };
  }
  return { kind: "ack", providerMessageId, ack };
}

/**
 * `call`: a call being offered to us, once per call (its later states,
 * ringing, timeout, reject, are not events of ours). Group calls and our own
 * calls from the phone are left alone.
 */
export function callsToEvents(
  calls: BaileysEventMap["call"],
  me?: { id: string; lid?: string },
): InboundEvent[] {
  const events: InboundEvent[] = [];
  for (const call of calls) {
    if (call.status !== "offer" || call.isGroup || !call.id || !call.from) continue;
    if (me && [me.id, me.lid].some((jid) => jid && jidNormalizedUser(jid) === jidNormalizedUser(call.from)))
      continue;
    events.push({
      kind: "call",
      callId: call.id,
      contact: contactFromJids(call.from, call.callerPn),
      providerFrom: call.from,
      isVideo: Boolean(call.isVideo),
      timestamp: call.date instanceof Date && !Number.isNaN(call.date.getTime()) ? call.date : new Date(),
    });
  }
  return events;
}

/**
 * `messages.upsert`: every message of the batch, in order. `append` batches
 * (history and our other devices' sync) are stored like any message but carry
 * `extra.append = true`, so the sink neither counts them unread nor runs bots.
 */
export async function upsertToEvents(
  upsert: BaileysEventMap["messages.upsert"],
  context: TranslationContext,
): Promise<InboundEvent[]> {
  const events: InboundEvent[] = [];
  for (const message of upsert.messages) {
    events.push(...(await messageToEvents(message, upsert.type === "append", context)));
  }
  return events;
}

async function messageToEvents(
  message: WAMessage,
  append: boolean,
  context: TranslationContext,
): Promise<InboundEvent[]> {
  const { key } = message;
  if (!key.id || isIgnoredChat(key.remoteJid)) return [];
  const seconds = toNumber(message.messageTimestamp);
  const timestamp = seconds ? new Date(seconds * 1000) : new Date();

  // A revoke that Baileys merged into a message it still held in its buffer.
  if (message.messageStubType === WAMessageStubType.REVOKE && !message.message) {
    return [{ kind: "delete", providerMessageId: key.id }];
  }

  const parsed = parseContent(message.message);
  switch (parsed.kind) {
    case "ignore":
      return [];
    case "revoke":
      return [{ kind: "delete", providerMessageId: parsed.targetProviderMessageId }];
    case "edit":
      return [{ kind: "edit", providerMessageId: parsed.targetProviderMessageId, body: parsed.body }];
    case "reaction":
      return [
        {
          kind: "reaction",
          contact: senderOf(key, context.me, message.pushName),
          fromMe: Boolean(key.fromMe),
          targetProviderMessageId: parsed.targetProviderMessageId,
          emoji: parsed.emoji,
          timestamp: parsed.senderTimestampMs ? new Date(parsed.senderTimestampMs) : timestamp,
        },
      ];
  }

  const inbound: InboundMessage = {
    providerMessageId: key.id,
    timestamp,
    fromMe: Boolean(key.fromMe),
    contact: senderOf(key, context.me, message.pushName),
    body: parsed.body,
    mediaType: parsed.mediaType,
    isForwarded: parsed.isForwarded,
  };
  if (isGroupJid(key.remoteJid)) inbound.group = { id: jidNormalizedUser(key.remoteJid ?? "") };
  if (parsed.quotedProviderMessageId) inbound.quotedProviderMessageId = parsed.quotedProviderMessageId;
  const extra: Record<string, unknown> = { ...parsed.extra };
  if (append) extra.append = true;
  if (parsed.media) {
    const { media, error } = await downloadMedia(message, parsed.media, context);
    inbound.media = media;
    if (error) extra.mediaError = error;
  }
  if (Object.keys(extra).length > 0) inbound.extra = extra;

  const events: InboundEvent[] = [{ kind: "message", message: inbound }];
  // Baileys folds status updates into a message it still buffers; keep them as acks.
  if (key.fromMe && typeof message.status === "number" && message.status > WAMessageStatus.PENDING) {
    const ack = ackEvent(key.id, message.status);
    if (ack) events.push(ack);
  }
  return events;
}

async function downloadMedia(
  message: WAMessage,
  described: { mimeType?: string; filename?: string },
  context: TranslationContext,
): Promise<{ media: MediaRef; error?: string }> {
  const media: MediaRef = {
    mimeType: described.mimeType,
    filename: described.filename ?? fallbackFilename(message.key.id ?? "media", described.mimeType),
  };
  try {
    media.bytes = await context.download(message);
    return { media };
  } catch (error) {
    // Expired or deleted media must not cost us the message: keep it, without bytes.
    return { media, error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * `messages.update`: only status changes of our own messages become acks.
 * Edits and revokes also pass through here, but Baileys emits them after the
 * protocol message's upsert, which we already translated: taking both would
 * deliver each edit and delete twice.
 */
export function updatesToEvents(updates: WAMessageUpdate[]): InboundEvent[] {
  const events: InboundEvent[] = [];
  for (const { key, update } of updates) {
    if (!key.id || !key.fromMe || typeof update.status !== "number") continue;
    const ack = ackEvent(key.id, update.status);
    if (ack) events.push(ack);
  }
  return events;
}

/**
 * `messages.reaction`: `key` is the reacted-to message, `reaction.key` the
 * reaction's own key (who reacted). Empty text means the reaction was removed.
 */
export function reactionsToEvents(
  reactions: BaileysEventMap["messages.reaction"],
  me?: { id: string; lid?: string },
): InboundEvent[] {
  const events: InboundEvent[] = [];
  for (const { key, reaction } of reactions) {
    if (!key.id || isIgnoredChat(key.remoteJid)) continue;
    const by = reaction.key;
    const contact = by
      ? senderOf({ ...by, remoteJid: by.remoteJid ?? key.remoteJid }, me)
      : contactFromJids(key.remoteJid ?? "");
    const sentAt = reaction.senderTimestampMs;
    events.push({
      kind: "reaction",
      contact,
      fromMe: Boolean(by?.fromMe),
      targetProviderMessageId: key.id,
      emoji: reaction.text ?? "",
      timestamp: sentAt ? new Date(toNumber(sentAt)) : new Date(),
    });
  }
  return events;
}
