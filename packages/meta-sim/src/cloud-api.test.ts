import { createHash } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Any, CLOUD, call, type Harness, startHarness } from "./test/harness.js";

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

const FROM = "5511999990000";

/** The only message of the last delivery, after checking the envelope around it. */
function lastMessage(): Any {
  const got = h.receiver.received.at(-1)!;
  expect(got.signatureValid).toBe(true);
  const payload = got.json as Any;
  expect(payload.object).toBe("whatsapp_business_account");
  expect(payload.entry).toHaveLength(1);
  expect(payload.entry[0].id).toBe(CLOUD.wabaId);
  const change = payload.entry[0].changes[0];
  expect(change.field).toBe("messages");
  expect(change.value.messaging_product).toBe("whatsapp");
  expect(change.value.metadata).toEqual({
    display_phone_number: "15550100001",
    phone_number_id: CLOUD.accountId,
  });
  const message = change.value.messages[0];
  expect(message.from).toBe(FROM);
  expect(message.id).toMatch(/^wamid\.[A-Za-z0-9+/=]{20,}$/);
  expect(typeof message.timestamp).toBe("string");
  expect(message.timestamp).toMatch(/^\d{10}$/);
  expect(Math.abs(Number(message.timestamp) - Date.now() / 1000)).toBeLessThan(5);
  return { ...message, envelopeContacts: change.value.contacts };
}

/** Downloads inbound media the way the server does: GET /{media_id}, then the url with the token. */
async function download(mediaId: string): Promise<{ bytes: Buffer; type: string | null; info: Any }> {
  const info = await call(`${h.sim.graphUrl}/${mediaId}`, { token: CLOUD.accessToken });
  expect(info.status).toBe(200);
  const response = await fetch(info.json.url as string, {
    headers: { authorization: `Bearer ${CLOUD.accessToken}` },
  });
  expect(response.status).toBe(200);
  return {
    bytes: Buffer.from(await response.arrayBuffer()),
    type: response.headers.get("content-type"),
    info: info.json,
  };
}

