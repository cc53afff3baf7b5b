import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAKE_GEMINI_KEY, type FakeGemini, startFakeGemini } from "../../test/fakes/fake-gemini.js";
import { jsonBody } from "../../test/fakes/http-fake.js";
import { GeminiClient } from "./gemini.js";
import type { ConversationTurn } from "./turns.js";

/** The Gemini client (the official @google/genai SDK) against a local Gemini API. */

let gemini: FakeGemini;
let client: GeminiClient;
beforeAll(async () => {
  gemini = await startFakeGemini();
  client = new GeminiClient({ baseUrl: gemini.url, model: "gemini-test", timeoutMs: 5000 });
});
afterAll(() => gemini.close());

const conversation: ConversationTurn[] = [
  { role: "assistant", text: "Bem-vindo!" },
  ...Array.from(
    { length: 30 },
    (_, i): ConversationTurn => ({ role: i % 2 ? "assistant" : "contact", text: `m${i}` }),
  ),
  { role: "contact", text: "e o preço?" },
];

describe("GeminiClient", () => {
  it("sends the prompt, the settings and the last messages as user/model turns", async () => {
    const result = await client.reply({ apiKey: FAKE_GEMINI_KEY, systemPrompt: "Seja breve.", conversation });
    expect(result).toEqual({
      ok: true,
      value: { text: "Você disse: e o preço?", finishReason: "STOP" },
    });
    const sent = gemini.requests.at(-1);
    expect(sent?.path).toMatch(/^\/v1(beta)?\/models\/gemini-test:generateContent$/);
    const body = jsonBody<{
      contents: { role: string }[];
      systemInstruction: unknown;
      generationConfig: unknown;
    }>(sent as never);
    expect(body.generationConfig).toMatchObject({ maxOutputTokens: 1024, temperature: 0.7 });
    expect(JSON.stringify(body.systemInstruction)).toContain("Seja breve.");
    // The last 20 messages (m11 to m29 and the question), the leading assistant turn m11 dropped.
    expect(body.contents).toHaveLength(19);
    expect(body.contents[0]?.role).toBe("user");
    expect(body.contents.map((c) => c.role).join()).not.toMatch(/(user,user|model,model)/);
  });

  it("classifies a wrong key (400), a quota error (429) and a server error (500)", async () => {
    expect(await client.reply({ apiKey: "wrong", systemPrompt: "", conversation })).toMatchObject({
      ok: false,
      retryable: false,
      status: 400,
      reason: "gemini answered 400: API key not valid. Please pass a valid API key.",
    });
    gemini.failWith = { status: 429, message: "Resource has been exhausted", reason: "RESOURCE_EXHAUSTED" };
    expect(await client.reply({ apiKey: FAKE_GEMINI_KEY, systemPrompt: "", conversation })).toMatchObject({
      ok: false,
      retryable: true,
      status: 429,
    });
    gemini.failWith = { status: 500, message: "Internal error", reason: "INTERNAL" };
    expect(await client.reply({ apiKey: FAKE_GEMINI_KEY, systemPrompt: "", conversation })).toMatchObject({
      ok: false,
      retryable: true,
      status: 500,
    });
    gemini.failWith = null;
  });

  it("gives up after its time limit (retryable), and refuses an empty conversation", async () => {
    gemini.hang = true;
    const started = Date.now();
    const slow = await client.reply({
      apiKey: FAKE_GEMINI_KEY,
      systemPrompt: "",
      conversation,
      timeoutMs: 300,
    });
    gemini.hang = false;
    expect(slow).toMatchObject({ ok: false, retryable: true });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(await client.reply({ apiKey: FAKE_GEMINI_KEY, systemPrompt: "", conversation: [] })).toMatchObject(
      {
        ok: false,
        retryable: false,
      },
    );
  });
});

describe("lastTurns", () => {
  it("joins consecutive turns of one side", async () => {
    const { lastTurns } = await import("./turns.js");
    expect(
      lastTurns(
        [
          { role: "contact", text: "a" },
          { role: "contact", text: "b" },
          { role: "assistant", text: " " },
          { role: "assistant", text: "c" },
        ],
        10,
      ),
    ).toEqual([
      { role: "contact", text: "a\nb" },
      { role: "assistant", text: "c" },
    ]);
  });
});
