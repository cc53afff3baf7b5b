import type { ConnectionEvents, InboundEvent, InboundMessage, MediaKind } from "../types.js";

/**
 * Messenger (`object: "page"`) and Instagram (`object: "instagram"`)
 * webhooks -> normalised events (channels.md). Pure; odd items are skipped.
 * Our side is the entry id (page id or IG id); the contact is whichever of
 * sender and recipient is not us.
 */
type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string | undefined =>
  typeof v === "string" ? v : typeof v === "number" ? String(v) : undefined;
/**
 * Messenger timestamps are milliseconds, but some events (postbacks and
 * referrals of some placements) carry seconds: a value below 10^11 (1973 in
 * milliseconds, year 5138 in seconds) is read as seconds.
 */
export const fromMillis = (v: unknown): Date => {
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0) return new Date();
  return new Date(n < 1e11 ? n * 1000 : n);
};

const ATTACHMENT_KIND: Record<string, MediaKind> = {
  image: "image",
  video: "video",
  audio: "audio",
  file: "application",
  ig_reel: "video",
  reel: "video",
  story_mention: "image",
  // Messenger sends stickers as images (`payload.sticker_id`); a `sticker` type is read the same way.
  sticker: "image",
};

export function parseMessengerWebhook(payload: unknown): ConnectionEvents[] {
  const root = obj(payload);
  const channel = root.object === "page" ? "facebook" : root.object === "instagram" ? "instagram" : undefined;
  if (!channel) return [];
  const out: ConnectionEvents[] = [];
  for (const e of arr(root.entry)) {
    const entry = obj(e);
    const accountId = str(entry.id);
    if (!accountId) continue;
    const events: InboundEvent[] = [];
    const notices: string[] = [];
    for (const raw of arr(entry.messaging)) {
      const item = obj(raw);
      // Checkbox plugin and guest chat events name the person by a `user_ref`, not a PSID:
      // there is no contact to write to, so they are ignored, but said so.
      const userRef = str(obj(item.sender).user_ref);
      if (userRef) {
        notices.push(`ignored an event from user_ref ${userRef}: no PSID to open a conversation with`);
        continue;
      }
      events.push(...toEvents(item, accountId));
    }
    if (events.length > 0 || notices.length > 0)
      out.push({ channel, accountId, events, ...(notices.length > 0 ? { notices } : {}) });
  }
  return out;
}

function toEvents(item: Obj, accountId: string): InboundEvent[] {
  const sender = str(obj(item.sender).id);
  const recipient = str(obj(item.recipient).id);
  const timestamp = fromMillis(item.timestamp);
  const message = obj(item.message);
  const fromMe = message.is_echo === true || sender === accountId;
  const contactId = fromMe ? recipient : sender;
  if (!contactId) return [];

  if (item.message) {
    const mid = str(message.mid);
    if (!mid) return [];
    if (message.is_deleted === true) return [{ kind: "delete", providerMessageId: mid }];
    return [{ kind: "message", message: toMessage(message, mid, contactId, fromMe, timestamp) }];
  }
  if (item.delivery) {
    return arr(obj(item.delivery).mids)
      .map(str)
      .filter((mid): mid is string => Boolean(mid))
      .map((mid) => ({ kind: "ack" as const, providerMessageId: mid, ack: 2 }));
  }
  if (item.read) {
    const read = obj(item.read);
    const mid = str(read.mid);
    if (mid) return [{ kind: "ack", providerMessageId: mid, ack: 3 }];
    if (read.watermark !== undefined)
      return [{ kind: "readUpTo", contactId, watermark: fromMillis(read.watermark) }];
    return [];
  }
  if (item.reaction) {
    const reaction = obj(item.reaction);
    const mid = str(reaction.mid);
    if (!mid) return [];
    const removed = reaction.action === "unreact";
    return [
      {
        kind: "reaction",
        contact: { id: contactId },
        fromMe,
        targetProviderMessageId: mid,
        emoji: removed ? "" : (str(reaction.emoji) ?? str(reaction.reaction) ?? ""),
        timestamp,
      },
    ];
  }
  if (item.postback) {
    const postback = obj(item.postback);
    const mid = str(postback.mid) ?? `postback-${contactId}-${timestamp.getTime()}`;
    return [
      {
        kind: "message",
        message: {
          providerMessageId: mid,
          timestamp,
          fromMe: false,
          contact: { id: contactId },
          body: str(postback.title) ?? str(postback.payload) ?? "",
          mediaType: "interactive",
          isForwarded: false,
          extra: { postback },
        },
      },
    ];
  }
  return [];
}

function toMessage(
  message: Obj,
  mid: string,
  contactId: string,
  fromMe: boolean,
  timestamp: Date,
): InboundMessage {
  const replyTo = obj(message.reply_to);
  const base: InboundMessage = {
    providerMessageId: mid,
    timestamp,
    fromMe,
    contact: { id: contactId },
    body: str(message.text) ?? "",
    mediaType: "chat",
    isForwarded: false,
    quotedProviderMessageId: str(replyTo.mid),
    extra: {
      ...(message.quick_reply ? { quickReply: message.quick_reply } : {}),
      ...(replyTo.story ? { story: replyTo.story } : {}),
    },
  };
  if (message.is_unsupported === true)
    return {
      ...base,
      mediaType: "unsupported",
      extra: { ...base.extra, unsupported: { type: null, code: null, title: null, details: null } },
    };
  const attachment = obj(arr(message.attachments)[0]);
  const type = str(attachment.type);
  const payload = obj(attachment.payload);
  const url = str(payload.url);
  const story = obj(replyTo.story);
  if (!type) {
    // A reply to our Instagram story: the story's media comes with it while it lives.
    const storyUrl = str(story.url);
    return storyUrl ? { ...base, media: { url: storyUrl } } : base;
  }
  if (type === "ephemeral") {
    // Disappearing (view-once) media: Meta never lets it be fetched.
    return {
      ...base,
      mediaType: "image",
      extra: { ...base.extra, attachmentType: type, disappearing: true },
    };
  }
  const kind = ATTACHMENT_KIND[type];
  if (!kind || !url) {
    // share, fallback, template…: keep what it was so the attendant sees something.
    return {
      ...base,
      mediaType: "adMetaPreview",
      body: base.body || url || type,
      extra: { ...base.extra, attachment },
    };
  }
  const fileName = type === "file" ? fileNameOf(url) : undefined;
  return {
    ...base,
    mediaType: kind,
    media: { url, ...(fileName ? { filename: fileName } : {}) },
    extra: {
      ...base.extra,
      attachmentType: type,
      ...(type === "story_mention" ? { storyMention: { url } } : {}),
      ...(payload.sticker_id !== undefined || message.sticker_id !== undefined ? { sticker: true } : {}),
      ...(fileName ? { fileName } : {}),
    },
  };
}

/** Messenger file URLs end with the file's name (`…/report.pdf?…`). */
function fileNameOf(url: string): string | undefined {
  try {
    const last = decodeURIComponent(new URL(url).pathname.split("/").at(-1) ?? "");
    return /\.[A-Za-z0-9]{1,8}$/.test(last) ? last : undefined;
  } catch {
    return undefined;
  }
}
