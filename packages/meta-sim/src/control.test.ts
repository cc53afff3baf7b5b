import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Any, APP_SECRET, CLOUD, call, type Harness, PAGE, startHarness } from "./test/harness.js";

let h: Harness;
let sim: string;
beforeAll(async () => {
  h = await startHarness();
  sim = `${h.sim.url}/_sim`;
});
afterAll(async () => {
  await h.close();
});
beforeEach(async () => {
  h.receiver.received.length = 0;
  await call(`${sim}/clear`, { body: {} });
});

describe("phone page", () => {
  it("serves the HTML page with its inline script at /", async () => {
    const response = await fetch(`${h.sim.url}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('id="composer"');
    expect(html).toContain("/_sim/");
    expect(html).toContain("\\u2713");
    expect(html).not.toContain("innerHTML");
  });
});

describe("control endpoints", () => {
  it("registers an account over HTTP and lists it without secrets", async () => {
    const created = await call(`${sim}/accounts`, {
      body: {
        channel: "whatsappapi",
        accountId: "555",
        accessToken: "tok",
        appSecret: APP_SECRET,
        webhookUrl: `${h.receiver.url}/wa555`,
        verifyToken: "v",
      },
    });
    expect(created.status).toBe(200);
    const { json } = await call(`${sim}/accounts`);
    const account = (json.accounts as Any[]).find((a) => a.accountId === "555");
    expect(account).toMatchObject({ channel: "whatsappapi", webhookUrl: `${h.receiver.url}/wa555` });
    expect(account.accessToken).toBeUndefined();
    expect(account.appSecret).toBeUndefined();
    expect((await call(`${sim}/accounts`, { body: { channel: "x" } })).status).toBe(400);
  });

  it("inbound text and media fire signed webhooks; conversations show both directions with ticks", async () => {
    const inbound = await call(`${sim}/inbound`, {
      body: { accountId: CLOUD.accountId, type: "text", from: "5511999990000", name: "Dora", body: "Oi" },
    });
    expect(inbound.status).toBe(200);
    expect(inbound.json.status).toBe(200);
    const id = inbound.json.providerMessageId as string;
    expect(h.receiver.received[0]!.signatureValid).toBe(true);

    const media = await call(`${sim}/inbound`, {
      body: {
        accountId: CLOUD.accountId,
        type: "image",
        from: "5511999990000",
        media: { base64: Buffer.from("PIX").toString("base64"), mimeType: "image/jpeg" },
      },
    });
    const mediaId = (media.json.mediaIds as string[])[0];
    expect(Buffer.from(await (await fetch(`${sim}/media/${mediaId}`)).arrayBuffer()).toString()).toBe("PIX");

    // The server answers and marks the contact's message read.
    const graph = `${h.sim.graphUrl}/${CLOUD.accountId}/messages`;
    const reply = await call(graph, {
      token: CLOUD.accessToken,
      body: { messaging_product: "whatsapp", to: "5511999990000", type: "text", text: { body: "Olá Dora" } },
    });
    await call(graph, {
      token: CLOUD.accessToken,
      body: { messaging_product: "whatsapp", status: "read", message_id: id },
    });

    const convo = await call(`${sim}/conversations?account=${CLOUD.accountId}&contact=5511999990000`);
    expect(convo.json.name).toBe("Dora");
    const items = convo.json.items as Any[];
    expect(items.map((i) => [i.direction, i.text, i.status])).toEqual([
      ["in", "Oi", "read"],
      ["in", "[image]", "delivered"],
      ["out", "Olá Dora", "pending"],
    ]);
    expect(items[1].mediaUrl).toBe(`${sim}/media/${mediaId}`);

    // The contact opens the chat: read statuses go to our server.
    const read = await call(`${sim}/read`, {
      body: { accountId: CLOUD.accountId, contact: "5511999990000" },
    });
    const status = (read.json.delivery as Any).payload.entry[0].changes[0].value.statuses[0];
    expect(status).toMatchObject({ id: (reply.json as Any).messages[0].id, status: "read" });
    const after = await call(`${sim}/conversations?account=${CLOUD.accountId}&contact=5511999990000`);
    expect((after.json.items as Any[])[2].status).toBe("read");

    const contacts = await call(`${sim}/conversations?account=${CLOUD.accountId}`);
    expect(contacts.json.contacts).toMatchObject([{ contact: "5511999990000", name: "Dora", count: 3 }]);
  });

  it("lists sends, waits for one, and injects failures by preset name", async () => {
    const graph = `${h.sim.graphUrl}/${PAGE.accountId}/messages`;
    const body = { recipient: { id: "42" }, messaging_type: "RESPONSE", message: { text: "ping" } };
    const waiting = call(`${sim}/wait?account=${PAGE.accountId}&to=42&text=ping&timeoutMs=2000`);
    await call(graph, { token: PAGE.accessToken, body });
    expect(((await waiting).json.send as Any).body.message.text).toBe("ping");
    expect((await call(`${sim}/wait?to=nobody&timeoutMs=30`)).status).toBe(408);

    expect(
      (await call(`${sim}/fail-next`, { body: { accountId: PAGE.accountId, error: "messengerWindow" } }))
        .status,
    ).toBe(200);
    const failed = await call(graph, { token: PAGE.accessToken, body });
    expect((failed.json.error as Any).error_subcode).toBe(2018278);
    expect(
      (await call(`${sim}/fail-next`, { body: { accountId: PAGE.accountId, error: "nonsense" } })).status,
    ).toBe(400);

    const sent = await call(`${sim}/sent?account=${PAGE.accountId}&to=42`);
    expect((sent.json.sent as Any[]).map((s) => s.httpStatus)).toEqual([200, 400]);
    await call(`${sim}/clear`, { body: {} });
    expect(((await call(`${sim}/sent`)).json.sent as Any[]).length).toBe(0);
  });

  it("deliver (tampered), redeliver, batch, status and deliveries over HTTP", async () => {
    const tampered = await call(`${sim}/deliver`, {
      body: { accountId: PAGE.accountId, payload: { object: "page", entry: [] }, sign: "tamper" },
    });
    expect(tampered.json.status).toBe(401);
    const batch = await call(`${sim}/batch`, {
      body: {
        accountId: PAGE.accountId,
        events: [
          { type: "text", from: "1", text: "a" },
          { type: "text", from: "2", text: "b" },
        ],
      },
    });
    expect((batch.json.payload as Any).entry).toHaveLength(2);
    const again = await call(`${sim}/redeliver`, { body: { deliveryId: batch.json.deliveryId } });
    expect(again.json.providerMessageIds).toEqual(batch.json.providerMessageIds);
    expect(h.receiver.received[2]!.raw.equals(h.receiver.received[1]!.raw)).toBe(true);
    const status = await call(`${sim}/status`, {
      body: {
        accountId: CLOUD.accountId,
        id: "wamid.Z",
        status: "failed",
        recipientId: "1",
        errors: "reEngagement",
      },
    });
    expect(((status.json.payload as Any).entry[0].changes[0].value.statuses[0].errors[0] as Any).code).toBe(
      131047,
    );
    const deliveries = await call(`${sim}/deliveries`);
    expect((deliveries.json.deliveries as Any[]).map((d) => d.status)).toEqual([401, 200, 200, 200]);
    expect(JSON.parse((deliveries.json.deliveries as Any[])[1].body).object).toBe("page");
    expect(
      (await call(`${sim}/inbound`, { body: { accountId: PAGE.accountId, type: "status", id: "x" } })).status,
    ).toBe(400);
    expect(
      (await call(`${sim}/inbound`, { body: { accountId: "nope", type: "text", from: "1" } })).status,
    ).toBe(404);
  });

  it("handshake over HTTP", async () => {
    const ok = await call(`${sim}/verify`, { body: { accountId: CLOUD.accountId } });
    expect(ok.json).toMatchObject({ status: 200, ok: true });
    const bad = await call(`${sim}/verify`, { body: { accountId: CLOUD.accountId, verifyToken: "no" } });
    expect(bad.json).toMatchObject({ status: 403, ok: false });
  });
});
