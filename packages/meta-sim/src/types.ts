/** Shapes shared by every part of the simulator. Provider payloads themselves stay plain JSON. */

export type SimChannel = "whatsappapi" | "facebook" | "instagram";

/** One of our connections as Meta knows it. */
export interface AccountInput {
  channel: SimChannel;
  /** phone_number_id (Cloud API), page id (Messenger) or IG id (Instagram). */
  accountId: string;
  accessToken: string;
  appSecret: string;
  /** Where the sim POSTs signed webhooks (and GETs the subscription handshake). */
  webhookUrl: string;
  verifyToken?: string;
  displayPhoneNumber?: string;
  wabaId?: string;
  /** Shown by the phone page and answered by `GET /{accountId}`. */
  name?: string;
}

export interface Account extends AccountInput {
  displayPhoneNumber: string;
  wabaId: string;
  name: string;
}

/** An Instagram professional account linked to a page (`instagram_business_account`). */
export interface InstagramBusinessAccountInput {
  id: string;
  username: string;
  name?: string;
  /** Default: an avatar URL served by the sim. */
  profilePictureUrl?: string;
}

/** A Facebook page a user manages, with the page access token `/{user}/accounts` hands out. */
export interface FacebookPageInput {
  id: string;
  name: string;
  accessToken: string;
  /** Default "Business". */
  category?: string;
  instagram?: InstagramBusinessAccountInput;
}

/** A person who went through Facebook Login: their user token and the pages they manage. */
export interface FacebookUserInput {
  userId: string;
  /** The user access token Facebook Login handed to the browser. */
  accessToken: string;
  name?: string;
  pages: FacebookPageInput[];
}

export interface FacebookUser extends FacebookUserInput {
  name: string;
}

/** A Graph API error as the sim answers it: the HTTP status and the `error` object. */
export interface SimGraphError {
  httpStatus: number;
  error: {
    message: string;
    type: string;
    code: number;
    error_subcode?: number;
    error_user_title?: string;
    error_user_msg?: string;
    error_data?: { messaging_product?: string; details: string };
    fbtrace_id?: string;
  };
}

/** Bytes the sim serves for a media id; default bytes are used when omitted. */
export interface MediaInput {
  bytes?: Uint8Array;
  mimeType?: string;
  filename?: string;
}

export interface DeliverOptions {
  /** true (default) signs with the app secret, false sends no signature, "tamper" sends a wrong one. */
  sign?: boolean | "tamper";
  /** Sends this exact header value instead of computing one. */
  signature?: string;
}

/** What one webhook POST returned. */
export interface DeliveryResult {
  deliveryId: string;
  status: number;
  body: string;
  /** The envelope as sent (parsed back from the raw bytes when possible). */
  payload: unknown;
  /** First provider message id in the delivery (message, status target or reaction). */
  providerMessageId?: string;
  providerMessageIds: string[];
  /** Media ids (Cloud API) or media URLs (Messenger/Instagram) the delivery references. */
  mediaIds: string[];
  durationMs: number;
}

export interface RecordedDelivery {
  id: string;
  accountId: string;
  url: string;
  raw: Buffer;
  signature?: string;
  status: number;
  responseBody: string;
  durationMs: number;
  at: Date;
  /** Network failure (connection refused, timeout); status is 0 then. */
  error?: string;
}

export interface RecordedSend {
  accountId: string;
  channel: SimChannel;
  method: string;
  path: string;
  /** Request headers without Authorization. */
  headers: Record<string, string>;
  body: Record<string, unknown>;
  /** The contact the send addressed (wa_id, PSID or IGSID). */
  recipient?: string;
  /** The message id answered; absent when the sim answered an error. */
  id?: string;
  httpStatus: number;
  error?: SimGraphError["error"];
  at: Date;
}

/** One `POST /{page-id}/subscribed_apps` the sim accepted. */
export interface RecordedSubscription {
  pageId: string;
  fields: string[];
  at: Date;
}

export interface RecordedUpload {
  accountId: string;
  id: string;
  mimeType: string;
  filename?: string;
  size: number;
  sha256: string;
  type?: string;
  at: Date;
}

export interface RecordedRead {
  accountId: string;
  channel: SimChannel;
  /** Cloud API: the message marked read. */
  messageId?: string;
  /** Messenger/Instagram `mark_seen`: the contact whose conversation was seen. */
  recipient?: string;
  at: Date;
}

export interface AutoStatusOptions {
  sent?: boolean;
  delivered?: boolean;
  read?: boolean;
  /** Delay before each status webhook, in ms (default 20). */
  delayMs?: number;
  /** Cloud API: after `sent`, emit a `failed` status with this error (true = errors.reEngagement). */
  failed?: boolean | SimGraphError;
  /** Messenger/Instagram: also POST the `is_echo` copy of each send. */
  echo?: boolean;
}

export interface FireLoadOptions {
  accounts: string[];
  ratePerSecond: number;
  durationSeconds: number;
  kind: "text";
  /** Distinct contacts per account (default 1000). */
  contacts?: number;
  /** Index of the first contact, so two loads can write from different contacts (default 0). */
  firstContact?: number;
  /** Keep-alive connections towards each receiver, one request in flight on each (default 128). */
  maxSockets?: number;
}

/** A load whose requests are all built (bodies, signatures): `fire()` only sends them, paced. */
export interface PreparedLoad {
  /** Requests in the run; message i's body is "load i". */
  total: number;
  /**
   * `Date.now()` when message i was sent (0 until then), on a SharedArrayBuffer:
   * a receiver on another thread (workerData) times each message end to end.
   */
  sentAt: Float64Array;
  /** Sends every request once, paced; resolves when each has its answer or failed. */
  fire(): Promise<FireLoadResult>;
}

export interface FireLoadResult {
  sent: number;
  ok: number;
  failed: number;
  /** Latency percentiles (request start to response end) in ms. */
  p50: number;
  p99: number;
  max: number;
  durationMs: number;
  /** Deliveries per second actually achieved. */
  achievedRate: number;
}

/** One line of the phone page's conversation. */
export interface ConversationItem {
  id: string;
  /** "in": the contact wrote it (webhook to us); "out": our server sent it. */
  direction: "in" | "out";
  type: string;
  text: string;
  mediaUrl?: string;
  status: "pending" | "sent" | "delivered" | "read" | "failed";
  at: number;
  error?: string;
}
