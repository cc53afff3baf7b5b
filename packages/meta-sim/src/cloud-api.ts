/**
 * WhatsApp Cloud API inbound payloads (channels.md, "WhatsApp Cloud API"):
 * the `whatsapp_business_account` envelope, messages of every type and statuses.
 */
import { statusErrorFrom } from "./errors.js";
import { digits, numericId, unixSeconds, wamid } from "./ids.js";
import type { MediaStore } from "./media.js";
import type { Account, MediaInput, SimGraphError } from "./types.js";

export interface CloudContext {
  /** The message replied to. */
  id?: string;
  /** Who wrote the message replied to (default: our display number). */
  from?: string;
  forwarded?: boolean;
  frequentlyForwarded?: boolean;
  /** "Message business" on a catalogue product: `context.referred_product`. */
  referredProduct?: { catalogId: string; productRetailerId: string };
}

export interface CloudCommon {
  /** The contact's number (wa_id). */
  from: string;
  /** Profile name in `contacts[].profile.name`. */
  name?: string;
  /** Message id to use instead of a generated wamid. */
  id?: string;
  timestamp?: Date | number;
  context?: CloudContext;
  /** Ad click (click-to-WhatsApp); missing fields get plausible values. */
  referral?: Record<string, unknown>;
}

export type CloudMessageSpec = CloudCommon &
  (
    | { type: "text"; body: string }
    | { type: "image" | "video"; caption?: string; media?: MediaInput }
    | { type: "audio"; voice?: boolean; media?: MediaInput }
    | { type: "document"; caption?: string; filename?: string; media?: MediaInput }
    | { type: "sticker"; animated?: boolean; media?: MediaInput }
    | {
        type: "location";
        latitude: number;
        longitude: number;
        /** `location.name` (the contact's profile name stays in `name`). */
        placeName?: string;
        address?: string;
      }
    | { type: "contacts"; contacts: Array<{ name: string; phone: string; waId?: string }> }
    | { type: "button_reply"; buttonId: string; title: string }
    | { type: "list_reply"; rowId: string; title: string; description?: string }
    | { type: "button"; payload: string; text: string }
    | { type: "reaction"; messageId: string; emoji?: string }
    /** `unsupportedType`: what it really was (Meta's `unsupported.type`, e.g. "edit", "poll_creation"). */
    | { type: "unsupported"; unsupportedType?: string }
  );

export interface CloudStatusSpec {
  type: "status";
  /** The wamid of the message our server sent. */
  id: string;
  status: "sent" | "delivered" | "read" | "failed";
  recipientId: string;
  timestamp?: Date | number;
  /** `statuses[].errors`; a SimGraphError preset is converted. */
  errors?:
    | Array<{ code: number; title: string; message?: string; error_data?: { details: string } }>
    | SimGraphError;
}

export type CloudEventSpec = CloudMessageSpec | CloudStatusSpec;

export interface BuiltCloudMessage {
  message: Record<string, unknown>;
  contact: { profile: { name: string }; wa_id: string };
  mediaId?: string;
}

type Json = Record<string, unknown>;

export function buildCloudMessage(
  account: Account,
  media: MediaStore,
  spec: CloudMessageSpec,
  defaultName: string,
): BuiltCloudMessage {
  const waId = digits(spec.from);
  const message: Json = {
    from: waId,
    id: spec.id ?? wamid(waId),
    timestamp: unixSeconds(spec.timestamp),
  };
  const context = buildContext(account, spec.context);
  if (context) message.context = context;
  if (spec.referral) message.referral = buildReferral(spec.referral);
  let mediaId: string | undefined;
  const storeMedia = (kind: string, input: MediaInput | undefined, filename?: string) => {
    const stored = media.put(account.accountId, kind, {
      ...input,
      ...(filename && !input?.filename ? { filename } : {}),
    });
    mediaId = stored.id;
    return stored;
  };
  switch (spec.type) {
    case "text":
      message.type = "text";
      message.text = { body: spec.body };
      break;
    case "image":
    case "video": {
      const stored = storeMedia(spec.type, spec.media);
      message.type = spec.type;
      message[spec.type] = {
        ...(spec.caption !== undefined ? { caption: spec.caption } : {}),
        mime_type: stored.mimeType,
        sha256: stored.sha256,
        id: stored.id,
      };
      break;
    }
    case "audio": {
      const stored = storeMedia("audio", spec.media);
      message.type = "audio";
      message.audio = {
        mime_type: stored.mimeType,
        sha256: stored.sha256,
        id: stored.id,
        voice: spec.voice ?? false,
      };
      break;
    }
    case "document": {
      const stored = storeMedia("document", spec.media, spec.filename);
      message.type = "document";
      message.document = {
        ...(spec.caption !== undefined ? { caption: spec.caption } : {}),
        filename: spec.filename ?? stored.filename ?? "document",
        mime_type: stored.mimeType,
        sha256: stored.sha256,
        id: stored.id,
      };
      break;
    }
    case "sticker": {
      const stored = storeMedia("sticker", spec.media);
      message.type = "sticker";
      message.sticker = {
        mime_type: stored.mimeType,
        sha256: stored.sha256,
        id: stored.id,
        animated: spec.animated ?? false,
      };
      break;
    }
    case "location":
      message.type = "location";
      message.location = {
        latitude: spec.latitude,
        longitude: spec.longitude,
        ...(spec.placeName !== undefined ? { name: spec.placeName } : {}),
        ...(spec.address !== undefined ? { address: spec.address } : {}),
      };
      break;
    case "contacts":
      message.type = "contacts";
      message.contacts = spec.contacts.map((card) => {
        const [first, ...rest] = card.name.split(" ");
        return {
          name: {
            formatted_name: card.name,
            first_name: first ?? card.name,
            ...(rest.length ? { last_name: rest.join(" ") } : {}),
          },
          phones: [{ phone: card.phone, wa_id: card.waId ?? digits(card.phone), type: "CELL" }],
        };
      });
      break;
    case "button_reply":
      message.type = "interactive";
      message.interactive = { type: "button_reply", button_reply: { id: spec.buttonId, title: spec.title } };
      break;
    case "list_reply":
      message.type = "interactive";
      message.interactive = {
        type: "list_reply",
        list_reply: { id: spec.rowId, title: spec.title, description: spec.description ?? "" },
      };
      break;
    case "button":
      message.type = "button";
      message.button = { payload: spec.payload, text: spec.text };
      break;
    case "reaction":
      message.type = "reaction";
      message.reaction = {
        message_id: spec.messageId,
        ...(spec.emoji !== undefined && spec.emoji !== "" ? { emoji: spec.emoji } : {}),
      };
      break;
    case "unsupported":
      message.type = "unsupported";
      if (spec.unsupportedType) message.unsupported = { type: spec.unsupportedType };
      message.errors = [
        {
          code: 131051,
          title: "Message type unknown",
          message: "Message type unknown",
          error_data: { details: "Message type is currently not supported." },
        },
      ];
      break;
  }
  return {
    message,
    contact: { profile: { name: spec.name ?? defaultName }, wa_id: waId },
    ...(mediaId ? { mediaId } : {}),
  };
}

