import { type MetaSim, startMetaSim } from "../sim.js";
import { type Receiver, startReceiver } from "./receiver.js";

export const APP_SECRET = "app-secret-for-tests";
export const VERIFY_TOKEN = "verify-me";
export const CLOUD = {
  accountId: "109000000000001",
  accessToken: "EAAG-cloud-token",
  wabaId: "102000000000009",
};
export const PAGE = { accountId: "200000000000002", accessToken: "EAAG-page-token" };
export const IG = { accountId: "17841400000000003", accessToken: "EAAG-ig-token" };

export interface Harness {
  sim: MetaSim;
  receiver: Receiver;
  close(): Promise<void>;
}

/** A sim on port 0 and a receiver acting as our server, with one account per channel. */
export async function startHarness(options: { mediaUrlTtlMs?: number } = {}): Promise<Harness> {
  const receiver = await startReceiver({ appSecret: APP_SECRET, verifyToken: VERIFY_TOKEN });
  const sim = await startMetaSim({ port: 0, ...options });
  const common = { appSecret: APP_SECRET, verifyToken: VERIFY_TOKEN };
  sim.registerAccount({
    channel: "whatsappapi",
    ...CLOUD,
    ...common,
    displayPhoneNumber: "+1 555 010 0001",
    webhookUrl: `${receiver.url}/webhooks/whatsappapi`,
  });
  sim.registerAccount({
    channel: "facebook",
    ...PAGE,
    ...common,
    webhookUrl: `${receiver.url}/webhooks/facebook`,
  });
  sim.registerAccount({
    channel: "instagram",
    ...IG,
    ...common,
    webhookUrl: `${receiver.url}/webhooks/instagram`,
  });
  return {
    sim,
    receiver,
    async close() {
      await sim.close();
      await receiver.close();
    },
  };
}

/** JSON request against the sim. */
export async function call(
  url: string,
  init: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; json: Record<string, unknown> }> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(url, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers,
    ...(init.body !== undefined
      ? { body: typeof init.body === "string" ? init.body : JSON.stringify(init.body) }
      : {}),
  });
  const text = await response.text();
  return { status: response.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

// biome-ignore lint/suspicious/noExplicitAny: tests walk provider JSON freely.
export type Any = any;
