import { AppError } from "../../http/app-error.js";

export interface TranscriptionConfig {
  /** Base URL of an OpenAI-compatible API, e.g. https://api.openai.com/v1. */
  url: string;
  apiKey?: string;
  model: string;
  timeoutMs?: number;
}

/**
 * Speech to text through an OpenAI-compatible endpoint:
 * `POST {url}/audio/transcriptions`, multipart `file` and `model`, answering
 * `{ text }` (OpenAI, Groq, LocalAI, faster-whisper servers speak it).
 */
export class Transcriber {
  constructor(private readonly config: TranscriptionConfig) {}

  async transcribe(audio: { bytes: Buffer; filename: string; mimeType: string }): Promise<string> {
    const form = new FormData();
    form.set("model", this.config.model);
    form.set("response_format", "json");
    form.set("file", new Blob([new Uint8Array(audio.bytes)], { type: audio.mimeType }), audio.filename);
    let response: Response;
    try {
      response = await fetch(`${this.config.url.replace(/\/$/, "")}/audio/transcriptions`, {
        method: "POST",
        headers: this.config.apiKey ? { authorization: `Bearer ${this.config.apiKey}` } : {},
        body: form,
        signal: AbortSignal.timeout(this.config.timeoutMs ?? 120_000),
      });
    } catch (error) {
      throw failed(`transcription service unreachable: ${(error as Error).message}`);
    }
    const body = (await response.json().catch(() => undefined)) as
      | { text?: unknown; error?: { message?: string } | string }
      | undefined;
    if (!response.ok) {
      const reason = typeof body?.error === "string" ? body.error : body?.error?.message;
      throw failed(reason ?? `transcription service answered ${response.status}`);
    }
    if (typeof body?.text !== "string") throw failed("invalid transcription data");
    return body.text.trim();
  }
}

const failed = (message: string) => new AppError("ERR_TRANSCRIPTION_FAILED", { status: 502, message });
