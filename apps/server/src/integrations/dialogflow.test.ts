import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeDialogflow, startFakeDialogflow } from "../../test/fakes/fake-dialogflow.js";
import { DialogflowClient, type DialogflowInput } from "./dialogflow.js";

/** The Dialogflow client (the official @google-cloud/dialogflow over REST) against a local detectIntent. */

let fake: FakeDialogflow;
let client: DialogflowClient;
beforeAll(async () => {
  fake = await startFakeDialogflow();
  client = new DialogflowClient({ baseUrl: fake.url, timeoutMs: 5000 });
});
afterAll(async () => {
  await client.close();
  await fake.close();
});

const input = (over: Partial<DialogflowInput> = {}): DialogflowInput => ({
  projectName: "agente-teste",
  jsonContent: fake.jsonContent,
  languageCode: "pt-BR",
  sessionId: "ticket-42",
  text: "oi",
  ...over,
});

describe("DialogflowClient", () => {
  it("detects the intent and answers its messages, signed with the service account's key", async () => {
    expect(await client.detectIntent(input())).toEqual({
      ok: true,
      value: {
        messages: ["Olá! Como posso ajudar?", "Digite 'tchau' para sair."],
        intent: "Default Welcome Intent",
        confidence: 1,
        action: "input.welcome",
        endInteraction: false,
      },
    });
    expect(await client.detectIntent(input({ text: "tchau" }))).toMatchObject({
      ok: true,
      value: { messages: ["Até logo!"], intent: "Despedida", endInteraction: true },
    });
    expect(fake.sessions.slice(-2)).toEqual(["agente-teste/ticket-42", "agente-teste/ticket-42"]);
  });

  it("refuses a key that is not a service account's, or one the server does not know (not retryable)", async () => {
    expect(await client.detectIntent(input({ jsonContent: '{"x":1}' }))).toMatchObject({
      ok: false,
      retryable: false,
    });
    expect(await client.detectIntent(input({ jsonContent: "not json" }))).toMatchObject({
      ok: false,
      retryable: false,
    });
    const other = await startFakeDialogflow();
    const result = await client.detectIntent(input({ jsonContent: other.jsonContent }));
    await other.close();
    expect(result).toMatchObject({ ok: false, retryable: false });
  });

  it("classifies Google's errors: 404 and 400 not retryable, 503 and 429 retryable", async () => {
    expect(await client.detectIntent(input({ projectName: "missing" }))).toMatchObject({
      ok: false,
      retryable: false,
    });
    const bad = await client.detectIntent(input({ languageCode: "xx" }));
    expect(bad).toMatchObject({ ok: false, retryable: false });
    expect(bad.ok ? "" : bad.reason).toContain("Unsupported language code xx");
    fake.failWith = { code: 503, status: "UNAVAILABLE", message: "The service is currently unavailable." };
    const before = fake.requests.length;
    expect(await client.detectIntent(input())).toMatchObject({ ok: false, retryable: true });
    expect(fake.requests.length - before).toBe(1);
    fake.failWith = { code: 429, status: "RESOURCE_EXHAUSTED", message: "Quota exceeded" };
    expect(await client.detectIntent(input())).toMatchObject({ ok: false, retryable: true });
    fake.failWith = null;
  });

  it("gives up after its time limit (retryable)", async () => {
    fake.hang = true;
    const started = Date.now();
    const slow = await client.detectIntent(input({ timeoutMs: 300 }));
    fake.hang = false;
    expect(slow).toMatchObject({ ok: false, retryable: true });
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
