import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeWebhook, startFakeWebhook } from "../../test/fakes/fake-webhook.js";
import { sendJson } from "../../test/fakes/http-fake.js";
import { OutboundHttp } from "./http.js";
import {
  newWebhookSecret,
  parseWebhookAnswer,
  signWebhook,
  WebhookClient,
  type WebhookInput,
} from "./webhook.js";

/** The webhook / n8n client against a local receiver that checks signatures as docs/INTEGRATIONS.md says. */

const secret = newWebhookSecret();
let receiver: FakeWebhook;
beforeAll(async () => {
  receiver = await startFakeWebhook(secret);
});
afterAll(() => receiver.close());

const client = new WebhookClient(new OutboundHttp({ allowPrivateUrls: true }), { timeoutMs: 5000 });
const input = (over: Partial<WebhookInput> = {}): WebhookInput => ({
  url: `${receiver.url}/hook`,
  secret,
  webhookType: "n8n",
  message: {
    id: 7,
    body: "Oi",
    fromMe: false,
    mediaType: null,
    mediaUrl: null,
    createdAt: "2026-01-01T00:00:00.000Z",
  },
  contact: { id: 3, name: "Ana", number: "5511999990000" },
  ticket: { id: 9, uuid: "u-9", status: "pending", queueId: 2, whatsappId: 1, companyId: 1 },
  ...over,
});

describe("WebhookClient", () => {
  it("posts the signed payload and returns the answer's messages", async () => {
    receiver.respond = (_payload, res) =>
      sendJson(res, 200, {
        messages: [
          "Olá!",
          { text: "Veja", mediaUrl: "https://cdn.example.com/a.png" },
          { body: "Tchau" },
          5,
          {},
        ],
        finish: true,
      });
    const result = await client.send(input({ deliveryId: "d-1" }));
    expect(result).toEqual({
      ok: true,
      value: {
        messages: [
          { text: "Olá!", mediaUrl: null },
          { text: "Veja", mediaUrl: "https://cdn.example.com/a.png" },
          { text: "Tchau", mediaUrl: null },
        ],
        finished: true,
        deliveryId: "d-1",
      },
    });
    expect(receiver.accepted.at(-1)).toMatchObject({
      webhook_type: "n8n",
      message: { body: "Oi" },
      contact: { name: "Ana" },
      ticket: { id: 9 },
    });
    expect(receiver.requests.at(-1)?.headers["x-inbox-delivery"]).toBe("d-1");
  });

  it("is refused by the receiver with another secret (401, not retryable)", async () => {
    const result = await client.send(input({ secret: newWebhookSecret() }));
    expect(result).toMatchObject({ ok: false, retryable: false, status: 401 });
  });

  it("classifies a 500 as retryable, a 400 as not, and an empty 2xx as no answer", async () => {
    receiver.respond = (_p, res) => sendJson(res, 503, { error: "busy" });
    expect(await client.send(input())).toMatchObject({ ok: false, retryable: true, status: 503 });
    receiver.respond = (_p, res) => sendJson(res, 422, { message: "no" });
    expect(await client.send(input())).toMatchObject({
      ok: false,
      retryable: false,
      reason: "n8n answered 422: no",
    });
    receiver.respond = (_p, res) => res.writeHead(204).end();
    expect(await client.send(input())).toMatchObject({ ok: true, value: { messages: [], finished: false } });
    receiver.respond = (_p, res) => sendJson(res, 200, { messages: "x" });
    expect(await client.send(input())).toMatchObject({ ok: false, retryable: false });
  });

  it("gives up after its time limit (retryable) and does not follow redirects", async () => {
    receiver.hang = true;
    const started = Date.now();
    const result = await client.send(input({ timeoutMs: 300 }));
    receiver.hang = false;
    expect(result).toMatchObject({ ok: false, retryable: true, reason: "n8n took over 300 ms" });
    expect(Date.now() - started).toBeLessThan(3000);
    receiver.respond = (_p, res) => res.writeHead(307, { location: "http://169.254.169.254/" }).end();
    expect(await client.send(input())).toMatchObject({ ok: false, retryable: false, status: 307 });
  });

  it("refuses private addresses unless the configuration allows them", async () => {
    const strict = new WebhookClient(
      new OutboundHttp({ resolve: async () => [{ address: "10.1.2.3", family: 4 }] }),
      { timeoutMs: 2000 },
    );
    const before = receiver.requests.length;
    for (const url of [
      `${receiver.url}/hook`,
      "http://localhost:1/x",
      "http://[::1]:1/x",
      "http://hooks.example/x",
    ])
      expect(await strict.send(input({ url }))).toMatchObject({ ok: false, retryable: false });
    expect(await strict.send(input({ url: "ftp://example.com/" }))).toMatchObject({
      ok: false,
      retryable: false,
    });
    expect(receiver.requests.length).toBe(before);
  });

  it("signs the timestamp with the body, and parses n8n's array answers", () => {
    expect(signWebhook("s", 1, "{}")).toBe(signWebhook("s", 1, "{}"));
    expect(signWebhook("s", 1, "{}")).not.toBe(signWebhook("s", 2, "{}"));
    expect(parseWebhookAnswer([{ messages: ["a"] }])).toEqual({
      messages: [{ text: "a", mediaUrl: null }],
      finished: false,
    });
    expect(
      parseWebhookAnswer({ messages: [{ text: "x", mediaUrl: "javascript:alert(1)" }] })?.messages,
    ).toEqual([{ text: "x", mediaUrl: null }]);
  });
});
