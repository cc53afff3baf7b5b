import type { HttpAnswer, OutboundHttp } from "./http.js";
import { errorMessageOf, jsonOf } from "./http.js";
import { failure, type ProviderResult, statusFailure, success } from "./result.js";
import { type ConversationTurn, lastTurns } from "./turns.js";

/**
 * AI prompts (spec 3: a connection's prompt answers contacts) through an OpenAI-compatible API at
 * OPENAI_BASE_URL (OpenAI itself, or any server speaking its REST shapes):
 *
 *   POST {base}/chat/completions      { model, messages, temperature, max_tokens } -> choices[0].message.content
 *   POST {base}/audio/transcriptions  multipart file + model                       -> { text }
 *
 * with the prompt's own API key as bearer. The prompt's defaults (spec 3 section 9): temperature 1,
 * 100 tokens, the last 10 messages.
 */
export const PROMPT_DEFAULTS = { temperature: 1, maxTokens: 100, maxMessages: 10 } as const;

interface Call {
  apiKey: string;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface ChatInput extends Call {
  /** The prompt's text: the system message. */
  systemPrompt: string;
  /** The ticket's messages, oldest first; the last `maxMessages` are sent. */
  conversation: ConversationTurn[];
  temperature?: number;
  maxTokens?: number;
  maxMessages?: number;
  /** OPENAI_CHAT_MODEL unless given. */
  model?: string;
}
export interface ChatReply {
  text: string;
  /** stop, length... as the API says. */
  finishReason: string | null;
}

export interface TranscriptionInput extends Call {
  audio: Buffer;
  filename: string;
  mimeType: string;
  /** ISO-639-1, e.g. "pt": a hint that improves accuracy. */
  language?: string;
  /** OPENAI_TRANSCRIPTION_MODEL unless given. */
  model?: string;
}

export interface OpenAiDefaults {
  baseUrl: string;
  chatModel: string;
  transcriptionModel: string;
  timeoutMs: number;
}

export class OpenAiClient {
  constructor(
    private readonly http: OutboundHttp,
    private readonly defaults: OpenAiDefaults,
  ) {}

  async chat(input: ChatInput): Promise<ProviderResult<ChatReply>> {
    const turns = lastTurns(input.conversation, input.maxMessages ?? PROMPT_DEFAULTS.maxMessages);
    if (turns.length === 0) return failure("openai: no contact message to answer", false);
    const messages = [
      ...(input.systemPrompt.trim() ? [{ role: "system", content: input.systemPrompt }] : []),
      ...turns.map((t) => ({ role: t.role === "contact" ? "user" : "assistant", content: t.text })),
    ];
    const body = JSON.stringify({
      model: input.model ?? this.defaults.chatModel,
      messages,
      temperature: input.temperature ?? PROMPT_DEFAULTS.temperature,
      max_tokens: input.maxTokens ?? PROMPT_DEFAULTS.maxTokens,
    });
    const sent = await this.post(input, "/chat/completions", "application/json", body);
    if (!sent.ok) return sent;
    const choice = (
      jsonOf(sent.value) as { choices?: { message?: { content?: unknown }; finish_reason?: unknown }[] }
    )?.choices?.[0];
    const text = typeof choice?.message?.content === "string" ? choice.message.content.trim() : "";
    if (!text) return failure("openai answered no text", false, sent.value.status);
    const finishReason = typeof choice?.finish_reason === "string" ? choice.finish_reason : null;
    return success({ text, finishReason });
  }

  async transcribe(input: TranscriptionInput): Promise<ProviderResult<{ text: string }>> {
    const form = new FormData();
    form.set("model", input.model ?? this.defaults.transcriptionModel);
    form.set("response_format", "json");
    if (input.language) form.set("language", input.language);
    form.set("file", new Blob([new Uint8Array(input.audio)], { type: input.mimeType }), input.filename);
    // The multipart bytes and their boundary, as fetch would send them.
    const encoded = new Request("http://multipart.invalid/", { method: "POST", body: form });
    const bytes = Buffer.from(await encoded.arrayBuffer());
    const type = encoded.headers.get("content-type") ?? "multipart/form-data";
    const sent = await this.post(input, "/audio/transcriptions", type, bytes);
    if (!sent.ok) return sent;
    const text = (jsonOf(sent.value) as { text?: unknown } | undefined)?.text;
    if (typeof text !== "string")
      return failure("openai's transcription has no text", false, sent.value.status);
    return success({ text: text.trim() });
  }

  private async post(
    call: Call,
    path: string,
    contentType: string,
    body: string | Buffer,
  ): Promise<ProviderResult<HttpAnswer>> {
    const sent = await this.http.call("openai", {
      url: `${this.defaults.baseUrl.replace(/\/+$/, "")}${path}`,
      kind: "operator",
      headers: { "content-type": contentType, authorization: `Bearer ${call.apiKey}` },
      body,
      timeoutMs: call.timeoutMs ?? this.defaults.timeoutMs,
      ...(call.signal ? { signal: call.signal } : {}),
    });
    if (!sent.ok) return sent;
    if (sent.value.status < 200 || sent.value.status >= 300)
      return statusFailure("openai", sent.value.status, errorMessageOf(jsonOf(sent.value)));
    return sent;
  }
}
