import type { Channel } from "@inbox/shared";

/**
 * The normalised language between providers and the rest of the server.
 * Adapters translate provider events into `InboundEvent`s and send
 * `OutboundMessage`s; nothing outside `channels/` knows a provider's shapes.
 */

/** The spec's message kinds (spec 1 section 3, Message.mediaType). */
export type MediaKind =
  | "chat"
  | "image"
  | "audio"
  | "video"
  | "application"
  | "sticker"
  | "locationMessage"
  | "contactMessage"
  | "adMetaPreview"
  | "template"
  | "reactionMessage"
  | "call_log"
  | "interactive"
  | "unsupported";

/** Who wrote: a phone number (WhatsApp), a PSID (Messenger) or an IGSID (Instagram). */
export interface ContactRef {
  /** Normalised id: digits for WhatsApp numbers, the provider id otherwise. */
  id: string;
  name?: string;
  /** Baileys privacy id (`...@lid`), kept beside the phone jid. */
  lid?: string;
  profilePicUrl?: string;
}

export interface MediaRef {
  /** Provider's media id (Cloud API) to fetch through the Graph API. */
  providerMediaId?: string;
  /** Direct URL (Messenger, Instagram attachments). */
  url?: string;
  mimeType?: string;
  filename?: string;
  /** Bytes already in hand (Baileys downloads them itself). */
  bytes?: Buffer;
}

export interface InboundMessage {
  providerMessageId: string;
  timestamp: Date;
  /** True for echoes of our own sends (or sends from the provider's own inbox). */
  fromMe: boolean;
  contact: ContactRef;
  /** Group conversations (WhatsApp `@g.us`): the group, and `contact` is the participant. */
  group?: { id: string; name?: string };
  body: string;
  mediaType: MediaKind;
  media?: MediaRef;
  quotedProviderMessageId?: string;
  isForwarded: boolean;
  /** Provider fields kept for display (location, contact cards, referral, buttons). */
  extra?: Record<string, unknown>;
  /**
   * A message of a history import (WhatsApp Web message import): a ticket it opens is marked
   * imported and goes to this queue, with no wallet routing. Send it with `extra.append` (no unread, no bot).
   */
  imported?: { queueId: number | null };
}

export type InboundEvent =
  | { kind: "message"; message: InboundMessage }
  | {
      kind: "ack";
      providerMessageId: string;
      /** 0 error/clock, 1 sent, 2 delivered, 3 read, 4 read, 5 played. */
      ack: number;
      /** A provider failure (e.g. 131047, outside the 24-hour window). */
      error?: { code: number; title: string };
    }
  | { kind: "readUpTo"; contactId: string; watermark: Date }
  | {
      kind: "reaction";
      contact: ContactRef;
      fromMe: boolean;
      targetProviderMessageId: string;
      /** Empty when the reaction was removed. */
      emoji: string;
      timestamp: Date;
    }
  | { kind: "edit"; providerMessageId: string; body: string }
  | { kind: "delete"; providerMessageId: string }
  | {
      /**
       * Someone calls the connection (WhatsApp Web: Baileys `call` with status offer). Ingest
       * rejects it and answers with AcceptCallWhatsappMessage when the company does not accept calls.
       */
      kind: "call";
      /** The provider's call id, the same for every event of one call. */
      callId: string;
      contact: ContactRef;
      /** The caller as the provider names them (a jid), to reject the call with. */
      providerFrom: string;
      isVideo: boolean;
      timestamp: Date;
    }
  | {
      kind: "session";
      status: "qrcode" | "OPENING" | "CONNECTED" | "DISCONNECTED" | "PAIRING" | "TIMEOUT";
      qrcode?: string;
      /** The account's own number, once connected. */
      number?: string;
      /** QR codes shown since the last successful open. */
      retries?: number;
    };

/** Events of one connection, as found in one provider delivery. */
export interface ConnectionEvents {
  channel: Channel;
  /** How the provider names our side: phone_number_id, page id, IG id, or our connection id (Baileys). */
  accountId: string;
  events: InboundEvent[];
  /** What the parser skipped on purpose and why (e.g. a `user_ref` sender): logged, never silently dropped. */
  notices?: string[];
}

export type OutboundKind =
  | "text"
  | "image"
  | "video"
  | "audio"
  | "document"
  | "contact"
  | "reaction"
  | "read"
  /** A WhatsApp Cloud API message template (the only way to open a conversation there). */
  | "template"
  /** Changes of a message we sent; only where the adapter lists them in `changes`. */
  | "edit"
  | "delete";

