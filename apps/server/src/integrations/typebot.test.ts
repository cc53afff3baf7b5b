import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeTypebot, startFakeTypebot } from "../../test/fakes/fake-typebot.js";
import { OutboundHttp } from "./http.js";
import { TypebotClient } from "./typebot.js";

/** The Typebot client against a local viewer speaking Typebot's public chat API. */

let typebot: FakeTypebot;
let client: TypebotClient;
beforeAll(async () => {
  typebot = await startFakeTypebot();
  client = new TypebotClient(new OutboundHttp(), { baseUrl: typebot.url, timeoutMs: 5000 });
});
afterAll(() => typebot.close());

describe("TypebotClient", () => {
  it("starts a chat, flattens its rich text, and continues it to the end", async () => {
    const started = await client.start({ slug: "atendimento", prefilledVariables: { name: "Ana" } });
    if (!started.ok) throw new Error(started.reason);
    expect(started.value.messages).toEqual([
      { type: "text", text: "Olá, *Ana*!\nVeja o site (https://example.com/p)" },
      { type: "image", url: "https://cdn.example.com/banner.png" },
      { type: "text", text: "Escolha uma opção:" },
    ]);
    expect(started.value.input).toEqual({ type: "choice input", options: ["Vendas", "Suporte"] });
    const { sessionId } = started.value;
    const wrong = await client.next({ sessionId, message: "Outra" });
    expect(wrong).toMatchObject({
      ok: true,
      value: { sessionId, input: { options: ["Vendas", "Suporte"] } },
    });
    const done = await client.next({ sessionId, message: "Vendas" });
    expect(done).toEqual({
      ok: true,
      value: { sessionId, messages: [{ type: "text", text: "_Um vendedor já vem._" }], input: null },
    });
    expect(typebot.sessions.get(sessionId)).toEqual(["Outra", "Vendas"]);
  });

  it("answers Typebot's 404s as not retryable, with the status", async () => {
    expect(await client.start({ slug: "nope" })).toMatchObject({
      ok: false,
      retryable: false,
      status: 404,
      reason: "typebot answered 404: Typebot not found",
    });
    expect(await client.next({ sessionId: "gone", message: "oi" })).toMatchObject({ ok: false, status: 404 });
  });

  it("times out (retryable), and an unreachable server is retryable", async () => {
    typebot.hang = true;
    const slow = await client.start({ slug: "atendimento", timeoutMs: 250 });
    typebot.hang = false;
    expect(slow).toMatchObject({ ok: false, retryable: true, reason: "typebot took over 250 ms" });
    const down = new TypebotClient(new OutboundHttp(), { baseUrl: "http://127.0.0.1:1", timeoutMs: 2000 });
    expect(await down.start({ slug: "atendimento" })).toMatchObject({ ok: false, retryable: true });
  });

  it("calls an integration's own server only at a public address unless allowed", async () => {
    const strict = new TypebotClient(new OutboundHttp(), { baseUrl: "https://typebot.io", timeoutMs: 2000 });
    expect(await strict.start({ slug: "atendimento", serverUrl: typebot.url })).toMatchObject({
      ok: false,
      retryable: false,
    });
    const open = new TypebotClient(new OutboundHttp({ allowPrivateUrls: true }), {
      baseUrl: "https://typebot.io",
      timeoutMs: 2000,
    });
    expect(await open.start({ slug: "atendimento", serverUrl: `${typebot.url}/` })).toMatchObject({
      ok: true,
    });
  });
});
