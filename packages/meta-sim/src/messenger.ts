/**
 * Messenger inbound payloads (channels.md, "Messenger"): `object: "page"`,
 * one messaging event per entry, timestamps in milliseconds.
 */
import { mid } from "./ids.js";
import type { MediaStore } from "./media.js";
import type { Account, MediaInput } from "./types.js";

type Json = Record<string, unknown>;

export interface PageCommon {
  /** The contact's PSID (Messenger) or IGSID (Instagram). */
  from: string;
  /** Remembered for profile lookups (`GET /{PSID}`) and the phone page. */
  name?: string;
  timestamp?: Date | number;
  /** Some Messenger events carry their timestamp in seconds: "s" sends it so. */
  timestampUnit?: "ms" | "s";
}

export type MessengerAttachmentType = "image" | "video" | "audio" | "file";

export type MessengerEventSpec = PageCommon &
  (
    | { type: "text"; text: string; mid?: string; replyTo?: string; quickReply?: string }
    | {
        type: "attachment";
        attachmentType: MessengerAttachmentType;
        /** Bytes the sim serves at the attachment URL (default bytes otherwise). */
        media?: MediaInput;
        /** Use this URL instead of a sim-served one. */
        url?: string;
        text?: string;
        mid?: string;
        replyTo?: string;
      }
    | { type: "quick_reply"; text: string; payload: string; mid?: string }
    | { type: "echo"; text?: string; attachmentType?: MessengerAttachmentType; appId?: string; mid?: string }
    | { type: "delivery"; mids?: string[]; watermark?: number }
    | { type: "read"; watermark?: number }
    | { type: "reaction"; mid: string; reaction?: string; emoji?: string; action?: "react" | "unreact" }
    | { type: "postback"; title: string; payload: string; mid?: string }
    /** A sticker: an image attachment with `sticker_id` (369239263222822 is the "like" thumb). */
    | { type: "sticker"; stickerId?: number; media?: MediaInput; mid?: string }
    /** An event whose sender is a `user_ref` (checkbox plugin, guest chat): no PSID. */
    | { type: "user_ref"; userRef: string; text: string; mid?: string }
  );

export interface BuiltPageEvent {
  event: Json;
  /** Message ids the event carries (its own mid, or the targets of delivery/reaction/read). */
  ids: string[];
  mediaUrls: string[];
}

/** Reaction names Meta uses, with the emoji it sends beside them. */
export const REACTION_EMOJI: Record<string, string> = {
  love: "\u2764\uFE0F",
  like: "\uD83D\uDC4D",
  smile: "\uD83D\uDE06",
  wow: "\uD83D\uDE2E",
  sad: "\uD83D\uDE22",
  angry: "\uD83D\uDE20",
  other: "\u2753",
};

export function ms(at: Date | number | undefined): number {
  if (at === undefined) return Date.now();
  return typeof at === "number" ? at : at.getTime();
}

/** Sender/recipient/timestamp of an event: the contact writes to us, or we (echo) write to the contact. */
export function eventBase(account: Account, spec: PageCommon, fromPage = false): Json {
  const at = ms(spec.timestamp);
  const timestamp = spec.timestampUnit === "s" ? Math.floor(at / 1000) : at;
  return fromPage
    ? { sender: { id: account.accountId }, recipient: { id: spec.from }, timestamp }
    : { sender: { id: spec.from }, recipient: { id: account.accountId }, timestamp };
}

export function attachmentUrl(
  baseUrl: string,
  media: MediaStore,
  account: Account,
  kind: string,
  input: MediaInput | undefined,
): string {
  return media.publicUrl(baseUrl, media.put(account.accountId, kind, input));
}

