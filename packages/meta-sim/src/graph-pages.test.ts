import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { errors } from "./errors.js";
import { type Any, CLOUD, call, type Harness, IG, PAGE, startHarness } from "./test/harness.js";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});
beforeEach(() => {
  h.receiver.received.length = 0;
  h.sim.clear();
  h.sim.autoStatuses(PAGE.accountId, false);
  h.sim.autoStatuses(IG.accountId, false);
});

const PSID = "7000000000000009";
const IGSID = "8000000000000009";
const pageSend = (path: string, body: unknown, token = PAGE.accessToken) =>
  call(`${h.sim.graphUrl}/${path}/messages`, { token, body });
const textTo = (id: string, text: string, extra: Record<string, unknown> = {}) => ({
  recipient: { id },
  messaging_type: "RESPONSE",
  message: { text },
  ...extra,
});

describe("Messenger sends", () => {
  it("POST /{PAGE_ID}/messages and /me/messages answer recipient_id and message_id", async () => {
    const byId = await pageSend(PAGE.accountId, textTo(PSID, "hi"));
    expect(byId.status).toBe(200);
    expect(byId.json).toEqual({ recipient_id: PSID, message_id: expect.stringMatching(/^m_/) });
    const byMe = await pageSend("me", textTo(PSID, "again"));
    expect(byMe.status).toBe(200);
    expect(h.sim.sent.map((s) => [s.accountId, s.channel, s.recipient, s.path])).toEqual([
      [PAGE.accountId, "facebook", PSID, `/v21.0/${PAGE.accountId}/messages`],
      [PAGE.accountId, "facebook", PSID, "/v21.0/me/messages"],
    ]);
    expect(h.sim.sent[1]!.id).toBe((byMe.json as Any).message_id);
  });

  it("attachments by URL and the HUMAN_AGENT tag", async () => {
    const attachment = {
      recipient: { id: PSID },
      messaging_type: "MESSAGE_TAG",
      tag: "HUMAN_AGENT",
      message: {
        attachment: { type: "image", payload: { url: "https://cdn.example/a.png", is_reusable: true } },
      },
    };
    expect((await pageSend(PAGE.accountId, attachment)).status).toBe(200);
  });

  it("refuses bad tokens with 190 and malformed bodies with 100", async () => {
    const wrong = await pageSend(PAGE.accountId, textTo(PSID, "x"), "bad");
    expect(wrong.status).toBe(401);
    expect((wrong.json as Any).error.code).toBe(190);
    expect((await pageSend("me", textTo(PSID, "x"), CLOUD.accessToken)).status).toBe(401);
    const cases: unknown[] = [
      { messaging_type: "RESPONSE", message: { text: "no recipient" } },
      { recipient: { id: PSID }, message: { text: "no messaging_type" } },
      { recipient: { id: PSID }, messaging_type: "MESSAGE_TAG", message: { text: "no tag" } },
      { recipient: { id: PSID }, messaging_type: "RESPONSE" },
      { recipient: { id: PSID }, messaging_type: "RESPONSE", message: { text: "x".repeat(2001) } },
      {
        recipient: { id: PSID },
        messaging_type: "RESPONSE",
        message: { attachment: { type: "image", payload: {} } },
      },
      {
        recipient: { id: PSID },
        messaging_type: "RESPONSE",
        message: { text: "a", attachment: { type: "image" } },
      },
    ];
    for (const body of cases) {
      const reply = await pageSend(PAGE.accountId, body);
      expect(reply.status).toBe(400);
      expect((reply.json as Any).error.code).toBe(100);
    }
  });

  it("messengerWindow error via failNextSend", async () => {
    h.sim.failNextSend(PAGE.accountId, errors.messengerWindow);
    const reply = await pageSend(PAGE.accountId, textTo(PSID, "late"));
    expect(reply.status).toBe(400);
    expect((reply.json as Any).error).toMatchObject({ code: 10, error_subcode: 2018278 });
    expect((await pageSend(PAGE.accountId, textTo(PSID, "ok"))).status).toBe(200);
  });

  it("mark_seen and typing are accepted; mark_seen is recorded as a read", async () => {
    const seen = await pageSend(PAGE.accountId, { recipient: { id: PSID }, sender_action: "mark_seen" });
    expect(seen).toEqual({ status: 200, json: { recipient_id: PSID } });
    expect(
      (await pageSend(PAGE.accountId, { recipient: { id: PSID }, sender_action: "typing_on" })).status,
    ).toBe(200);
    expect(h.sim.reads).toMatchObject([{ accountId: PAGE.accountId, channel: "facebook", recipient: PSID }]);
    expect(h.sim.sent).toHaveLength(0);
  });

  it("autoStatuses: echo, delivery mids and read watermark", async () => {
    h.sim.autoStatuses(PAGE.accountId, { echo: true, delivered: true, read: true, delayMs: 1 });
    const reply = await pageSend(PAGE.accountId, textTo(PSID, "tracked"));
    const id = (reply.json as Any).message_id;
    await h.receiver.waitForCount(3);
    const events = h.receiver.received.map((r) => (r.json as Any).entry[0].messaging[0]);
    expect(events[0].message).toMatchObject({ mid: id, is_echo: true, text: "tracked" });
    expect(events[0].sender.id).toBe(PAGE.accountId);
    expect(events[1].delivery.mids).toEqual([id]);
    expect(events[2].read.watermark).toBeGreaterThanOrEqual(events[1].delivery.watermark);
  });
});

