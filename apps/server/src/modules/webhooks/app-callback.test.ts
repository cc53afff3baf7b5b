import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTeam, unique } from "../../../test/factories.js";
import { eventually, startMetaWorld } from "../../../test/meta.js";
import { messages, webhookDeliveries, whatsapps } from "../../db/schema/index.js";

/**
 * One app-level callback (`/webhooks/meta`) for every account of the
 * platform's Meta app, verified with META_APP_SECRET and routed by account id.
 */
const APP_SECRET = "platform-app-secret-0123";
const VERIFY_TOKEN = "platform-verify-token";

let world: Awaited<ReturnType<typeof startMetaWorld>>;
beforeAll(async () => {
  world = await startMetaWorld({ META_APP_SECRET: APP_SECRET, META_VERIFY_TOKEN: VERIFY_TOKEN });
});
afterAll(() => world.close());

const db = () => world.server.database.db;
const appUrl = () => `${world.baseUrl}/webhooks/meta`;

type Channel = "whatsappapi" | "facebook" | "instagram";

/** A company with a connection on the platform's app (its app secret), registered in the sim at the app URL. */
async function appConnection(channel: Channel, options: { appSecret?: string; accountId?: string } = {}) {
  const team = await buildTeam(world.server.app, db());
  const accountId = options.accountId ?? String(Math.floor(Math.random() * 1e12));
  const accessToken = unique("token");
  const ids =
    channel === "whatsappapi"
      ? { phoneNumberId: accountId }
      : channel === "instagram"
        ? { instagramId: accountId, pageId: unique("p") }
        : { pageId: accountId };
  const res = await world.server.app.inject({
    method: "POST",
    url: "/whatsapp",
    headers: team.adminSession.headers,
    payload: {
      name: unique("conn"),
      channel,
      accessToken,
      appSecret: options.appSecret ?? APP_SECRET,
      ...ids,
    },
  });
  if (res.statusCode !== 201) throw new Error(`connection: ${res.statusCode} ${res.body}`);
  const { id } = res.json() as { id: number };
  world.sim.registerAccount({
    channel,
    accountId,
    accessToken,
    appSecret: options.appSecret ?? APP_SECRET,
    webhookUrl: appUrl(),
    verifyToken: VERIFY_TOKEN,
  });
  return { team, accountId, connectionId: id, companyId: team.company.id };
}

const messagesOf = (companyId: number) =>
  db().select().from(messages).where(eq(messages.companyId, companyId)).orderBy(messages.id);
const waitMessages = (companyId: number, count: number) =>
  eventually(async () => {
    const rows = await messagesOf(companyId);
    return rows.length >= count ? rows : undefined;
  });
const deliveriesOf = (connectionIds: number[]) =>
  db()
    .select()
    .from(webhookDeliveries)
    .where(inArray(webhookDeliveries.whatsappId, connectionIds))
    .orderBy(webhookDeliveries.id);

