import { type FakeServer, jsonBody, sendJson, startFakeServer } from "./http-fake.js";

/**
 * A local Gemini API (ai.google.dev, REST `models.generateContent`):
 * `POST /v1/models/{model}:generateContent` (or v1beta) with the key in `x-goog-api-key` (or `?key=`),
 * answering `{ candidates: [{ content: { role: "model", parts: [{ text }] }, finishReason }],
 * usageMetadata }`. Its answer repeats the last user turn ("Você disse: …"), so tests see what was
 * sent. A wrong key gets Google's 400 INVALID_ARGUMENT; `failWith` makes the next calls fail.
 */
export const FAKE_GEMINI_KEY = "AIzaFakeGeminiKey0000";

export interface FakeGemini extends FakeServer {
  failWith: { status: number; message: string; reason: string } | null;
}

interface GenerateBody {
  contents: { role: string; parts: { text?: string }[] }[];
  systemInstruction?: { parts: { text: string }[] };
  generationConfig?: { maxOutputTokens?: number; temperature?: number };
}

export async function startFakeGemini(): Promise<FakeGemini> {
  const server = await startFakeServer((req, res) => {
    const url = new URL(req.path, "http://fake");
    const match = /^\/v1(?:beta)?\/models\/([^/:]+):generateContent$/.exec(url.pathname);
    if (req.method !== "POST" || !match)
      return sendJson(res, 404, { error: { code: 404, message: "Not found", status: "NOT_FOUND" } });
    const key = req.headers["x-goog-api-key"] ?? url.searchParams.get("key");
    if (key !== FAKE_GEMINI_KEY)
      return sendJson(res, 400, {
        error: {
          code: 400,
          message: "API key not valid. Please pass a valid API key.",
          status: "INVALID_ARGUMENT",
          details: [{ "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason: "API_KEY_INVALID" }],
        },
      });
    if (fake.failWith)
      return sendJson(res, fake.failWith.status, {
        error: { code: fake.failWith.status, message: fake.failWith.message, status: fake.failWith.reason },
      });
    const body = jsonBody<GenerateBody>(req);
    const last = body.contents.at(-1);
    if (last?.role !== "user")
      return sendJson(res, 400, {
        error: {
          code: 400,
          message: "Please ensure that the last turn is a user turn.",
          status: "INVALID_ARGUMENT",
        },
      });
    const text = `Você disse: ${last.parts.map((p) => p.text ?? "").join("")}`;
    return sendJson(res, 200, {
      candidates: [{ content: { role: "model", parts: [{ text }] }, finishReason: "STOP", index: 0 }],
      usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
      modelVersion: match[1],
    });
  });
  const fake: FakeGemini = Object.assign(server, { failWith: null });
  return fake;
}