export function buildMessengerEvent(
  account: Account,
  media: MediaStore,
  baseUrl: string,
  spec: MessengerEventSpec,
): BuiltPageEvent {
  const mediaUrls: string[] = [];
  switch (spec.type) {
    case "text":
    case "quick_reply": {
      const message: Json = { mid: spec.mid ?? mid(), text: spec.text };
      if (spec.type === "quick_reply") message.quick_reply = { payload: spec.payload };
      if (spec.type === "text" && spec.quickReply) message.quick_reply = { payload: spec.quickReply };
      if (spec.type === "text" && spec.replyTo) message.reply_to = { mid: spec.replyTo };
      return { event: { ...eventBase(account, spec), message }, ids: [message.mid as string], mediaUrls };
    }
    case "attachment": {
      const url = spec.url ?? attachmentUrl(baseUrl, media, account, spec.attachmentType, spec.media);
      mediaUrls.push(url);
      const message: Json = {
        mid: spec.mid ?? mid(),
        ...(spec.text !== undefined ? { text: spec.text } : {}),
        attachments: [{ type: spec.attachmentType, payload: { url } }],
      };
      if (spec.replyTo) message.reply_to = { mid: spec.replyTo };
      return { event: { ...eventBase(account, spec), message }, ids: [message.mid as string], mediaUrls };
    }
    case "echo": {
      const message: Json = {
        mid: spec.mid ?? mid(),
        is_echo: true,
        app_id: Number(spec.appId ?? 1517776481860111),
      };
      if (spec.text !== undefined) message.text = spec.text;
      if (spec.attachmentType) {
        const url = attachmentUrl(baseUrl, media, account, spec.attachmentType, undefined);
        mediaUrls.push(url);
        message.attachments = [{ type: spec.attachmentType, payload: { url } }];
      }
      return {
        event: { ...eventBase(account, spec, true), message },
        ids: [message.mid as string],
        mediaUrls,
      };
    }
    case "delivery": {
      const watermark = spec.watermark ?? ms(spec.timestamp);
      const delivery: Json = { ...(spec.mids ? { mids: spec.mids } : {}), watermark };
      return { event: { ...eventBase(account, spec), delivery }, ids: spec.mids ?? [], mediaUrls };
    }
    case "read":
      return {
        event: { ...eventBase(account, spec), read: { watermark: spec.watermark ?? ms(spec.timestamp) } },
        ids: [],
        mediaUrls,
      };
    case "reaction":
      return {
        event: { ...eventBase(account, spec), reaction: reactionBody(spec) },
        ids: [spec.mid],
        mediaUrls,
      };
    case "sticker": {
      const url = attachmentUrl(baseUrl, media, account, "image", spec.media);
      mediaUrls.push(url);
      const stickerId = spec.stickerId ?? 369239263222822;
      const message: Json = {
        mid: spec.mid ?? mid(),
        sticker_id: stickerId,
        attachments: [{ type: "image", payload: { url, sticker_id: stickerId } }],
      };
      return { event: { ...eventBase(account, spec), message }, ids: [message.mid as string], mediaUrls };
    }
    case "user_ref": {
      const message: Json = { mid: spec.mid ?? mid(), text: spec.text };
      const { sender: _sender, ...rest } = eventBase(account, spec);
      return {
        event: { sender: { user_ref: spec.userRef }, ...rest, message },
        ids: [message.mid as string],
        mediaUrls,
      };
    }
    case "postback": {
      const postback = { title: spec.title, payload: spec.payload, mid: spec.mid ?? mid() };
      return { event: { ...eventBase(account, spec), postback }, ids: [postback.mid], mediaUrls };
    }
  }
}

/** `reaction { reaction, emoji, action, mid }`; an unreact carries no emoji. */
export function reactionBody(spec: {
  mid: string;
  reaction?: string;
  emoji?: string;
  action?: "react" | "unreact";
}): Json {
  const action = spec.action ?? "react";
  const reaction = spec.reaction ?? "love";
  if (action === "unreact") return { mid: spec.mid, action, reaction };
  return {
    mid: spec.mid,
    action,
    reaction,
    emoji: spec.emoji ?? REACTION_EMOJI[reaction] ?? REACTION_EMOJI.other,
  };
}

/** `{ object, entry: [ { id, time, messaging: [ one event ] } ] }`, one entry per event. */
export function pageEnvelope(object: "page" | "instagram", account: Account, events: Json[]): Json {
  return {
    object,
    entry: events.map((event) => ({
      id: account.accountId,
      time: typeof event.timestamp === "number" ? event.timestamp : Date.now(),
      messaging: [event],
    })),
  };
}
