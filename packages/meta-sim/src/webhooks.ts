import { createHmac, randomInt } from "node:crypto";
import http from "node:http";
import https from "node:https";
import { localId } from "./ids.js";
import type { Account, DeliverOptions, RecordedDelivery } from "./types.js";

/** `sha256=<hex HMAC-SHA256 of the exact raw bytes>` keyed by the app secret. */
export function signatureFor(raw: Buffer | string, appSecret: string): string {
  return `sha256=${createHmac("sha256", appSecret).update(raw).digest("hex")}`;
}

/** A signature that looks right but does not verify: the last hex digit is changed. */
export function tamperedSignature(raw: Buffer | string, appSecret: string): string {
  const good = signatureFor(raw, appSecret);
  const last = good.at(-1) === "0" ? "1" : "0";
  return good.slice(0, -1) + last;
}

export interface PostResult {
  status: number;
  body: string;
  durationMs: number;
  error?: string;
}

const agents = {
  http: new http.Agent({ keepAlive: true, maxSockets: 64 }),
  https: new https.Agent({ keepAlive: true, maxSockets: 64 }),
};

/**
 * POSTs bytes with keep-alive; resolves (never rejects) with the status, body
 * and the time from request start to response end.
 */
export function postRaw(
  url: URL,
  raw: Buffer,
  headers: Record<string, string>,
  timeoutMs = 15_000,
): Promise<PostResult> {
  const started = performance.now();
  const transport = url.protocol === "https:" ? https : http;
  return new Promise((resolve) => {
    const req = transport.request(
      url,
      {
        method: "POST",
        agent: url.protocol === "https:" ? agents.https : agents.http,
        headers: { "content-type": "application/json", "content-length": String(raw.length), ...headers },
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString("utf8"),
            durationMs: performance.now() - started,
          }),
        );
        res.on("error", (error) =>
          resolve({ status: 0, body: "", durationMs: performance.now() - started, error: error.message }),
        );
      },
    );
    req.on("timeout", () => req.destroy(new Error(`timeout after ${timeoutMs} ms`)));
    req.on("error", (error) =>
      resolve({ status: 0, body: "", durationMs: performance.now() - started, error: error.message }),
    );
    req.end(raw);
  });
}

/** Signs, POSTs and records every webhook delivery the sim makes. */
export class WebhookSender {
  readonly deliveries: RecordedDelivery[] = [];
  private readonly byId = new Map<string, RecordedDelivery>();

  async deliver(account: Account, body: unknown, options: DeliverOptions = {}): Promise<RecordedDelivery> {
    const raw =
      Buffer.isBuffer(body) || body instanceof Uint8Array
        ? Buffer.from(body)
        : Buffer.from(typeof body === "string" ? body : JSON.stringify(body));
    const sign = options.sign ?? true;
    const signature =
      options.signature ??
      (sign === "tamper"
        ? tamperedSignature(raw, account.appSecret)
        : sign
          ? signatureFor(raw, account.appSecret)
          : undefined);
    return this.post(account.accountId, account.webhookUrl, raw, signature);
  }

  /** POSTs the identical bytes and signature header of an earlier delivery. */
  async redeliver(deliveryId: string): Promise<RecordedDelivery> {
    const earlier = this.byId.get(deliveryId);
    if (!earlier) throw new Error(`unknown delivery ${deliveryId}`);
    return this.post(earlier.accountId, earlier.url, earlier.raw, earlier.signature);
  }

  get(deliveryId: string): RecordedDelivery | undefined {
    return this.byId.get(deliveryId);
  }

  clear(): void {
    this.deliveries.length = 0;
    this.byId.clear();
  }

  private async post(
    accountId: string,
    url: string,
    raw: Buffer,
    signature: string | undefined,
  ): Promise<RecordedDelivery> {
    const headers: Record<string, string> = { "user-agent": "facebookexternalua" };
    if (signature !== undefined) headers["x-hub-signature-256"] = signature;
    const at = new Date();
    const result = await postRaw(new URL(url), raw, headers);
    const delivery: RecordedDelivery = {
      id: localId("dlv"),
      accountId,
      url,
      raw,
      ...(signature !== undefined ? { signature } : {}),
      status: result.status,
      responseBody: result.body,
      durationMs: result.durationMs,
      at,
      ...(result.error ? { error: result.error } : {}),
    };
    this.deliveries.push(delivery);
    this.byId.set(delivery.id, delivery);
    return delivery;
  }
}

export interface VerifyResult {
  status: number;
  body: string;
  challenge: string;
  ok: boolean;
}

/** The subscription handshake: GET callback?hub.mode=subscribe&hub.verify_token=T&hub.challenge=C. */
export async function verifyWebhook(webhookUrl: string, verifyToken: string): Promise<VerifyResult> {
  const challenge = String(randomInt(100_000_000, 2_000_000_000));
  const url = new URL(webhookUrl);
  url.searchParams.set("hub.mode", "subscribe");
  url.searchParams.set("hub.verify_token", verifyToken);
  url.searchParams.set("hub.challenge", challenge);
  const response = await fetch(url, { headers: { "user-agent": "facebookplatform/1.0" } });
  const body = await response.text();
  return { status: response.status, body, challenge, ok: response.status === 200 && body === challenge };
}
