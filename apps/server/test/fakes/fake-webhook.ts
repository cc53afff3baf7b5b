import { createHmac, timingSafeEqual } from "node:crypto";
import type { ServerResponse } from "node:http";
import { type FakeServer, type RecordedRequest, sendJson, startFakeServer } from "./http-fake.js";

/**
 * A receiver of the webhook / n8n integration as docs/INTEGRATIONS.md tells receivers to write
 * one: it checks X-Inbox-Signature (HMAC-SHA256 of "<timestamp>.<raw body>") and the timestamp's
 * age before reading the payload, answers 401 otherwise, and answers what `respond` says.
 */
export interface FakeWebhook extends FakeServer {
  /** Payloads that passed the signature check, in order. */
  accepted: Record<string, unknown>[];
  respond: (payload: Record<string, unknown>, res: ServerResponse) => void;
}

export async function startFakeWebhook(secret: string, toleranceSeconds = 300): Promise<FakeWebhook> {
  const accepted: Record<string, unknown>[] = [];
  const respond: FakeWebhook["respond"] = (_payload, res) => sendJson(res, 200, { messages: [] });
  const server = await startFakeServer((req, res) => {
    if (!verified(req, secret, toleranceSeconds)) return sendJson(res, 401, { error: "bad signature" });
    const payload = JSON.parse(req.body.toString("utf8")) as Record<string, unknown>;
    accepted.push(payload);
    fake.respond(payload, res);
  });
  const fake: FakeWebhook = Object.assign(server, { accepted, respond });
  return fake;
}

/** The receiver's check, as in docs/INTEGRATIONS.md. */
export function verified(req: RecordedRequest, secret: string, toleranceSeconds: number): boolean {
  const timestamp = Number(req.headers["x-inbox-timestamp"]);
  const signature = String(req.headers["x-inbox-signature"] ?? "");
  if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > toleranceSeconds)
    return false;
  const expected = `sha256=${createHmac("sha256", secret).update(`${timestamp}.`).update(req.body).digest("hex")}`;
  return (
    signature.length === expected.length && timingSafeEqual(Buffer.from(signature), Buffer.from(expected))
  );
}
