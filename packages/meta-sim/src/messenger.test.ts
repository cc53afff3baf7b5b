import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Any, call, type Harness, IG, PAGE, startHarness } from "./test/harness.js";

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
});

const PSID = "7000000000000001";
const IGSID = "8000000000000001";

/** The one event of the last delivery, after checking the envelope. */
function lastEvent(object: "page" | "instagram", accountId: string): Any {
  const got = h.receiver.received.at(-1)!;
  expect(got.signatureValid).toBe(true);
  const payload = got.json as Any;
  expect(payload.object).toBe(object);
  expect(payload.entry).toHaveLength(1);
  const entry = payload.entry[0];
  expect(entry.id).toBe(accountId);
  expect(typeof entry.time).toBe("number");
  expect(entry.messaging).toHaveLength(1);
  const event = entry.messaging[0];
  expect(typeof event.timestamp).toBe("number");
  expect(event.timestamp).toBeGreaterThan(1_600_000_000_000);
  expect(Math.abs(event.timestamp - Date.now())).toBeLessThan(5000);
  return event;
}

const fromContact = (event: Any, accountId: string, contact: string) => {
  expect(event.sender).toEqual({ id: contact });
  expect(event.recipient).toEqual({ id: accountId });
};

describe("Messenger inbound", () => {
  it("text with quick_reply and reply_to", async () => {
    const result = await h.sim.messenger.text(PAGE.accountId, {
      from: PSID,
      name: "Carla Dias",
      text: "hello",
      replyTo: "m_previous",
    });
    const event = lastEvent("page", PAGE.accountId);
    fromContact(event, PAGE.accountId, PSID);
    expect(event.message).toEqual({
      mid: result.providerMessageId,
      text: "hello",
      reply_to: { mid: "m_previous" },
    });
    expect(event.message.mid).toMatch(/^m_[A-Za-z0-9_-]{40,}$/);
    await h.sim.messenger.quickReply(PAGE.accountId, { from: PSID, text: "Red", payload: "COLOR_RED" });
    expect(lastEvent("page", PAGE.accountId).message.quick_reply).toEqual({ payload: "COLOR_RED" });
  });

  it("attachments point at media the sim serves", async () => {
    const bytes = Buffer.from("GIF89a-fake");
    const result = await h.sim.messenger.attachment(PAGE.accountId, {
      from: PSID,
      attachmentType: "image",
      media: { bytes, mimeType: "image/gif" },
    });
    const event = lastEvent("page", PAGE.accountId);
    expect(event.message.attachments).toEqual([{ type: "image", payload: { url: result.mediaIds[0] } }]);
    const response = await fetch(event.message.attachments[0].payload.url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/gif");
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
    for (const type of ["video", "audio", "file"] as const) {
      await h.sim.messenger.attachment(PAGE.accountId, { from: PSID, attachmentType: type });
      const url = lastEvent("page", PAGE.accountId).message.attachments[0].payload.url;
      expect((await fetch(url)).status).toBe(200);
    }
  });

  it("echo: sender is the page", async () => {
    await h.sim.messenger.echo(PAGE.accountId, { from: PSID, text: "from page inbox" });
    const event = lastEvent("page", PAGE.accountId);
    expect(event.sender).toEqual({ id: PAGE.accountId });
    expect(event.recipient).toEqual({ id: PSID });
    expect(event.message).toMatchObject({ is_echo: true, text: "from page inbox" });
  });

  it("delivery, read, reaction and postback", async () => {
    await h.sim.messenger.delivery(PAGE.accountId, {
      from: PSID,
      mids: ["m_1"],
      watermark: 1_700_000_000_000,
    });
    expect(lastEvent("page", PAGE.accountId).delivery).toEqual({
      mids: ["m_1"],
      watermark: 1_700_000_000_000,
    });
    await h.sim.messenger.read(PAGE.accountId, { from: PSID });
    const read = lastEvent("page", PAGE.accountId).read;
    expect(typeof read.watermark).toBe("number");
    await h.sim.messenger.reaction(PAGE.accountId, { from: PSID, mid: "m_1", reaction: "like" });
    expect(lastEvent("page", PAGE.accountId).reaction).toEqual({
      mid: "m_1",
      action: "react",
      reaction: "like",
      emoji: "👍",
    });
    await h.sim.messenger.reaction(PAGE.accountId, { from: PSID, mid: "m_1", action: "unreact" });
    expect(lastEvent("page", PAGE.accountId).reaction).toMatchObject({ mid: "m_1", action: "unreact" });
    const postback = await h.sim.messenger.postback(PAGE.accountId, {
      from: PSID,
      title: "Start",
      payload: "GET_STARTED",
    });
    const event = lastEvent("page", PAGE.accountId);
    expect(event.postback).toEqual({
      title: "Start",
      payload: "GET_STARTED",
      mid: postback.providerMessageId,
    });
  });

  it("batch: one entry per event", async () => {
    await h.sim.batch(PAGE.accountId, [
      { type: "text", from: PSID, text: "a" },
      { type: "read", from: PSID, watermark: 5 },
    ]);
    const payload = h.receiver.received.at(-1)!.json as Any;
    expect(payload.entry).toHaveLength(2);
    expect(payload.entry.map((e: Any) => e.messaging.length)).toEqual([1, 1]);
  });

  it("profile lookup for known contacts, error 100 otherwise", async () => {
    await h.sim.messenger.text(PAGE.accountId, { from: PSID, name: "Carla Dias", text: "hi" });
    const url = `${h.sim.graphUrl}/${PSID}?fields=first_name,last_name,profile_pic`;
    const profile = await call(url, { token: PAGE.accessToken });
    expect(profile.status).toBe(200);
    expect(profile.json).toMatchObject({ id: PSID, first_name: "Carla", last_name: "Dias" });
    expect((await fetch(profile.json.profile_pic as string)).headers.get("content-type")).toBe("image/png");
    const unknown = await call(`${h.sim.graphUrl}/123?fields=first_name`, { token: PAGE.accessToken });
    expect(unknown.status).toBe(400);
    expect((unknown.json.error as Any).code).toBe(100);
    expect((await call(url, { token: "nope" })).status).toBe(401);
  });
});

describe("Instagram inbound", () => {
  it("text with reply_to mid and story reply", async () => {
    await h.sim.instagram.text(IG.accountId, { from: IGSID, text: "hey", replyTo: "m_ours" });
    let event = lastEvent("instagram", IG.accountId);
    fromContact(event, IG.accountId, IGSID);
    expect(event.message.reply_to).toEqual({ mid: "m_ours" });
    await h.sim.instagram.text(IG.accountId, {
      from: IGSID,
      text: "nice story",
      replyTo: { story: { id: "st1" } },
    });
    event = lastEvent("instagram", IG.accountId);
    expect(event.message.reply_to.story.id).toBe("st1");
    expect((await fetch(event.message.reply_to.story.url)).status).toBe(200);
  });

  it("attachments of every Instagram type", async () => {
    const types = ["image", "video", "audio", "file", "share", "story_mention", "ig_reel", "reel"] as const;
    for (const attachmentType of types) {
      await h.sim.instagram.attachment(IG.accountId, { from: IGSID, attachmentType });
      const attachment = lastEvent("instagram", IG.accountId).message.attachments[0];
      expect(attachment.type).toBe(attachmentType);
      expect((await fetch(attachment.payload.url)).status).toBe(200);
    }
    await h.sim.instagram.attachment(IG.accountId, {
      from: IGSID,
      attachmentType: "ig_reel",
      reelVideoId: "42",
      title: "Reel",
    });
    expect(lastEvent("instagram", IG.accountId).message.attachments[0].payload).toMatchObject({
      reel_video_id: "42",
      title: "Reel",
    });
  });

  it("echo, deleted, unsupported, reaction and read { mid }", async () => {
    await h.sim.instagram.echo(IG.accountId, { from: IGSID, text: "ours" });
    const echo = lastEvent("instagram", IG.accountId);
    expect(echo.sender).toEqual({ id: IG.accountId });
    expect(echo.message).toMatchObject({ is_echo: true, text: "ours" });
    await h.sim.instagram.deleted(IG.accountId, { from: IGSID, mid: "m_gone" });
    expect(lastEvent("instagram", IG.accountId).message).toEqual({ mid: "m_gone", is_deleted: true });
    await h.sim.instagram.unsupported(IG.accountId, { from: IGSID });
    expect(lastEvent("instagram", IG.accountId).message.is_unsupported).toBe(true);
    await h.sim.instagram.reaction(IG.accountId, { from: IGSID, mid: "m_x", reaction: "love" });
    expect(lastEvent("instagram", IG.accountId).reaction).toMatchObject({
      mid: "m_x",
      action: "react",
      reaction: "love",
    });
    await h.sim.instagram.read(IG.accountId, { from: IGSID, mid: "m_x" });
    expect(lastEvent("instagram", IG.accountId).read).toEqual({ mid: "m_x" });
  });

  it("has no delivery events", async () => {
    await expect(h.sim.batch(IG.accountId, [{ type: "delivery", from: IGSID }])).rejects.toThrow(
      /no "delivery"/,
    );
  });
});
