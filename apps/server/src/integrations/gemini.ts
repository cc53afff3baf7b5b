import { ApiError, GoogleGenAI } from "@google/genai";
import { callSignal, failure, type ProviderResult, statusFailure, success, thrownFailure } from "./result.js";
import { type ConversationTurn, lastTurns } from "./turns.js";

/**
 * Gemini integrations (spec 3: geminiApiKey, geminiPrompt, max tokens 1024, temperature 0.7, the
 * last 20 messages) through Google's official SDK, @google/genai: `models.generateContent` with the
 * prompt as systemInstruction and the conversation as user/model turns. GEMINI_BASE_URL goes to
 * httpOptions.baseUrl (tests point it at a local fake of `v1beta/models/{model}:generateContent`).
 * The SDK's own retries are off: the caller decides (a failure says whether to retry).
 */
export const GEMINI_DEFAULTS = { maxOutputTokens: 1024, temperature: 0.7, maxMessages: 20 } as const;

export interface GeminiInput {
  apiKey: string;
  /** geminiPrompt: the system instruction. */
  systemPrompt: string;
  /** The ticket's messages, oldest first; the last `maxMessages` are sent. */
  conversation: ConversationTurn[];
  maxOutputTokens?: number;
  temperature?: number;
  maxMessages?: number;
  /** GEMINI_MODEL unless given. */
  model?: string;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface GeminiReply {
  text: string;
  /** STOP, MAX_TOKENS... as Gemini says. */
  finishReason: string | null;
}

export class GeminiClient {
  constructor(private readonly defaults: { baseUrl: string; model: string; timeoutMs: number }) {}

  async reply(input: GeminiInput): Promise<ProviderResult<GeminiReply>> {
    const turns = lastTurns(input.conversation, input.maxMessages ?? GEMINI_DEFAULTS.maxMessages);
    if (turns.length === 0) return failure("gemini: no contact message to answer", false);
    const timeoutMs = input.timeoutMs ?? this.defaults.timeoutMs;
    const ai = new GoogleGenAI({
      apiKey: input.apiKey,
      httpOptions: { baseUrl: this.defaults.baseUrl, timeout: timeoutMs, retryOptions: { attempts: 1 } },
    });
    try {
      const response = await ai.models.generateContent({
        model: input.model ?? this.defaults.model,
        contents: turns.map((t) => ({
          role: t.role === "contact" ? "user" : "model",
          parts: [{ text: t.text }],
        })),
        config: {
          ...(input.systemPrompt.trim() ? { systemInstruction: input.systemPrompt } : {}),
          maxOutputTokens: input.maxOutputTokens ?? GEMINI_DEFAULTS.maxOutputTokens,
          temperature: input.temperature ?? GEMINI_DEFAULTS.temperature,
          abortSignal: callSignal(timeoutMs, input.signal),
        },
      });
      const text = response.text?.trim() ?? "";
      const finishReason = response.candidates?.[0]?.finishReason ?? null;
      if (!text) {
        const blocked = response.promptFeedback?.blockReason;
        return failure(`gemini answered no text (${blocked ?? finishReason ?? "empty"})`, false);
      }
      return success({ text, finishReason });
    } catch (error) {
      if (error instanceof ApiError) return statusFailure("gemini", error.status, apiMessage(error.message));
      return thrownFailure("gemini", error, timeoutMs, input.signal);
    }
  }
}

/** ApiError's message holds the JSON error body; its `error.message` is the readable part. */
function apiMessage(message: string): string {
  const start = message.indexOf("{");
  if (start >= 0) {
    try {
      const parsed = JSON.parse(message.slice(start)) as { error?: { message?: string } };
      if (parsed.error?.message) return parsed.error.message;
    } catch {
      // not JSON: the message as it is
    }
  }
  return message;
}
