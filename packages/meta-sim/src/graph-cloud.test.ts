import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { errors } from "./errors.js";
import { defaultMedia } from "./media.js";
import { type Any, CLOUD, call, type Harness, PAGE, startHarness } from "./test/harness.js";

let h: Harness;
let messagesUrl: string;
beforeAll(async () => {
  h = await startHarness();
  messagesUrl = `${h.sim.graphUrl}/${CLOUD.accountId}/messages`;
});
afterAll(async () => {
  await h.close();
});
beforeEach(() => {
  h.receiver.received.length = 0;
  h.sim.clear();
  h.sim.autoStatuses(CLOUD.accountId, false);
});

const send = (body: unknown, token = CLOUD.accessToken) => call(messagesUrl, { token, body });
const text = (to: string, body: string) => ({
  messaging_product: "whatsapp",
  recipient_type: "individual",
  to,
  type: "text",
  text: { body },
});

function expectGraphError(reply: { status: number; json: Any }, status: number, code: number) {
  expect(reply.status).toBe(status);
  expect(reply.json.error).toMatchObject({ code, type: expect.any(String), message: expect.any(String) });
  expect(reply.json.error.fbtrace_id).toMatch(/^[A-Za-z0-9_-]{11}$/);
}

describe("POST /{phone_number_id}/messages", () => {
  it("accepts a text and answers contacts + messages with a wamid", async () => {
    const reply = await send(text("+55 11 99999-0000", "Olá"));
    expect(reply.status).toBe(200);
    const id = (reply.json as Any).messages[0].id;
    expect(reply.json).toEqual({
      messaging_product: "whatsapp",
      contacts: [{ input: "+55 11 99999-0000", wa_id: "5511999990000" }],
      messages: [{ id }],
    });
    expect(id).toMatch(/^wamid\./);
    const [recorded] = h.sim.sent;
    expect(recorded).toMatchObject({
      accountId: CLOUD.accountId,
      channel: "whatsappapi",
      method: "POST",
      path: `/v21.0/${CLOUD.accountId}/messages`,
      recipient: "5511999990000",
      id,
      httpStatus: 200,
      body: { text: { body: "Olá" } },
    });
    expect(recorded!.headers.authorization).toBeUndefined();
    expect(recorded!.headers["content-type"]).toBe("application/json");
  });

  it("refuses a missing or wrong bearer token with 190 / 401", async () => {
    expectGraphError(await send(text("1", "x"), "wrong"), 401, 190);
    expectGraphError(await call(messagesUrl, { body: text("1", "x") }), 401, 190);
    // Another account's token is not this number's token.
    expectGraphError(await send(text("1", "x"), PAGE.accessToken), 401, 190);
    expect(h.sim.sent.map((s) => s.httpStatus)).toEqual([401, 401, 401]);
  });

  it("accepts the token as access_token query parameter", async () => {
    const reply = await call(`${messagesUrl}?access_token=${CLOUD.accessToken}`, { body: text("1", "x") });
    expect(reply.status).toBe(200);
  });

  it("answers error 100 / 400 to malformed bodies", async () => {
    const cases: unknown[] = [
      "{not json",
      { to: "1", type: "text", text: { body: "no product" } },
      { messaging_product: "whatsapp", type: "text", text: { body: "no to" } },
      { messaging_product: "whatsapp", to: "1", type: "text", text: {} },
      { messaging_product: "whatsapp", to: "1", type: "text", text: { body: "x".repeat(4097) } },
      { messaging_product: "whatsapp", to: "1", type: "carrier_pigeon", carrier_pigeon: {} },
      { messaging_product: "whatsapp", to: "1", type: "image", image: {} },
      { messaging_product: "whatsapp", to: "1", type: "image", image: { id: "nope" } },
      {
        messaging_product: "whatsapp",
        to: "1",
        type: "audio",
        audio: { link: "https://x/a.ogg", caption: "no" },
      },
      { messaging_product: "whatsapp", to: "1", type: "reaction", reaction: { emoji: "👍" } },
      { messaging_product: "whatsapp", to: "1", type: "template", template: { name: "hello" } },
      { ...text("1", "x"), context: { id: "wrong-key" } },
    ];
    for (const body of cases) expectGraphError(await send(body), 400, 100);
    // Refused sends are recorded too, with the error answered.
    expect(h.sim.sent.filter((s) => s.httpStatus === 400 && s.error?.code === 100)).toHaveLength(
      cases.length,
    );
    expect((await send(text("1", "x".repeat(4096)))).status).toBe(200);
  });

  it("media by link or uploaded id, reaction, reply context and template", async () => {
    const image = {
      messaging_product: "whatsapp",
      to: "1",
      type: "image",
      image: { link: "https://cdn.example/a.png", caption: "c" },
    };
    expect((await send(image)).status).toBe(200);
    const doc = {
      messaging_product: "whatsapp",
      to: "1",
      type: "document",
      document: { link: "https://x/a.pdf", filename: "a.pdf" },
    };
    expect((await send(doc)).status).toBe(200);
    const reaction = {
      messaging_product: "whatsapp",
      to: "1",
      type: "reaction",
      reaction: { message_id: "wamid.X", emoji: "👍" },
    };
    expect((await send(reaction)).status).toBe(200);
    const reply = await send({ ...text("1", "re"), context: { message_id: "wamid.X" } });
    expect(reply.status).toBe(200);
    const template = {
      messaging_product: "whatsapp",
      to: "1",
      type: "template",
      template: { name: "hello_world", language: { code: "en_US" } },
    };
    const sentTemplate = await send(template);
    expect((sentTemplate.json as Any).messages[0]).toMatchObject({
      id: expect.stringMatching(/^wamid\./),
      message_status: "accepted",
    });
    expect(h.sim.sent.filter((s) => s.httpStatus === 200)).toHaveLength(5);
  });

  it("mark as read answers success and is recorded as a read", async () => {
    const inbound = await h.sim.cloud.text(CLOUD.accountId, { from: "5511999990000", body: "hi" });
    const reply = await send({
      messaging_product: "whatsapp",
      status: "read",
      message_id: inbound.providerMessageId,
    });
    expect(reply).toEqual({ status: 200, json: { success: true } });
    expect(h.sim.reads).toMatchObject([{ accountId: CLOUD.accountId, messageId: inbound.providerMessageId }]);
    expect(h.sim.sent).toHaveLength(0);
    expectGraphError(await send({ messaging_product: "whatsapp", status: "read" }), 400, 100);
  });

  it("refuses another Graph version with a clear error", async () => {
    const reply = await call(`${h.sim.url}/v19.0/${CLOUD.accountId}/messages`, {
      token: CLOUD.accessToken,
      body: text("1", "x"),
    });
    expectGraphError(reply, 400, 2635);
  });
});