describe("Cloud API inbound messages", () => {
  it("text, with contacts[].profile.name and wa_id", async () => {
    const result = await h.sim.cloud.text(CLOUD.accountId, {
      from: `+${FROM}`,
      name: "Ana Lima",
      body: "Oi",
    });
    const message = lastMessage();
    expect(message.type).toBe("text");
    expect(message.text).toEqual({ body: "Oi" });
    expect(message.envelopeContacts).toEqual([{ profile: { name: "Ana Lima" }, wa_id: FROM }]);
    expect(result.providerMessageId).toBe(message.id);
    expect(result.payload).toEqual(h.receiver.received[0]!.json);
  });

  it("image and video with caption, mime_type, sha256 and a downloadable id", async () => {
    const bytes = Buffer.from("fake jpeg bytes");
    const result = await h.sim.cloud.image(CLOUD.accountId, {
      from: FROM,
      caption: "look",
      media: { bytes, mimeType: "image/jpeg" },
    });
    const message = lastMessage();
    expect(message.type).toBe("image");
    expect(message.image).toEqual({
      caption: "look",
      mime_type: "image/jpeg",
      sha256: createHash("sha256").update(bytes).digest("hex"),
      id: result.mediaIds[0],
    });
    const got = await download(message.image.id);
    expect(got.bytes.equals(bytes)).toBe(true);
    expect(got.type).toBe("image/jpeg");
    expect(got.info).toMatchObject({
      mime_type: "image/jpeg",
      file_size: bytes.length,
      id: message.image.id,
    });

    await h.sim.cloud.video(CLOUD.accountId, { from: FROM });
    const video = lastMessage();
    expect(video.video.mime_type).toBe("video/mp4");
    expect(video.video.caption).toBeUndefined();
  });

  it("image without bytes serves a real PNG", async () => {
    await h.sim.cloud.image(CLOUD.accountId, { from: FROM });
    const got = await download(lastMessage().image.id);
    expect(got.type).toBe("image/png");
    expect(got.bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
  });

  it("audio with the voice flag and ogg bytes", async () => {
    await h.sim.cloud.audio(CLOUD.accountId, { from: FROM, voice: true });
    const message = lastMessage();
    expect(message.audio).toMatchObject({ mime_type: "audio/ogg; codecs=opus", voice: true });
    expect(typeof message.audio.sha256).toBe("string");
    const got = await download(message.audio.id);
    expect(got.bytes.subarray(0, 4).toString("latin1")).toBe("OggS");
  });

  it("document with filename and caption; sticker with animated", async () => {
    await h.sim.cloud.document(CLOUD.accountId, { from: FROM, filename: "invoice.pdf", caption: "here" });
    const doc = lastMessage();
    expect(doc.document).toMatchObject({
      filename: "invoice.pdf",
      caption: "here",
      mime_type: "application/pdf",
    });
    expect((await download(doc.document.id)).bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    await h.sim.cloud.sticker(CLOUD.accountId, { from: FROM, animated: true });
    expect(lastMessage().sticker).toMatchObject({ mime_type: "image/webp", animated: true });
  });

  it("location and contacts", async () => {
    await h.sim.cloud.location(CLOUD.accountId, {
      from: FROM,
      latitude: -23.55,
      longitude: -46.63,
      placeName: "Sé",
    });
    expect(lastMessage().location).toEqual({ latitude: -23.55, longitude: -46.63, name: "Sé" });
    await h.sim.cloud.contacts(CLOUD.accountId, {
      from: FROM,
      contacts: [{ name: "João Souza", phone: "+55 11 98888-7777" }],
    });
    expect(lastMessage().contacts).toEqual([
      {
        name: { formatted_name: "João Souza", first_name: "João", last_name: "Souza" },
        phones: [{ phone: "+55 11 98888-7777", wa_id: "5511988887777", type: "CELL" }],
      },
    ]);
  });

  it("interactive button_reply and list_reply, and template button", async () => {
    await h.sim.cloud.buttonReply(CLOUD.accountId, { from: FROM, buttonId: "yes", title: "Yes" });
    expect(lastMessage()).toMatchObject({
      type: "interactive",
      interactive: { type: "button_reply", button_reply: { id: "yes", title: "Yes" } },
    });
    await h.sim.cloud.listReply(CLOUD.accountId, {
      from: FROM,
      rowId: "r1",
      title: "Sales",
      description: "Talk to sales",
    });
    expect(lastMessage().interactive).toEqual({
      type: "list_reply",
      list_reply: { id: "r1", title: "Sales", description: "Talk to sales" },
    });
    await h.sim.cloud.button(CLOUD.accountId, { from: FROM, payload: "STOP", text: "Stop promotions" });
    expect(lastMessage()).toMatchObject({
      type: "button",
      button: { payload: "STOP", text: "Stop promotions" },
    });
  });

  it("reaction with emoji, and without emoji when removed", async () => {
    await h.sim.cloud.reaction(CLOUD.accountId, { from: FROM, messageId: "wamid.TARGET", emoji: "👍" });
    expect(lastMessage().reaction).toEqual({ message_id: "wamid.TARGET", emoji: "👍" });
    await h.sim.cloud.reaction(CLOUD.accountId, { from: FROM, messageId: "wamid.TARGET" });
    const removed = lastMessage().reaction;
    expect(removed).toEqual({ message_id: "wamid.TARGET" });
    expect("emoji" in removed).toBe(false);
  });

  it("unsupported carries the provider's errors", async () => {
    await h.sim.cloud.unsupported(CLOUD.accountId, { from: FROM });
    const message = lastMessage();
    expect(message.type).toBe("unsupported");
    expect(message.errors[0].code).toBe(131051);
  });

  it("context: a reply, forwarded flags, and a referral", async () => {
    await h.sim.cloud.text(CLOUD.accountId, { from: FROM, body: "re", context: { id: "wamid.OURS" } });
    expect(lastMessage().context).toEqual({ from: "15550100001", id: "wamid.OURS" });
    await h.sim.cloud.text(CLOUD.accountId, { from: FROM, body: "fw", context: { forwarded: true } });
    expect(lastMessage().context).toEqual({ forwarded: true });
    await h.sim.cloud.text(CLOUD.accountId, {
      from: FROM,
      body: "ffw",
      context: { frequentlyForwarded: true },
    });
    expect(lastMessage().context).toEqual({ frequently_forwarded: true });
    await h.sim.cloud.text(CLOUD.accountId, { from: FROM, body: "ad", referral: { headline: "Promo" } });
    expect(lastMessage().referral).toMatchObject({
      source_type: "ad",
      headline: "Promo",
      source_url: expect.any(String),
    });
  });

  it("remembers the contact's name for later messages", async () => {
    await h.sim.cloud.text(CLOUD.accountId, { from: FROM, name: "Bia", body: "1" });
    await h.sim.cloud.text(CLOUD.accountId, { from: FROM, body: "2" });
    expect(lastMessage().envelopeContacts[0].profile.name).toBe("Bia");
  });
});

describe("Cloud API statuses and batches", () => {
  it("sendStatus: sent, read and failed with errors", async () => {
    await h.sim.sendStatus(CLOUD.accountId, {
      id: "wamid.A",
      status: "sent",
      recipientId: "+55 11 99999-0000",
    });
    let value = (h.receiver.received.at(-1)!.json as Any).entry[0].changes[0].value;
    expect(value.messages).toBeUndefined();
    expect(value.metadata.phone_number_id).toBe(CLOUD.accountId);
    expect(value.statuses[0]).toMatchObject({ id: "wamid.A", status: "sent", recipient_id: FROM });
    expect(value.statuses[0].timestamp).toMatch(/^\d{10}$/);

    await h.sim.sendStatus(CLOUD.accountId, {
      id: "wamid.B",
      status: "failed",
      recipientId: FROM,
      errors: h.sim.errors.reEngagement,
    });
    value = (h.receiver.received.at(-1)!.json as Any).entry[0].changes[0].value;
    expect(value.statuses[0].errors).toEqual([
      {
        code: 131047,
        title: "Re-engagement message",
        message: "Re-engagement message",
        error_data: {
          details:
            "Message failed to send because more than 24 hours have passed since the customer last replied to this number.",
        },
      },
    ]);
  });

  it("layouts: messages in one value, one change each, one entry each", async () => {
    const events = [
      { type: "text" as const, from: "5511000000001", body: "a" },
      { type: "text" as const, from: "5511000000002", body: "b" },
      { type: "text" as const, from: "5511000000001", body: "c" },
    ];
    await h.sim.batch(CLOUD.accountId, events);
    let payload = h.receiver.received.at(-1)!.json as Any;
    expect(payload.entry[0].changes[0].value.messages).toHaveLength(3);
    expect(payload.entry[0].changes[0].value.contacts.map((c: Any) => c.wa_id)).toEqual([
      "5511000000001",
      "5511000000002",
    ]);
    await h.sim.batch(CLOUD.accountId, events, { layout: "changes" });
    payload = h.receiver.received.at(-1)!.json as Any;
    expect(payload.entry).toHaveLength(1);
    expect(payload.entry[0].changes).toHaveLength(3);
    const result = await h.sim.batch(CLOUD.accountId, events, { layout: "entries" });
    payload = h.receiver.received.at(-1)!.json as Any;
    expect(payload.entry).toHaveLength(3);
    expect(payload.entry[2].changes[0].value.messages[0].text.body).toBe("c");
    expect(new Set(result.providerMessageIds).size).toBe(3);
  });

  it("refuses an event of another channel", async () => {
    await expect(
      h.sim.batch(CLOUD.accountId, [{ type: "postback", from: "1", title: "t", payload: "p" }]),
    ).rejects.toThrow(/no "postback" event/);
  });
});
