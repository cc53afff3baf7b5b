import { type FakeServer, jsonBody, type RecordedRequest, sendJson, startFakeServer } from "./http-fake.js";

/**
 * A local OpenAI-compatible API (platform.openai.com API reference): `POST /v1/chat/completions`
 * answering a `chat.completion` whose content repeats the last user message ("Você disse: …"), and
 * `POST /v1/audio/transcriptions` (multipart `file`, `model`) answering `{ text }` with the file's
 * name and size. Bearer keys other than FAKE_OPENAI_KEY get OpenAI's 401 `invalid_api_key`;
 * `failWith` makes the next calls fail with an OpenAI-shaped error.
 */
export const FAKE_OPENAI_KEY = "sk-fake-openai-key";

export interface FakeOpenAi extends FakeServer {
  failWith: { status: number; message: string; type: string } | null;
  /** The multipart fields of the last transcription request. */
  lastTranscription: {
    model: string;
    language: string | null;
    filename: string;
    size: number;
    type: string;
  } | null;
}

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const server = await startFakeServer(async (req, res) => {
    if (req.headers.authorization !== `Bearer ${FAKE_OPENAI_KEY}`)
      return sendJson(res, 401, {
        error: {
          message: "Incorrect API key provided.",
          type: "invalid_request_error",
          param: null,
          code: "invalid_api_key",
        },
      });
    if (fake.failWith)
      return sendJson(res, fake.failWith.status, {
        error: { message: fake.failWith.message, type: fake.failWith.type, param: null, code: null },
      });
    if (req.method === "POST" && req.path === "/v1/chat/completions") {
      const body = jsonBody<{ model: string; messages: { role: string; content: string }[] }>(req);
      const last = body.messages.at(-1);
      if (!body.model || last?.role !== "user")
        return sendJson(res, 400, { error: { message: "Invalid messages", type: "invalid_request_error" } });
      return sendJson(res, 200, {
        id: "chatcmpl-fake",
        object: "chat.completion",
        created: Math.floor(Date.now() / 1000),
        model: body.model,
        choices: [
          {
            index: 0,
            message: { role: "assistant", content: `Você disse: ${last.content}` },
            finish_reason: "stop",
          },
        ],
        usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
      });
    }
    if (req.method === "POST" && req.path === "/v1/audio/transcriptions") {
      const form = await formOf(req);
      const file = form.get("file");
      const model = form.get("model");
      if (!(file instanceof File) || typeof model !== "string")
        return sendJson(res, 400, {
          error: { message: "file and model are required", type: "invalid_request_error" },
        });
      fake.lastTranscription = {
        model,
        language: (form.get("language") as string | null) ?? null,
        filename: file.name,
        size: file.size,
        type: file.type,
      };
      return sendJson(res, 200, { text: ` Transcrito ${file.name} (${file.size} bytes) ` });
    }
    return sendJson(res, 404, { error: { message: "Unknown request URL", type: "invalid_request_error" } });
  });
  const fake: FakeOpenAi = Object.assign(server, { failWith: null, lastTranscription: null });
  return fake;
}

/** Parses the multipart body the way a server would (fetch's own parser). */
function formOf(req: RecordedRequest): Promise<FormData> {
  return new Request("http://fake/", {
    method: "POST",
    headers: { "content-type": String(req.headers["content-type"]) },
    body: new Uint8Array(req.body),
  }).formData();
}
