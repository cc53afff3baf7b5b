import { createHmac } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  type Any,
  APP_SECRET,
  CLOUD,
  type Harness,
  PAGE,
  startHarness,
  VERIFY_TOKEN,
} from "./test/harness.js";
import { verifySignature } from "./test/receiver.js";
import { signatureFor, tamperedSignature } from "./webhooks.js";

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

describe("signatures", () => {
  it("signs the exact raw bytes with HMAC-SHA256 of the app secret", async () => {
    const result = await h.sim.cloud.text(CLOUD.accountId, {
      from: "5511999990000",
      name: "Ana",
      body: "olá 👋",
    });
    expect(result.status).toBe(200);
    expect(result.body).toBe("EVENT_RECEIVED");
    const [got] = h.receiver.received;
    const expected = `sha256=${createHmac("sha256", APP_SECRET).update(got!.raw).digest("hex")}`;
    expect(got!.headers["x-hub-signature-256"]).toBe(expected);
    expect(got!.signatureValid).toBe(true);
    expect(got!.headers["content-type"]).toBe("application/json");
    // The bytes on the wire are the recorded bytes.
    expect(h.sim.deliveries[0]!.raw.equals(got!.raw)).toBe(true);
  });

  it("signatureFor and tamperedSignature: one verifies, the other does not", () => {
    const raw = Buffer.from('{"object":"page"}');
    expect(verifySignature(raw, signatureFor(raw, APP_SECRET), APP_SECRET)).toBe(true);
    const bad = tamperedSignature(raw, APP_SECRET);
    expect(bad).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(verifySignature(raw, bad, APP_SECRET)).toBe(false);
    expect(verifySignature(raw, signatureFor(raw, "other-secret"), APP_SECRET)).toBe(false);
  });

  it("deliver: signed, unsigned, tampered and explicit signatures", async () => {
    const payload = { object: "page", entry: [] };
    const signed = await h.sim.deliver(PAGE.accountId, payload);
    const unsigned = await h.sim.deliver(PAGE.accountId, payload, { sign: false });
    const tampered = await h.sim.deliver(PAGE.accountId, payload, { sign: "tamper" });
    const explicit = await h.sim.deliver(PAGE.accountId, payload, { signature: "sha256=deadbeef" });
    expect([signed.status, unsigned.status, tampered.status, explicit.status]).toEqual([200, 401, 401, 401]);
    const [, second, third, fourth] = h.receiver.received;
    expect(second!.headers["x-hub-signature-256"]).toBeUndefined();
    expect(third!.headers["x-hub-signature-256"]).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(fourth!.headers["x-hub-signature-256"]).toBe("sha256=deadbeef");
  });

  it("deliver sends a string or bytes payload byte for byte", async () => {
    const text = '{ "object" : "page",  "entry": [] }';
    await h.sim.deliver(PAGE.accountId, text);
    expect(h.receiver.received[0]!.raw.toString("utf8")).toBe(text);
    expect(h.receiver.received[0]!.signatureValid).toBe(true);
  });
});

describe("handshake", () => {
  it("passes with the registered verify token and returns the challenge", async () => {
    const result = await h.sim.verifyWebhook(CLOUD.accountId);
    expect(result.status).toBe(200);
    expect(result.body).toBe(result.challenge);
    expect(result.ok).toBe(true);
  });

  it("fails with a wrong token", async () => {
    const result = await h.sim.verifyWebhook(CLOUD.accountId, "wrong");
    expect(result.status).toBe(403);
    expect(result.ok).toBe(false);
    expect((await h.sim.verifyWebhook(PAGE.accountId, VERIFY_TOKEN)).ok).toBe(true);
  });
});

describe("deliveries and redelivery", () => {
  it("redeliver re-POSTs identical bytes and signature", async () => {
    const first = await h.sim.cloud.text(CLOUD.accountId, { from: "5511999990000", body: "once" });
    const again = await h.sim.redeliver(first.deliveryId);
    expect(again.deliveryId).not.toBe(first.deliveryId);
    expect(again.providerMessageId).toBe(first.providerMessageId);
    const [a, b] = h.receiver.received;
    expect(b!.raw.equals(a!.raw)).toBe(true);
    expect(b!.headers["x-hub-signature-256"]).toBe(a!.headers["x-hub-signature-256"]);
    expect(h.sim.deliveries).toHaveLength(2);
  });

  it("records status, answer and duration of each delivery, and the receiver's refusals", async () => {
    h.receiver.answerWith = 500;
    const result = await h.sim.messenger.text(PAGE.accountId, { from: "7000000000000001", text: "hi" });
    expect(result.status).toBe(500);
    const delivery = h.sim.deliveries[0]!;
    expect(delivery).toMatchObject({
      accountId: PAGE.accountId,
      status: 500,
      responseBody: "EVENT_RECEIVED",
    });
    expect(delivery.durationMs).toBeGreaterThan(0);
    expect(delivery.url).toBe(`${h.receiver.url}/webhooks/facebook`);
    h.sim.clear();
    expect(h.sim.deliveries).toHaveLength(0);
  });

  it("reports a network failure as status 0 with the error", async () => {
    h.sim.registerAccount({
      channel: "facebook",
      accountId: "999",
      accessToken: "t",
      appSecret: "s",
      webhookUrl: "http://127.0.0.1:1/nowhere",
    });
    const result = await h.sim.messenger.text("999", { from: "1", text: "x" });
    expect(result.status).toBe(0);
    expect(result.body).toMatch(/ECONNREFUSED/);
    expect(h.sim.deliveries[0]!.error).toMatch(/ECONNREFUSED/);
  });

  it("batch puts many events in one delivery and redeliver keeps them", async () => {
    const result = await h.sim.batch(CLOUD.accountId, [
      { type: "text", from: "5511999990001", body: "a" },
      { type: "text", from: "5511999990002", body: "b" },
      { type: "status", id: "wamid.X", status: "delivered", recipientId: "5511999990003" },
    ]);
    expect(result.providerMessageIds).toHaveLength(3);
    await h.sim.redeliver(result.deliveryId);
    const [a, b] = h.receiver.received;
    expect(b!.raw.equals(a!.raw)).toBe(true);
    const payload = a!.json as Any;
    expect(payload.entry[0].changes[0].value.messages).toHaveLength(2);
    expect(payload.entry[0].changes[1].value.statuses[0].id).toBe("wamid.X");
  });
});
