/**
 * Instagram inbound payloads (channels.md, "Instagram"): `object: "instagram"`,
 * IGSIDs, deleted/unsupported flags, story replies, `read { mid }`, no delivery events.
 */
import { mid } from "./ids.js";
import type { MediaStore } from "./media.js";
import { attachmentUrl, type BuiltPageEvent, eventBase, type PageCommon, reactionBody } from "./messenger.js";
import type { Account, MediaInput } from "./types.js";

type Json = Record<string, unknown>;

export type InstagramAttachmentType =
  | "image"
  | "video"
  | "audio"
  | "file"
  | "share"
  | "story_mention"
  | "ig_reel"
  | "reel"
  /** Disappearing (view-once) media: no URL to fetch. */
  | "ephemeral";

/** A reply to one of our messages (`{ mid }`) or to our story (`{ story: { url, id } }`). */
export type InstagramReplyTo = string | { story: { url?: string; id: string } };

export type InstagramEventSpec = PageCommon &
  (
    | { type: "text"; text: string; mid?: string; replyTo?: InstagramReplyTo }
    | {
        type: "attachment";
        attachmentType: InstagramAttachmentType;
        media?: MediaInput;
        url?: string;
        /** ig_reel / reel: the reel's id and caption. */
        reelVideoId?: string;
        title?: string;
        mid?: string;
        replyTo?: InstagramReplyTo;
      }
    | { type: "echo"; text?: string; attachmentType?: InstagramAttachmentType; mid?: string }
    | { type: "deleted"; mid: string }
    | { type: "unsupported"; mid?: string }
    | { type: "reaction"; mid: string; reaction?: string; emoji?: string; action?: "react" | "unreact" }
    | { type: "read"; mid: string }
  );

const MEDIA_KIND: Record<InstagramAttachmentType, string> = {
  image: "image",
  video: "video",
  audio: "audio",
  file: "file",
  share: "image",
  story_mention: "image",
  ig_reel: "video",
  reel: "video",
  ephemeral: "image",
};

export function buildInstagramEvent(
  account: Account,
  media: MediaStore,
  baseUrl: string,
  spec: InstagramEventSpec,
): BuiltPageEvent {
  const base = eventBase(account, spec);
  switch (spec.type) {
    case "text": {
      const message: Json = { mid: spec.mid ?? mid(), text: spec.text };
      if (spec.replyTo !== undefined) message.reply_to = replyTo(baseUrl, media, account, spec.replyTo);
      return { event: { ...base, message }, ids: [message.mid as string], mediaUrls: [] };
    }
    case "attachment": {
      if (spec.attachmentType === "ephemeral") {
        const message: Json = { mid: spec.mid ?? mid(), attachments: [{ type: "ephemeral", payload: {} }] };
        return { event: { ...base, message }, ids: [message.mid as string], mediaUrls: [] };
      }
      const url =
        spec.url ?? attachmentUrl(baseUrl, media, account, MEDIA_KIND[spec.attachmentType], spec.media);
      const payload: Json = { url };
      if (spec.reelVideoId !== undefined) payload.reel_video_id = spec.reelVideoId;
      if (spec.title !== undefined) payload.title = spec.title;
      const message: Json = { mid: spec.mid ?? mid(), attachments: [{ type: spec.attachmentType, payload }] };
      if (spec.replyTo !== undefined) message.reply_to = replyTo(baseUrl, media, account, spec.replyTo);
      return { event: { ...base, message }, ids: [message.mid as string], mediaUrls: [url] };
    }
    case "echo": {
      const message: Json = { mid: spec.mid ?? mid(), is_echo: true };
      if (spec.text !== undefined) message.text = spec.text;
      const mediaUrls: string[] = [];
      if (spec.attachmentType) {
        const url = attachmentUrl(baseUrl, media, account, MEDIA_KIND[spec.attachmentType], undefined);
        mediaUrls.push(url);
        message.attachments = [{ type: spec.attachmentType, payload: { url } }];
      }
      return {
        event: { ...eventBase(account, spec, true), message },
        ids: [message.mid as string],
        mediaUrls,
      };
    }
    case "deleted":
      return {
        event: { ...base, message: { mid: spec.mid, is_deleted: true } },
        ids: [spec.mid],
        mediaUrls: [],
      };
    case "unsupported": {
      const id = spec.mid ?? mid();
      return { event: { ...base, message: { mid: id, is_unsupported: true } }, ids: [id], mediaUrls: [] };
    }
    case "reaction":
      return { event: { ...base, reaction: reactionBody(spec) }, ids: [spec.mid], mediaUrls: [] };
    case "read":
      return { event: { ...base, read: { mid: spec.mid } }, ids: [spec.mid], mediaUrls: [] };
  }
}

function replyTo(baseUrl: string, media: MediaStore, account: Account, input: InstagramReplyTo): Json {
  if (typeof input === "string") return { mid: input };
  const url = input.story.url ?? attachmentUrl(baseUrl, media, account, "image", undefined);
  return { story: { url, id: input.story.id } };
}
