import type { Config } from "../config.js";
import { DialogflowClient } from "./dialogflow.js";
import { GeminiClient } from "./gemini.js";
import { OutboundHttp } from "./http.js";
import { OpenAiClient } from "./openai.js";
import { SpeechClient } from "./speech.js";
import { TypebotClient } from "./typebot.js";
import { WebhookClient } from "./webhook.js";

/**
 * Every provider client, built once from the configuration (docs/INTEGRATIONS.md). The automation
 * runner calls them; each answers `{ ok: true, value }` or a classified failure, never throws.
 */
export interface Providers {
  webhook: WebhookClient;
  typebot: TypebotClient;
  dialogflow: DialogflowClient;
  gemini: GeminiClient;
  openai: OpenAiClient;
  speech: SpeechClient;
}

type ProviderConfig = Pick<
  Config,
  | "INTEGRATIONS_TIMEOUT_MS"
  | "INTEGRATIONS_ALLOW_PRIVATE_URLS"
  | "TYPEBOT_BASE_URL"
  | "DIALOGFLOW_BASE_URL"
  | "GEMINI_BASE_URL"
  | "GEMINI_MODEL"
  | "OPENAI_BASE_URL"
  | "OPENAI_CHAT_MODEL"
  | "OPENAI_TRANSCRIPTION_MODEL"
  | "AZURE_TTS_BASE_URL"
>;

export function createProviders(config: ProviderConfig): Providers {
  const timeoutMs = config.INTEGRATIONS_TIMEOUT_MS;
  const http = new OutboundHttp({ allowPrivateUrls: config.INTEGRATIONS_ALLOW_PRIVATE_URLS });
  return {
    webhook: new WebhookClient(http, { timeoutMs }),
    typebot: new TypebotClient(http, { baseUrl: config.TYPEBOT_BASE_URL, timeoutMs }),
    dialogflow: new DialogflowClient({ baseUrl: config.DIALOGFLOW_BASE_URL, timeoutMs }),
    gemini: new GeminiClient({ baseUrl: config.GEMINI_BASE_URL, model: config.GEMINI_MODEL, timeoutMs }),
    openai: new OpenAiClient(http, {
      baseUrl: config.OPENAI_BASE_URL,
      chatModel: config.OPENAI_CHAT_MODEL,
      transcriptionModel: config.OPENAI_TRANSCRIPTION_MODEL,
      timeoutMs,
    }),
    speech: new SpeechClient(http, { baseUrl: config.AZURE_TTS_BASE_URL, timeoutMs }),
  };
}