export function buildCloudStatus(spec: CloudStatusSpec): Json {
  const recipientId = digits(spec.recipientId);
  const status: Json = {
    id: spec.id,
    status: spec.status,
    timestamp: unixSeconds(spec.timestamp),
    recipient_id: recipientId,
  };
  if (spec.status === "sent" || spec.status === "delivered") {
    status.conversation = {
      id: `CONVERSATION_${recipientId}`,
      ...(spec.status === "sent" ? { expiration_timestamp: unixSeconds(Date.now() + 86_400_000) } : {}),
      origin: { type: "service" },
    };
    status.pricing = { billable: false, pricing_model: "PMP", category: "service" };
  }
  if (spec.errors) {
    status.errors = Array.isArray(spec.errors)
      ? spec.errors.map((e) => ({ message: e.title, ...e }))
      : [statusErrorFrom(spec.errors)];
  }
  return status;
}

/** How a batch spreads its events: all in one `value`, one change each, or one entry each. */
export type CloudLayout = "messages" | "changes" | "entries";

export interface CloudValueItem {
  message?: BuiltCloudMessage;
  status?: Json;
}

/** The `whatsapp_business_account` envelope around built messages and statuses. */
export function cloudEnvelope(
  account: Account,
  items: CloudValueItem[],
  layout: CloudLayout = "messages",
): Json {
  const metadata = {
    display_phone_number: digits(account.displayPhoneNumber),
    phone_number_id: account.accountId,
  };
  const buildValue = (group: CloudValueItem[]): Json => {
    const value: Json = { messaging_product: "whatsapp", metadata };
    const messages = group.flatMap((item) => (item.message ? [item.message] : []));
    const statuses = group.flatMap((item) => (item.status ? [item.status] : []));
    if (messages.length) {
      const contacts = new Map<string, BuiltCloudMessage["contact"]>();
      for (const built of messages) contacts.set(built.contact.wa_id, built.contact);
      value.contacts = [...contacts.values()];
      value.messages = messages.map((built) => built.message);
    }
    if (statuses.length) value.statuses = statuses;
    return value;
  };
  const change = (group: CloudValueItem[]) => ({ value: buildValue(group), field: "messages" });
  let entries: Json[];
  if (layout === "entries") {
    entries = items.map((item) => ({ id: account.wabaId, changes: [change([item])] }));
  } else if (layout === "changes") {
    entries = [{ id: account.wabaId, changes: items.map((item) => change([item])) }];
  } else {
    // Meta never mixes messages and statuses in one value: one change for each kind.
    const withMessages = items.filter((item) => item.message);
    const withStatuses = items.filter((item) => item.status);
    const changes = [withMessages, withStatuses].filter((group) => group.length).map(change);
    entries = [{ id: account.wabaId, changes }];
  }
  return { object: "whatsapp_business_account", entry: entries };
}

function buildContext(account: Account, context: CloudContext | undefined): Json | undefined {
  if (!context) return undefined;
  const out: Json = {};
  if (context.referredProduct) {
    out.from = digits(context.from ?? account.displayPhoneNumber);
    out.referred_product = {
      catalog_id: context.referredProduct.catalogId,
      product_retailer_id: context.referredProduct.productRetailerId,
    };
  }
  if (context.forwarded) out.forwarded = true;
  if (context.frequentlyForwarded) out.frequently_forwarded = true;
  if (context.id) {
    out.from = digits(context.from ?? account.displayPhoneNumber);
    out.id = context.id;
  }
  return out;
}

function buildReferral(input: Record<string, unknown>): Json {
  return {
    source_url: "https://fb.me/3cr4Wqqkv",
    source_id: numericId(15),
    source_type: "ad",
    headline: "Talk to us on WhatsApp",
    body: "Click to chat with our team",
    media_type: "image",
    image_url: "https://scontent.xx.fbcdn.net/v/t45.1600-4/ad.png",
    ctwa_clid: `ARA${numericId(12)}`,
    ...input,
  };
}
