import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAKE_AZURE_KEY, type FakeAzureTts, startFakeAzureTts } from "../../test/fakes/fake-azure-tts.js";
import { FAKE_OPENAI_KEY, type FakeOpenAi, startFakeOpenAi } from "../../test/fakes/fake-openai.js";
import { jsonBody } from "../../test/fakes/http-fake.js";
import { OutboundHttp } from "./http.js";
import { OpenAiClient } from "./openai.js";
import { azureVoiceName, SpeechClient, speechUrl } from "./speech.js";
import type { ConversationTurn } from "./turns.js";

/** AI prompts' providers against local fakes: an OpenAI-compatible API and Azure's speech synthesis. */

let openai: FakeOpenAi;
let azure: FakeAzureTts;
let client: OpenAiClient;
let speech: SpeechClient;
const http = new OutboundHttp();
beforeAll(async () => {
  [openai, azure] = await Promise.all([startFakeOpenAi(), startFakeAzureTts()]);
  client = new OpenAiClient(http, {
    baseUrl: `${openai.url}/v1`,
    chatModel: "gpt-test",
    transcriptionModel: "whisper-test",
    timeoutMs: 5000,
  });
  speech = new SpeechClient(http, { baseUrl: azure.url, timeoutMs: 5000 });
});
afterAll(() => Promise.all([openai.close(), azure.close()]));

const conversation: ConversationTurn[] = Array.from({ length: 15 }, (_, i) => ({
  role: i % 2 ? "assistant" : "contact",
  text: `m${i}`,
}));

describe("OpenAiClient.chat", () => {
  it("sends the prompt as system text, its settings and the last messages", async () => {
    const result = await client.chat({
      apiKey: FAKE_OPENAI_KEY,
      systemPrompt: "Você é a atendente.",
      conversation,
      temperature: 0.3,
      maxTokens: 200,
      maxMessages: 4,
    });
    expect(result).toEqual({ ok: true, value: { text: "Você disse: m14", finishReason: "stop" } });
    const body = jsonBody<Record<string, unknown>>(openai.requests.at(-1) as never);
    expect(body).toEqual({
      model: "gpt-test",
      temperature: 0.3,
      max_tokens: 200,
      messages: [
        { role: "system", content: "Você é a atendente." },
        { role: "user", content: "m12" },
        { role: "assistant", content: "m13" },
        { role: "user", content: "m14" },
      ],
    });
  });

  it("uses the prompt defaults (temperature 1, 100 tokens, 10 messages)", async () => {
    await client.chat({ apiKey: FAKE_OPENAI_KEY, systemPrompt: "x", conversation });
    const body = jsonBody<{ temperature: number; max_tokens: number; messages: unknown[] }>(
      openai.requests.at(-1) as never,
    );
    expect(body).toMatchObject({ temperature: 1, max_tokens: 100 });
    // The system text and the last 10 messages (m5 to m14) less m5, an assistant turn before the contact's.
    expect(body.messages).toHaveLength(1 + 9);
  });

  it("classifies a wrong key, a rate limit, a server error and a timeout", async () => {
    expect(await client.chat({ apiKey: "sk-wrong", systemPrompt: "", conversation })).toMatchObject({
      ok: false,
      retryable: false,
      status: 401,
      reason: "openai answered 401: Incorrect API key provided.",
    });
    openai.failWith = { status: 429, message: "Rate limit reached", type: "requests" };
    expect(await client.chat({ apiKey: FAKE_OPENAI_KEY, systemPrompt: "", conversation })).toMatchObject({
      ok: false,
      retryable: true,
      status: 429,
    });
    openai.failWith = { status: 502, message: "Bad gateway", type: "server_error" };
    expect(await client.chat({ apiKey: FAKE_OPENAI_KEY, systemPrompt: "", conversation })).toMatchObject({
      ok: false,
      retryable: true,
    });
    openai.failWith = null;
    openai.hang = true;
    const slow = await client.chat({
      apiKey: FAKE_OPENAI_KEY,
      systemPrompt: "",
      conversation,
      timeoutMs: 250,
    });
    openai.hang = false;
    expect(slow).toEqual({ ok: false, retryable: true, reason: "openai took over 250 ms" });
  });
});

describe("OpenAiClient.transcribe", () => {
  it("posts the audio as multipart and answers the text", async () => {
    const audio = readFileSync(new URL("../../test/fixtures/audio/voice-chromium.webm", import.meta.url));
    const result = await client.transcribe({
      apiKey: FAKE_OPENAI_KEY,
      audio,
      filename: "voice.webm",
      mimeType: "audio/webm",
      language: "pt",
    });
    expect(result).toEqual({ ok: true, value: { text: `Transcrito voice.webm (${audio.length} bytes)` } });
    expect(openai.lastTranscription).toEqual({
      model: "whisper-test",
      language: "pt",
      filename: "voice.webm",
      size: audio.length,
      type: "audio/webm",
    });
    const wrong = await client.transcribe({ apiKey: "x", audio, filename: "a.ogg", mimeType: "audio/ogg" });
    expect(wrong).toMatchObject({ ok: false, retryable: false, status: 401 });
  });
});

describe("SpeechClient (Azure text to speech)", () => {
  it("synthesises SSML with the prompt's voice and answers Ogg/Opus audio", async () => {
    const result = await speech.synthesize({
      voice: "Francisca",
      key: FAKE_AZURE_KEY,
      region: "brazilsouth",
      text: "Olá & <bem-vindo>",
    });
    if (!result.ok) throw new Error(result.reason);
    expect(result.value.mimeType).toBe("audio/ogg");
    expect(result.value.audio.subarray(0, 4).toString()).toBe("OggS");
    expect(azure.spoken.at(-1)).toEqual({
      voice: "pt-BR-FranciscaNeural",
      text: "Olá &amp; &lt;bem-vindo&gt;",
      format: "ogg-48khz-16bit-mono-opus",
    });
  });

  it("classifies a wrong key, a throttle and a timeout; refuses a region that is not one", async () => {
    const input = { voice: "pt-BR-AntonioNeural", key: FAKE_AZURE_KEY, region: "eastus", text: "oi" };
    expect(await speech.synthesize({ ...input, key: "wrong" })).toMatchObject({
      ok: false,
      retryable: false,
      status: 401,
    });
    expect(await speech.synthesize({ ...input, region: "evil.com/x" })).toMatchObject({
      ok: false,
      retryable: false,
    });
    expect(await speech.synthesize({ ...input, voice: "texto" })).toMatchObject({
      ok: false,
      retryable: false,
    });
    azure.hang = true;
    const slow = await speech.synthesize({ ...input, timeoutMs: 250 });
    azure.hang = false;
    expect(slow).toMatchObject({ ok: false, retryable: true });
  });

  it("fills {region} in the base URL and names voices as Azure does", () => {
    expect(speechUrl("https://{region}.tts.speech.microsoft.com", "BrazilSouth")).toBe(
      "https://brazilsouth.tts.speech.microsoft.com/cognitiveservices/v1",
    );
    expect(speechUrl("https://{region}.tts.speech.microsoft.com", "a.b")).toBeNull();
    expect(azureVoiceName("Yara")).toBe("pt-BR-YaraNeural");
    expect(azureVoiceName("pt-BR-ThalitaMultilingualNeural")).toBe("pt-BR-ThalitaMultilingualNeural");
  });
});
