import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import type { MetaSim } from "@inbox/meta-sim";
import { asc, eq, sql } from "drizzle-orm";
import { randomPassword } from "../auth/passwords.js";
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import { queues } from "../db/schema/index.js";
import { ConnectionsRepo, type NewConnection } from "../modules/connections/repo.js";

/**
 * `npm start -- --demo`: meta-sim runs next to the server as Meta, with one
 * Cloud API connection registered in it, so a newcomer can write as a contact
 * on the sim's phone page and watch the ticket arrive in the app.
 */
export const DEMO_CONNECTION_NAME = "Demo (meta-sim)";
export const DEMO_CONTACT = { number: "5511999990000", name: "Maria Demo" };

export interface DemoSetup {
  connectionId: number;
  /** The connection's phone_number_id, the sim's account id. */
  accountId: string;
  webhookUrl: string;
  /** The sim's phone page, opened on the demo contact's chat. */
  phonePageUrl: string;
}

/** meta-sim (DEMO_SIM_HOST:DEMO_SIM_PORT, a free local port by default); loaded only in demo mode. */
export async function startDemoSim(
  config: Pick<Config, "DEMO_SIM_PORT" | "DEMO_SIM_HOST">,
): Promise<MetaSim> {
  const { startMetaSim } = await import("@inbox/meta-sim");
  return startMetaSim({ port: config.DEMO_SIM_PORT, host: config.DEMO_SIM_HOST });
}

/**
 * Idempotent, run on every demo boot: the company's "Demo (meta-sim)"
 * connection exists with its credentials (created once, then reused), and the
 * sim, whose memory is fresh at each boot, knows it with our webhook URL and
 * app secret, so its signed webhooks reach us and pass the signature check.
 */
export async function setupDemo(options: {
  db: Db;
  sim: MetaSim;
  /** Where the sim reaches this server (a local address). */
  serverUrl: string;
  companyId?: number;
}): Promise<DemoSetup> {
  const { db, sim } = options;
  const companyId = options.companyId ?? 1;
  const repo = new ConnectionsRepo(db);
  const existing = (await repo.list(companyId, "whatsappapi")).find((c) => c.name === DEMO_CONNECTION_NAME);
  const credentials = {
    phoneNumberId: existing?.phoneNumberId || `1555${randomDigits(11)}`,
    wabaId: existing?.wabaId || randomDigits(15),
    accessToken: existing?.accessToken || `EAAG-demo-${randomBytes(24).toString("base64url")}`,
    appSecret: existing?.appSecret || randomBytes(24).toString("hex"),
    webhookKey: existing?.webhookKey || randomBytes(24).toString("base64url"),
    verifyToken: existing?.verifyToken || randomPassword(24),
  };
  let connectionId: number;
  if (existing) {
    connectionId = existing.id;
    const incomplete = Object.entries(credentials).some(
      ([key, value]) => existing[key as keyof typeof credentials] !== value,
    );
    if (incomplete || existing.status !== "CONNECTED") {
      await db.transaction((tx) =>
        repo.update(tx, companyId, existing.id, { ...credentials, status: "CONNECTED" }),
      );
    }
  } else {
    const values: NewConnection = {
      ...credentials,
      name: DEMO_CONNECTION_NAME,
      channel: "whatsappapi",
      status: "CONNECTED",
      token: randomPassword(30),
      isDefault: (await repo.count(companyId)) === 0,
    };
    // Linked to the company's first queue: a customer's ticket lands where attendants can accept it.
    const [firstQueue] = await db
      .select({ id: queues.id })
      .from(queues)
      .where(eq(queues.companyId, companyId))
      .orderBy(sql`${queues.orderQueue} ASC NULLS LAST`, asc(queues.id))
      .limit(1);
    connectionId = await db.transaction((tx) =>
      repo.insert(tx, companyId, values, firstQueue ? [firstQueue.id] : []),
    );
  }

  const webhookUrl = `${options.serverUrl.replace(/\/$/, "")}/webhooks/meta/${credentials.webhookKey}`;
  sim.registerAccount({
    channel: "whatsappapi",
    accountId: credentials.phoneNumberId,
    accessToken: credentials.accessToken,
    appSecret: credentials.appSecret,
    verifyToken: credentials.verifyToken,
    wabaId: credentials.wabaId,
    webhookUrl,
    name: DEMO_CONNECTION_NAME,
    displayPhoneNumber: "+1 555 010 0000",
  });
  // Replies from the app get their ticks on the phone page (read ones come from its read receipts).
  sim.autoStatuses(credentials.phoneNumberId, { sent: true, delivered: true, delayMs: 300 });
  const page = new URLSearchParams({
    account: credentials.phoneNumberId,
    contact: DEMO_CONTACT.number,
    name: DEMO_CONTACT.name,
  });
  return {
    connectionId,
    accountId: credentials.phoneNumberId,
    webhookUrl,
    phonePageUrl: `${sim.url}/?${page}`,
  };
}

/** The address the sim (on this machine) uses to reach a server listening on `address`. */
export function localServerUrl(address: AddressInfo | string | null): string {
  if (!address || typeof address === "string") throw new Error("the server is not listening on a port");
  const wildcard = ["0.0.0.0", "::", "::0"].includes(address.address);
  const host = wildcard
    ? "127.0.0.1"
    : address.address.includes(":")
      ? `[${address.address}]`
      : address.address;
  return `http://${host}:${address.port}`;
}

function randomDigits(count: number): string {
  let out = "";
  while (out.length < count) out += String(randomBytes(4).readUInt32BE() % 10);
  return out;
}