export interface OutboundMessage {
  kind: OutboundKind;
  /** The contact's id on the channel. */
  to: string;
  body?: string;
  /** `url` is an http(s) URL or a file path in our storage; `bytes` when the caller already read it. */
  media?: { url: string; mimeType: string; filename?: string; bytes?: Buffer };
  /** Voice note (WhatsApp `ptt`). */
  voice?: boolean;
  vcard?: { name: string; number: string };
  quotedProviderMessageId?: string;
  reaction?: { targetProviderMessageId: string; emoji: string };
  /** For "template": an approved template of the connection's business and its body parameters, in order. */
  template?: { name: string; language: string; parameters: string[] };
  /** For "read": the message being marked read. */
  readProviderMessageId?: string;
  /** For "edit" (new text in `body`) and "delete": our earlier message. */
  targetProviderMessageId?: string;
  /**
   * Stable for one stored message across attempts. A channel that lets the
   * sender name the message (WhatsApp Web) derives the message id from it, so
   * a resend after a crash is the same message to the recipient, not a second.
   */
  idempotencyKey?: string;
}

export interface SendResult {
  providerMessageId: string;
}

/** Credentials and ids of one connection, as an adapter needs them. */
export interface ConnectionCredentials {
  id: number;
  companyId: number;
  channel: Channel;
  phoneNumberId: string | null;
  pageId: string | null;
  instagramId: string | null;
  accessToken: string | null;
}

export interface ChannelAdapter {
  readonly channel: Channel;
  /** Changes of sent messages the channel carries (WhatsApp Web: both; Meta's send APIs: none). */
  readonly changes?: ReadonlySet<"edit" | "delete">;
  send(connection: ConnectionCredentials, message: OutboundMessage): Promise<SendResult>;
  /** Fetches inbound media bytes the event only referenced. */
  downloadMedia(
    connection: ConnectionCredentials,
    media: MediaRef,
  ): Promise<{ bytes: Buffer; mimeType: string; filename?: string }>;
  /** Declines a ringing call (WhatsApp Web only); `from` is the event's `providerFrom`. */
  rejectCall?(connection: ConnectionCredentials, call: { id: string; from: string }): Promise<void>;
  /** The contact's name and picture URL as the channel describes them (Messenger/Instagram Graph profile). */
  profile?(
    connection: ConnectionCredentials,
    userId: string,
  ): Promise<{ name?: string; pictureUrl?: string }>;
}

/** A provider refused a send; `code` is the provider's, `windowClosed` marks the 24-hour rule. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly code: number | undefined,
    readonly options: { windowClosed?: boolean; retryable?: boolean; subcode?: number } = {},
  ) {
    super(message);
  }
}

/**
 * The connection's session runs in another server process (WhatsApp Web with
 * several processes). Not a failure: the sender gives its claim back and
 * hands the stored message to that process with `handOff`.
 */
export class SessionElsewhereError extends ProviderError {
  constructor(readonly handOff: (companyId: number, messageId: number) => Promise<void>) {
    super("The session runs in another server process", undefined, { retryable: true });
  }
}

/**
 * Where adapters hand what they received. The ingest pipeline implements it;
 * adapters never touch the database of messages, tickets or contacts.
 */
export interface InboundSink {
  /** Events of one connection, in the order the provider gave them. Must be idempotent. */
  deliver(connection: { id: number; companyId: number }, events: InboundEvent[]): Promise<void>;
  /**
   * Many deliveries at once, each a list of per-connection event lists (a
   * webhook can carry several accounts). Answers the failed deliveries by
   * index; throws when the batch as a whole failed.
   */
  deliverMany(deliveries: SinkEvents[][]): Promise<Map<number, Error>>;
  /**
   * `deliverMany` in two steps, so a caller can prepare its next batch while this one commits:
   * the answer's `commit` stores what was prepared. Commits run in the order of their prepares,
   * and a prepare may run only while the batch prepared before it commits, never earlier.
   */
  prepareMany(deliveries: SinkEvents[][]): Promise<PreparedDeliveries>;
}

/** A batch `prepareMany` made ready: `commit` answers as `deliverMany` does. */
export interface PreparedDeliveries {
  commit(): Promise<Map<number, Error>>;
}

/** Events of one of our connections, as the sink receives them. */
export interface SinkEvents {
  connection: { id: number; companyId: number };
  events: InboundEvent[];
}