describe("media upload and download", () => {
  async function upload(token = CLOUD.accessToken, fields = true) {
    const form = new FormData();
    if (fields) form.append("messaging_product", "whatsapp");
    form.append("type", "image/jpeg");
    form.append("file", new Blob([Buffer.from("JPEGDATA")], { type: "image/jpeg" }), "photo.jpg");
    const response = await fetch(`${h.sim.graphUrl}/${CLOUD.accountId}/media`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    return { status: response.status, json: (await response.json()) as Any };
  }

  it("uploads, describes and serves the bytes to the token holder only", async () => {
    const uploaded = await upload();
    expect(uploaded.status).toBe(200);
    const id = uploaded.json.id;
    expect(id).toMatch(/^\d{16}$/);
    expect(h.sim.uploads[0]).toMatchObject({ id, mimeType: "image/jpeg", filename: "photo.jpg", size: 8 });

    const info = await call(`${h.sim.graphUrl}/${id}`, { token: CLOUD.accessToken });
    expect(info.json).toMatchObject({
      messaging_product: "whatsapp",
      id,
      mime_type: "image/jpeg",
      file_size: 8,
    });
    expect(info.json.sha256).toMatch(/^[0-9a-f]{64}$/);
    const url = info.json.url as string;
    expect(url.startsWith(h.sim.url)).toBe(true);

    const withToken = await fetch(url, { headers: { authorization: `Bearer ${CLOUD.accessToken}` } });
    expect(withToken.status).toBe(200);
    expect(withToken.headers.get("content-type")).toBe("image/jpeg");
    expect(Buffer.from(await withToken.arrayBuffer()).toString()).toBe("JPEGDATA");
    expect((await fetch(url)).status).toBe(401);
    expect((await fetch(url, { headers: { authorization: `Bearer ${PAGE.accessToken}` } })).status).toBe(401);
    expect(
      (
        await fetch(url.replace(/hash=[^&]+/, "hash=forged"), {
          headers: { authorization: `Bearer ${CLOUD.accessToken}` },
        })
      ).status,
    ).toBe(404);

    expectGraphError(await call(`${h.sim.graphUrl}/${id}`), 401, 190);
    expectGraphError(await call(`${h.sim.graphUrl}/${id}`, { token: PAGE.accessToken }), 400, 100);
    // Cloud API media is not reachable through the public Messenger media path.
    expect((await fetch(`${h.sim.url}/_media/${id}/x.jpg`)).status).toBe(404);

    const image = { messaging_product: "whatsapp", to: "1", type: "image", image: { id } };
    expect((await send(image)).status).toBe(200);
  });

  it("refuses the audio WhatsApp refuses with 131053: WebM (Chromium's recordings) and Ogg that is not Opus", async () => {
    const webm = Buffer.from("1a45dfa39f4286810142f7810142f2810442f381084282847765626d", "hex");
    const oggOpus = defaultMedia("audio").bytes;
    const oggVorbis = Buffer.from(oggOpus);
    oggVorbis.write("\x01vorbis\0", 28, "latin1");
    const post = async (type: string, bytes: Buffer, filename: string) => {
      const form = new FormData();
      form.append("messaging_product", "whatsapp");
      form.append("type", type);
      form.append("file", new Blob([new Uint8Array(bytes)], { type }), filename);
      const response = await fetch(`${h.sim.graphUrl}/${CLOUD.accountId}/media`, {
        method: "POST",
        headers: { authorization: `Bearer ${CLOUD.accessToken}` },
        body: form,
      });
      return { status: response.status, json: (await response.json()) as Any };
    };
    for (const [type, bytes, name] of [
      ["audio/webm", webm, "voice.webm"],
      ["audio/webm;codecs=opus", webm, "voice.webm"],
      // The bytes decide: WebM named Ogg is still WebM.
      ["audio/ogg", webm, "voice.ogg"],
      ["audio/ogg", oggVorbis, "voice.ogg"],
      ["audio/wav", Buffer.from("RIFF\0\0\0\0WAVEfmt "), "voice.wav"],
    ] as const) {
      const reply = await post(type, bytes, name);
      expect(reply.status, type).toBe(400);
      expect(reply.json).toEqual({
        error: {
          message: "(#131053) Media upload error",
          type: "OAuthException",
          code: 131053,
          error_data: { messaging_product: "whatsapp", details: "Unsupported file type" },
          fbtrace_id: expect.stringMatching(/^[A-Za-z0-9_-]{11}$/),
        },
      });
    }
    expect(h.sim.uploads).toEqual([]);
    for (const [type, bytes] of [
      ["audio/ogg", oggOpus],
      ["audio/ogg; codecs=opus", oggOpus],
      ["audio/mp4", defaultMedia("video").bytes],
      ["audio/mpeg", Buffer.from("ID3\x04\0\0\0\0\0\0")],
      ["audio/aac", Buffer.from([0xff, 0xf1, 0x50, 0x80])],
    ] as const)
      expect((await post(type, Buffer.from(bytes), "voice")).status, type).toBe(200);
    expect(h.sim.uploads).toHaveLength(5);
  });

  it("refuses uploads without messaging_product or with a wrong token", async () => {
    expectGraphError(await upload(CLOUD.accessToken, false), 400, 100);
    expectGraphError(await upload("bad"), 401, 190);
  });

  it("download URLs expire", async () => {
    const short = await startHarness({ mediaUrlTtlMs: -1000 });
    try {
      const inbound = await short.sim.cloud.image(CLOUD.accountId, { from: "1" });
      const info = await call(`${short.sim.graphUrl}/${inbound.mediaIds[0]}`, { token: CLOUD.accessToken });
      const response = await fetch(info.json.url as string, {
        headers: { authorization: `Bearer ${CLOUD.accessToken}` },
      });
      expect(response.status).toBe(404);
      expect(await response.text()).toMatch(/expired/);
    } finally {
      await short.close();
    }
  });
});

describe("failure injection and auto statuses", () => {
  it("failNextSend fails one send with the preset's status and body", async () => {
    h.sim.failNextSend(CLOUD.accountId, errors.reEngagement);
    const failed = await send(text("1", "late"));
    expectGraphError(failed, 400, 131047);
    expect((failed.json as Any).error.error_data.details).toBe(
      "Message failed to send because more than 24 hours have passed since the customer last replied to this number.",
    );
    expect(h.sim.sent[0]).toMatchObject({ httpStatus: 400, error: { code: 131047 } });
    expect(h.sim.sent[0]!.id).toBeUndefined();
    expect((await send(text("1", "next"))).status).toBe(200);
  });

  it("failSendsTo fails every send to one contact until cleared", async () => {
    h.sim.failSendsTo("+55 11 90000-0001", errors.generic);
    expectGraphError(await send(text("5511900000001", "a")), 500, 131000);
    expectGraphError(await send(text("5511900000001", "b")), 500, 131000);
    expect((await send(text("5511900000002", "other"))).status).toBe(200);
    h.sim.failSendsTo("5511900000001", null);
    expect((await send(text("5511900000001", "c"))).status).toBe(200);
    h.sim.failNextSend(CLOUD.accountId, errors.rateLimit);
    expectGraphError(await send(text("1", "d")), 400, 130429);
  });

  it("autoStatuses plays sent, delivered, read status webhooks for the answered id", async () => {
    h.sim.autoStatuses(CLOUD.accountId, { sent: true, delivered: true, read: true, delayMs: 1 });
    const reply = await send(text("5511999990000", "hello"));
    const id = (reply.json as Any).messages[0].id;
    await h.receiver.waitForCount(3);
    const statuses = h.receiver.received.map((r) => (r.json as Any).entry[0].changes[0].value.statuses[0]);
    expect(statuses.map((s) => [s.id, s.status, s.recipient_id])).toEqual([
      [id, "sent", "5511999990000"],
      [id, "delivered", "5511999990000"],
      [id, "read", "5511999990000"],
    ]);
    expect(h.receiver.received.every((r) => r.signatureValid)).toBe(true);
  });

  it("autoStatuses can answer a failed status with 131047", async () => {
    h.sim.autoStatuses(CLOUD.accountId, { delayMs: 1, failed: true });
    await send(text("5511999990000", "too late"));
    await h.receiver.waitForCount(2);
    const last = (h.receiver.received[1]!.json as Any).entry[0].changes[0].value.statuses[0];
    expect(last.status).toBe("failed");
    expect(last.errors[0]).toMatchObject({ code: 131047, title: "Re-engagement message" });
  });

  it("waitFor resolves on a future send and times out otherwise", async () => {
    const waiting = h.sim.waitFor((s) => s.recipient === "5511777770000", 2000);
    setTimeout(() => void send(text("5511777770000", "later")), 20);
    const found = await waiting;
    expect(found.body).toMatchObject({ text: { body: "later" } });
    await expect(h.sim.waitFor((s) => s.recipient === "never", 50)).rejects.toThrow(/no matching send/);
  });
});
