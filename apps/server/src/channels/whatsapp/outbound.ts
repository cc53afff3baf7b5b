import { access } from "node:fs/promises";
import { basename, isAbsolute } from "node:path";
import { fileURLToPath } from "node:url";
import type { AnyMessageContent, WAMessage, WAMessageKey } from "baileys";
import { type OutboundMessage, ProviderError } from "../types.js";
import { jidDigits, toJid } from "./jid.js";
import { statusCodeOf } from "./socket.js";

/**
 * OutboundMessage -> what `sock.sendMessage` takes. Keys of messages we
 * refer to (quotes, reactions, read receipts) come from the session's recent
 * messages when it still has them; otherwise a minimal key is built from the
 * id and the chat (fromMe false, no participant): right for one-to-one
 * messages from the contact, which is what agents quote and react to most.
 */

/** Looks up a message this session saw recently, by provider id. */
export type RecentMessages = (providerMessageId: string) => WAMessage | undefined;

export type SendPlan =
  | { kind: "send"; jid: string; content: AnyMessageContent; quoted?: WAMessage }
  | { kind: "read"; key: WAMessageKey };

export async function planSend(message: OutboundMessage, recent: RecentMessages): Promise<SendPlan> {
  const jid = toJid(message.to);
  // Without the recent message we cannot know fromMe or a group's participant; see the module note.
  const keyFor = (id: string): WAMessageKey => recent(id)?.key ?? { remoteJid: jid, id, fromMe: false };

  if (message.kind === "read") {
    const id = required(message.readProviderMessageId, "readProviderMessageId");
    return { kind: "read", key: keyFor(id) };
  }
  const quoted = message.quotedProviderMessageId
    ? (recent(message.quotedProviderMessageId) ?? {
        key: keyFor(message.quotedProviderMessageId),
        // Baileys reads the quoted text for the preview; an empty body still links the reply.
        message: { conversation: "" },
      })
    : undefined;
  return { kind: "send", jid, content: await contentOf(message, keyFor), quoted };
}

async function contentOf(message: OutboundMessage, keyFor: (id: string) => WAMessageKey) {
  const caption = message.body || undefined;
  switch (message.kind) {
    case "text":
      return { text: required(message.body, "body") } satisfies AnyMessageContent;
    case "image": {
      const media = await mediaSource(message);
      return { image: media.upload, caption, mimetype: media.mimeType } satisfies AnyMessageContent;
    }
    case "video": {
      const media = await mediaSource(message);
      return { video: media.upload, caption, mimetype: media.mimeType } satisfies AnyMessageContent;
    }
    case "audio": {
      const media = await mediaSource(message);
      // Recorded audio goes out as a voice note unless the caller says it is a plain audio file. WhatsApp
      // plays voice notes as Ogg/Opus only (the server converts recordings to it before storing them);
      // other audio (MP3, AAC, MP4) goes as an audio file, which plays everywhere.
      const voice = (message.voice ?? true) && isOgg(media.mimeType);
      return {
        audio: media.upload,
        ptt: voice,
        mimetype: voice ? VOICE_MIME_TYPE : media.mimeType,
      } satisfies AnyMessageContent;
    }
    case "document": {
      const media = await mediaSource(message);
      return {
        document: media.upload,
        mimetype: media.mimeType,
        fileName: media.filename,
        caption,
      } satisfies AnyMessageContent;
    }
    case "contact": {
      const card = required(message.vcard, "vcard");
      return {
        contacts: { displayName: card.name, contacts: [{ displayName: card.name, vcard: vcardOf(card) }] },
      } satisfies AnyMessageContent;
    }
    case "edit": {
      const target = required(message.targetProviderMessageId, "targetProviderMessageId");
      return {
        text: required(message.body, "body"),
        edit: ownKey(message, target, keyFor),
      } satisfies AnyMessageContent;
    }
    case "delete": {
      const target = required(message.targetProviderMessageId, "targetProviderMessageId");
      return { delete: ownKey(message, target, keyFor) } satisfies AnyMessageContent;
    }
    case "reaction": {
      const reaction = required(message.reaction, "reaction");
      return {
        react: { text: reaction.emoji, key: keyFor(reaction.targetProviderMessageId) },
      } satisfies AnyMessageContent;
    }
    default:
      throw new ProviderError(`WhatsApp cannot send "${message.kind}"`, undefined, { retryable: false });
  }
}

/** The type WhatsApp's own clients give voice notes. */
export const VOICE_MIME_TYPE = "audio/ogg; codecs=opus";

function isOgg(mimeType: string): boolean {
  return mimeType.split(";")[0]?.trim().toLowerCase() === "audio/ogg";
}

/** Edits and deletes name a message we sent: fromMe, unless the session still knows its real key. */
function ownKey(message: OutboundMessage, id: string, keyFor: (id: string) => WAMessageKey): WAMessageKey {
  const key = keyFor(id);
  return key.fromMe ? key : { remoteJid: toJid(message.to), id, fromMe: true };
}

/** Media from bytes already read from our storage, an http(s) URL (Baileys fetches it) or an absolute path under our storage (Baileys streams it). */
async function mediaSource(message: OutboundMessage) {
  const media = required(message.media, "media");
  // Files of our storage (`/public/...`) arrive read by the outbound service.
  if (media.bytes) {
    return { upload: media.bytes, mimeType: media.mimeType, filename: media.filename ?? "file" };
  }
  let location = media.url;
  if (location.startsWith("file:")) location = fileURLToPath(location);
  const remote = /^https?:\/\//i.test(location);
  if (!remote) {
    if (!isAbsolute(location)) {
      throw new ProviderError(`Media must be an http(s) URL or an absolute path: ${media.url}`, undefined, {
        retryable: false,
      });
    }
    // Checked here so a missing file is a clear, final error instead of a stream failure inside Baileys.
    await access(location).catch(() => {
      throw new ProviderError(`Media file not found: ${location}`, undefined, { retryable: false });
    });
  }
  const filename = media.filename ?? (remote ? basename(new URL(location).pathname) : basename(location));
  return { upload: { url: location }, mimeType: media.mimeType, filename: filename || "file" };
}

export function vcardOf(card: { name: string; number: string }): string {
  const digits = jidDigits(card.number);
  return [
    "BEGIN:VCARD",
    "VERSION:3.0",
    `FN:${card.name}`,
    `TEL;type=CELL;type=VOICE;waid=${digits}:+${digits}`,
    "END:VCARD",
  ].join("\n");
}

function required<T>(value: T | undefined | null, field: string): T {
  if (value === undefined || value === null || value === "") {
    throw new ProviderError(`Outbound message is missing ${field}`, undefined, { retryable: false });
  }
  return value;
}

/** Boom errors from Baileys become ProviderErrors; closed sockets and server trouble are worth a retry. */
export function toProviderError(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  const code = statusCodeOf(error);
  const retryable = code === undefined || code >= 500 || [408, 428, 429, 440].includes(code);
  const message = error instanceof Error ? error.message : String(error);
  return new ProviderError(message, code, { retryable });
}
