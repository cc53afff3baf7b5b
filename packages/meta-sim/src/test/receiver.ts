/**
 * A tiny stand-in for our server's webhook endpoint, written the way
 * channels.md asks: handshake by verify token, HMAC over the raw bytes with a
 * constant-time compare before parsing, 401 for anything unsigned or wrong.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedWebhook {
  path: string;
  headers: http.IncomingHttpHeaders;
  raw: Buffer;
  signatureValid: boolean;
  json: unknown;
}

export interface Receiver {
  url: string;
  received: ReceivedWebhook[];
  /** Counts only: the load test does not keep bodies. */
  counts: { ok: number; rejected: number };
  /** Next POSTs answer this status (after verifying). */
  answerWith: number;
  waitForCount(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export function verifySignature(raw: Buffer, header: string | undefined, appSecret: string): boolean {
  if (!header?.startsWith("sha256=")) return false;
  const expected = Buffer.from(createHmac("sha256", appSecret).update(raw).digest("hex"), "utf8");
  const given = Buffer.from(header.slice(7), "utf8");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export async function startReceiver(options: {
  appSecret: string;
  verifyToken: string;
  keepBodies?: boolean;
}): Promise<Receiver> {
  const received: ReceivedWebhook[] = [];
  const counts = { ok: 0, rejected: 0 };
  const receiver: Partial<Receiver> = { answerWith: 200 };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://receiver");
    if (req.method === "GET") {
      const ok =
        url.searchParams.get("hub.mode") === "subscribe" &&
        url.searchParams.get("hub.verify_token") === options.verifyToken;
      res.writeHead(ok ? 200 : 403, { "content-type": "text/plain" });
      res.end(ok ? (url.searchParams.get("hub.challenge") ?? "") : "Forbidden");
      return;
    }
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const raw = Buffer.concat(chunks);
      const header = req.headers["x-hub-signature-256"];
      const signatureValid = verifySignature(
        raw,
        typeof header === "string" ? header : undefined,
        options.appSecret,
      );
      if (options.keepBodies !== false) {
        received.push({
          path: url.pathname,
          headers: req.headers,
          raw,
          signatureValid,
          json: signatureValid ? JSON.parse(raw.toString("utf8")) : undefined,
        });
      }
      if (signatureValid) counts.ok += 1;
      else counts.rejected += 1;
      const status = signatureValid ? (receiver.answerWith ?? 200) : 401;
      res.writeHead(status, { "content-type": "text/plain" });
      res.end(signatureValid ? "EVENT_RECEIVED" : "invalid signature");
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${port}`,
    received,
    counts,
    async waitForCount(count: number, timeoutMs = 3000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`receiver got ${received.length} of ${count} webhooks`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  }) as Receiver;
}