describe("audio attachments", () => {
  const audio = (id: string, url: string) => ({
    recipient: { id },
    messaging_type: "RESPONSE",
    message: { attachment: { type: "audio", payload: { url, is_reusable: false } } },
  });
  const refusal = {
    message: "(#100) Upload attachment failure.",
    type: "OAuthException",
    code: 100,
    error_subcode: 2018047,
    fbtrace_id: expect.any(String),
  };

  it("Messenger takes aac, m4a, mp3, mp4 and wav; refuses WebM, Ogg and unnamed files with 2018047", async () => {
    for (const ext of ["aac", "m4a", "mp3", "mp4", "wav", "WAV"]) {
      const reply = await pageSend(PAGE.accountId, audio(PSID, `https://files.example/public/voice.${ext}`));
      expect(reply.status, ext).toBe(200);
    }
    for (const url of [
      "https://files.example/public/voice.webm",
      "https://files.example/public/voice.ogg",
      "https://files.example/public/voice.opus",
      "https://files.example/public/voice",
    ]) {
      const reply = await pageSend(PAGE.accountId, audio(PSID, url));
      expect(reply.status, url).toBe(400);
      expect(reply.json).toEqual({ error: refusal });
    }
    expect(h.sim.sent.map((s) => s.httpStatus)).toEqual([...Array(6).fill(200), ...Array(4).fill(400)]);
  });

  it("Instagram takes aac, m4a, mp4 and wav; refuses MP3 and WebM", async () => {
    for (const ext of ["aac", "m4a", "mp4", "wav"]) {
      const reply = await pageSend(IG.accountId, audio(IGSID, `https://f.example/a.${ext}`), IG.accessToken);
      expect(reply.status, ext).toBe(200);
    }
    for (const ext of ["mp3", "webm"]) {
      const reply = await pageSend(IG.accountId, audio(IGSID, `https://f.example/a.${ext}`), IG.accessToken);
      expect(reply.status, ext).toBe(400);
      expect(reply.json).toEqual({ error: refusal });
    }
  });
});

describe("Instagram sends", () => {
  it("text up to 1000 bytes; more is error 100", async () => {
    const ok = await pageSend(
      IG.accountId,
      { recipient: { id: IGSID }, message: { text: "é".repeat(500) } },
      IG.accessToken,
    );
    expect(ok.status).toBe(200);
    const tooLong = await pageSend(
      IG.accountId,
      { recipient: { id: IGSID }, message: { text: "é".repeat(501) } },
      IG.accessToken,
    );
    expect(tooLong.status).toBe(400);
    expect((tooLong.json as Any).error.code).toBe(100);
  });

  it("reaction through sender_action react", async () => {
    const body = {
      recipient: { id: IGSID },
      sender_action: "react",
      payload: { message_id: "m_abc", reaction: "love" },
    };
    const reply = await pageSend(IG.accountId, body, IG.accessToken);
    expect(reply).toEqual({ status: 200, json: { recipient_id: IGSID } });
    expect(h.sim.sent[0]).toMatchObject({
      channel: "instagram",
      recipient: IGSID,
      body: { sender_action: "react" },
    });
    const missing = { recipient: { id: IGSID }, sender_action: "react", payload: { reaction: "love" } };
    expect((await pageSend(IG.accountId, missing, IG.accessToken)).status).toBe(400);
  });

  it("autoStatuses: read { mid } and no delivery", async () => {
    h.sim.autoStatuses(IG.accountId, { read: true, delayMs: 1 });
    const reply = await pageSend(
      IG.accountId,
      { recipient: { id: IGSID }, message: { text: "x" } },
      IG.accessToken,
    );
    await h.receiver.waitForCount(1);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(h.receiver.received).toHaveLength(1);
    expect((h.receiver.received[0]!.json as Any).entry[0].messaging[0].read).toEqual({
      mid: (reply.json as Any).message_id,
    });
  });

  it("a page token shared with the IG account: /me is the page", async () => {
    h.sim.registerAccount({
      channel: "instagram",
      accountId: "17841499999999999",
      accessToken: PAGE.accessToken,
      appSecret: "s",
      webhookUrl: `${h.receiver.url}/ig2`,
    });
    expect((await pageSend("me", textTo(PSID, "x"))).status).toBe(200);
    expect(h.sim.sent[0]!.accountId).toBe(PAGE.accountId);
    const viaIg = await pageSend("17841499999999999", { recipient: { id: IGSID }, message: { text: "y" } });
    expect(viaIg.status).toBe(200);
    expect(h.sim.sent[1]!.channel).toBe("instagram");
  });
});