describe("the app-level callback /webhooks/meta", () => {
  it("answers the handshake with META_VERIFY_TOKEN, 403 otherwise", async () => {
    const ok = await fetch(
      `${appUrl()}?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=4242`,
    );
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe("4242");
    const wrong = await fetch(`${appUrl()}?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=1`);
    expect(wrong.status).toBe(403);
    expect(((await wrong.json()) as { error: string }).error).toBe("ERR_NO_PERMISSION");
  });

  it("routes each channel's deliveries by account id to the right connection of the right company", async () => {
    const wa = await appConnection("whatsappapi");
    const fb = await appConnection("facebook");
    const ig = await appConnection("instagram");
    expect((await world.sim.cloud.text(wa.accountId, { from: "5511966660001", body: "wa" })).status).toBe(
      200,
    );
    expect((await world.sim.messenger.text(fb.accountId, { from: "1960001", text: "fb" })).status).toBe(200);
    expect((await world.sim.instagram.text(ig.accountId, { from: "2960001", text: "ig" })).status).toBe(200);
    expect((await waitMessages(wa.companyId, 1)).map((m) => [m.body, m.whatsappId])).toEqual([
      ["wa", wa.connectionId],
    ]);
    expect((await waitMessages(fb.companyId, 1)).map((m) => [m.body, m.whatsappId])).toEqual([
      ["fb", fb.connectionId],
    ]);
    expect((await waitMessages(ig.companyId, 1)).map((m) => [m.body, m.whatsappId])).toEqual([
      ["ig", ig.connectionId],
    ]);
  });

  it("one delivery naming two pages of two companies is split: stored before the 200, in order, each once", async () => {
    const a = await appConnection("facebook");
    const b = await appConnection("facebook");
    const event = (page: string, psid: string, mid: string, text: string, at: number) => ({
      id: page,
      time: at,
      messaging: [{ sender: { id: psid }, recipient: { id: page }, timestamp: at, message: { mid, text } }],
    });
    const now = Date.now();
    const payload = {
      object: "page",
      entry: [
        event(a.accountId, "1960010", "m_a1", "a-um", now),
        event(b.accountId, "1960020", "m_b1", "b-um", now + 1),
        event(a.accountId, "1960010", "m_a2", "a-dois", now + 2),
        event("999999999999999", "1960030", "m_x", "nobody", now + 3),
      ],
    };
    // Processing waits: what is in the table right after the 200 was stored before it.
    const first = await world.sim.deliver(a.accountId, payload);
    expect(first.status).toBe(200);
    const stored = await deliveriesOf([a.connectionId, b.connectionId]);
    expect(stored.map((d) => [d.whatsappId, d.companyId])).toEqual([
      [a.connectionId, a.companyId],
      [b.connectionId, b.companyId],
    ]);
    expect(JSON.parse(stored[0]?.body ?? "{}").entry).toHaveLength(2);
    await world.sim.redeliver(first.deliveryId);
    expect((await waitMessages(a.companyId, 2)).map((m) => m.body)).toEqual(["a-um", "a-dois"]);
    expect((await waitMessages(b.companyId, 1)).map((m) => m.body)).toEqual(["b-um"]);
    await eventually(async () => {
      const rows = await deliveriesOf([a.connectionId, b.connectionId]);
      return rows.length === 0; // every delivery processed (a processed one is deleted)
    });
    expect(await messagesOf(a.companyId)).toHaveLength(2);
    expect(await messagesOf(b.companyId)).toHaveLength(1);
  });

  it("a WhatsApp account's changes are split by phone_number_id", async () => {
    const one = await appConnection("whatsappapi");
    const two = await appConnection("whatsappapi");
    const change = (phoneNumberId: string, id: string, body: string) => ({
      field: "messages",
      value: {
        messaging_product: "whatsapp",
        metadata: { display_phone_number: "5511900000000", phone_number_id: phoneNumberId },
        contacts: [{ profile: { name: "Ana" }, wa_id: "5511966660010" }],
        messages: [
          {
            from: "5511966660010",
            id,
            timestamp: String(Math.floor(Date.now() / 1000)),
            type: "text",
            text: { body },
          },
        ],
      },
    });
    const payload = {
      object: "whatsapp_business_account",
      entry: [
        {
          id: "waba-1",
          changes: [
            change(one.accountId, "wamid.one", "para um"),
            change(two.accountId, "wamid.two", "para dois"),
          ],
        },
      ],
    };
    expect((await world.sim.deliver(one.accountId, payload)).status).toBe(200);
    expect((await waitMessages(one.companyId, 1)).map((m) => m.body)).toEqual(["para um"]);
    expect((await waitMessages(two.companyId, 1)).map((m) => m.body)).toEqual(["para dois"]);
  });

  it("refuses bad signatures (401) and bodies that are not JSON objects (400); another tenant cannot claim the page", async () => {
    const on = await appConnection("facebook");
    const payload = { object: "page", entry: [] };
    expect((await world.sim.deliver(on.accountId, payload, { sign: false })).status).toBe(401);
    expect((await world.sim.deliver(on.accountId, payload, { sign: "tamper" })).status).toBe(401);
    expect((await world.sim.deliver(on.accountId, "[1]")).status).toBe(400);

    // Another tenant types the same page id on a connection with its own app secret: refused (one
    // connection per page), so the page's messages have one place to go.
    const intruder = await buildTeam(world.server.app, db());
    const claim = await world.server.app.inject({
      method: "POST",
      url: "/whatsapp",
      headers: intruder.adminSession.headers,
      payload: {
        name: unique("conn"),
        channel: "facebook",
        pageId: on.accountId,
        accessToken: unique("token"),
        appSecret: "someone-elses-secret",
      },
    });
    expect(claim.statusCode, claim.body).toBe(400);
    expect(claim.json()).toMatchObject({ error: "ERR_WAPP_PROVIDER_ID_IN_USE", field: "pageId" });
    await world.sim.messenger.text(on.accountId, { from: "1960040", text: "só para o dono" });
    expect((await waitMessages(on.companyId, 1)).map((m) => m.body)).toEqual(["só para o dono"]);
    const claimed = await db().select().from(whatsapps).where(eq(whatsapps.companyId, intruder.company.id));
    expect(claimed).toEqual([]);
  });
});
