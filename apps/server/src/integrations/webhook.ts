import { createHmac, randomBytes, randomUUID } from "node:crypto";
import type { OutboundHttp } from "./http.js";
import { errorMessageOf, jsonOf } from "./http.js";
import { failure, type ProviderResult, statusFailure, success } from "./result.js";

/**
 * Webhook and n8n integrations (spec 3 section 9: the payload carries message, contact, ticket and
 * webhook_type; docs/INTEGRATIONS.md is the receivers' contract). One POST of JSON to the URL the
 * company configured, through OutboundHttp's `user` rules (public addresses only), signed so the
 * receiver can tell it came from us and is fresh:
 *
 *   X-Inbox-Timestamp: <unix seconds>
 *   X-Inbox-Signature: sha256=<hex HMAC-SHA256(secret, "<timestamp>.<raw body>")>
 *   X-Inbox-Delivery:  <id, the same on every retry of one delivery>
 *
 * The timestamp is inside the signed text, so an old delivery cannot be replayed with a new one.
 * Retries (with backoff) are the caller's: a failure says whether one makes sense.
 */
export const SIGNATURE_HEADER = "x-inbox-signature";
export const TIMESTAMP_HEADER = "x-inbox-timestamp";
export const DELIVERY_HEADER = "x-inbox-delivery";

/** At most this many messages of an answer are taken, each text at most this long. */
export const WEBHOOK_MAX_MESSAGES = 20;
export const WEBHOOK_MAX_TEXT = 4096;

export interface WebhookMessage {
  id: number;
  body: string;
  fromMe: boolean;
  mediaType: string | null;
  mediaUrl: string | null;
  createdAt: string;
}
export interface WebhookContact {
  id: number;
  name: string;
  number: string;
  email?: string | null;
}
export interface WebhookTicket {
  id: number;
  uuid: string;
  status: string;
  queueId: number | null;
  whatsappId: number | null;
  companyId: number;
}

export interface WebhookInput {
  /** The integration's URL (urlN8N). */
  url: string;
  /** The integration's signing secret (null: sent unsigned, for rows older than the secret). */
  secret: string | null;
  /** The integration's type, sent as webhook_type. */
  webhookType: "webhook" | "n8n";
  message: WebhookMessage;
  contact: WebhookContact;
  ticket: WebhookTicket;
  /** Keep it across retries of one delivery so the receiver can drop duplicates; a new id otherwise. */
  deliveryId?: string;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface WebhookReplyMessage {
  text: string;
  /** A media address the receiver named: never fetched here (the sender fetches it with its own checks). */
  mediaUrl: string | null;
}
export interface WebhookReply {
  messages: WebhookReplyMessage[];
  /** `"finish": true` in the answer: the integration gives the conversation back. */
  finished: boolean;
  deliveryId: string;
}

/** A new integration's signing secret: 32 random bytes, base64url (43 characters). */
export const newWebhookSecret = (): string => randomBytes(32).toString("base64url");

/** The X-Inbox-Signature value for a timestamp (unix seconds) and the raw body. */
export function signWebhook(secret: string, timestamp: number, rawBody: string): string {
  return `sha256=${createHmac("sha256", secret).update(`${timestamp}.${rawBody}`).digest("hex")}`;
}

export class WebhookClient {
  constructor(
    private readonly http: OutboundHttp,
    private readonly defaults: { timeoutMs: number; now?: () => number },
  ) {}

  async send(input: WebhookInput): Promise<ProviderResult<WebhookReply>> {
    const provider = input.webhookType;
    const deliveryId = input.deliveryId ?? randomUUID();
    const body = JSON.stringify({
      message: input.message,
      contact: input.contact,
      ticket: input.ticket,
      webhook_type: input.webhookType,
    });
    const timestamp = Math.floor((this.defaults.now?.() ?? Date.now()) / 1000);
    const headers: Record<string, string> = {
      "content-type": "application/json",
      "user-agent": "inbox-webhook/1",
      [TIMESTAMP_HEADER]: String(timestamp),
      [DELIVERY_HEADER]: deliveryId,
    };
    if (input.secret) headers[SIGNATURE_HEADER] = signWebhook(input.secret, timestamp, body);
    const timeoutMs = input.timeoutMs ?? this.defaults.timeoutMs;
    const sent = await this.http.call(provider, {
      url: input.url,
      kind: "user",
      headers,
      body,
      timeoutMs,
      ...(input.signal ? { signal: input.signal } : {}),
    });
    if (!sent.ok) return sent;
    const answer = sent.value;
    const json = jsonOf(answer);
    if (answer.status < 200 || answer.status >= 300)
      return statusFailure(provider, answer.status, errorMessageOf(json));
    // An empty or non-JSON 2xx is a receipt without answers (n8n's "respond immediately").
    if (answer.body.length === 0 || json === undefined)
      return success({ messages: [], finished: false, deliveryId });
    const parsed = parseWebhookAnswer(json);
    if (!parsed) return failure(`${provider}'s answer is not { messages: [...] }`, false, answer.status);
    return success({ ...parsed, deliveryId });
  }
}

/**
 * `{ messages: [...], finish? }`; each message a string or `{ text | body, mediaUrl? }`. n8n's
 * "respond with all items" wraps it in an array: its first item is read. Null when the shape is
 * something else entirely.
 */
export function parseWebhookAnswer(json: unknown): Omit<WebhookReply, "deliveryId"> | null {
  const root = Array.isArray(json) ? json[0] : json;
  if (!root || typeof root !== "object") return null;
  const { messages, finish } = root as { messages?: unknown; finish?: unknown };
  if (messages !== undefined && !Array.isArray(messages)) return null;
  const out: WebhookReplyMessage[] = [];
  for (const item of messages ?? []) {
    if (out.length >= WEBHOOK_MAX_MESSAGES) break;
    const message = replyMessage(item);
    if (message) out.push(message);
  }
  return { messages: out, finished: finish === true };
}

function replyMessage(item: unknown): WebhookReplyMessage | null {
  if (typeof item === "string")
    return item.trim() ? { text: item.slice(0, WEBHOOK_MAX_TEXT), mediaUrl: null } : null;
  if (!item || typeof item !== "object") return null;
  const { text, body, mediaUrl } = item as { text?: unknown; body?: unknown; mediaUrl?: unknown };
  const content = typeof text === "string" ? text : typeof body === "string" ? body : "";
  const media = typeof mediaUrl === "string" && /^https?:\/\/\S+$/i.test(mediaUrl) ? mediaUrl : null;
  if (!content.trim() && !media) return null;
  return { text: content.slice(0, WEBHOOK_MAX_TEXT), mediaUrl: media };
}
