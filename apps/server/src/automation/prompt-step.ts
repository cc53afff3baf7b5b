import { foldText } from "@inbox/shared";
import type { prompts } from "../db/schema/index.js";
import type { OpenAiClient } from "../integrations/openai.js";
import { failure, type ProviderResult, success } from "../integrations/result.js";
import { type SpeechClient, TEXT_VOICE } from "../integrations/speech.js";
import type { ConversationTurn } from "../integrations/turns.js";

/**
 * One turn of a conversation an AI prompt holds (issue 13; docs/INTEGRATIONS.md "AI prompts"):
 * a received audio is transcribed first; a contact asking for a person, or the model answering
 * with the transfer marker its instructions describe, moves the ticket to the prompt's queue and
 * ends the hold; otherwise the model's answer goes back as text, or as a voice note when the
 * prompt has a voice other than texto (a failed synthesis falls back to text).
 */

export type PromptRow = typeof prompts.$inferSelect;

/** What the model is told to answer when a person is needed (our rule; spec 3 does not show one). */
export const PROMPT_TRANSFER_MARKER = "Ação: Transferir para o setor de atendimento";
const TRANSFER_INSTRUCTION =
  `Quando o cliente pedir para falar com uma pessoa, ou quando você não puder ajudar, responda ` +
  `apenas: "${PROMPT_TRANSFER_MARKER}".`;

/** A contact asking for a person, in the words people use. */
const PERSON_REQUEST =
  /\b(atendente|humano|humana|pessoa|falar com alguem|operador|operadora|agent|human|person)\b/;

export interface PromptTurnInput {
  prompt: PromptRow;
  message: { body: string; mediaType: string | null; mediaUrl: string | null } | null;
  conversation: () => Promise<ConversationTurn[]>;
  /** A stored file's bytes by its public path (the received audio). */
  readMedia: (publicPath: string) => Promise<Buffer | undefined>;
  openai: OpenAiClient;
  speech: SpeechClient;
  logger: { warn(obj: object, msg: string): void };
}

export interface PromptTurn {
  texts: string[];
  /** The answer as a voice note (Ogg/Opus), when the prompt speaks. */
  audio: Buffer | null;
  /** The ticket goes to this queue and the prompt lets go (null: no queue, only let go). */
  transfer: { queueId: number | null } | null;
}

export async function promptTurn(input: PromptTurnInput): Promise<ProviderResult<PromptTurn>> {
  const { prompt, message } = input;
  let said = message?.body.trim() ?? "";
  let transcript: string | null = null;
  if (message?.mediaType === "audio" && message.mediaUrl) {
    const audio = await input.readMedia(message.mediaUrl);
    if (!audio) return failure("prompt: the received audio is gone", false);
    const heard = await input.openai.transcribe({
      apiKey: prompt.apiKey,
      audio,
      filename: "audio.ogg",
      mimeType: "audio/ogg",
      language: "pt",
    });
    if (!heard.ok) return heard;
    transcript = heard.value.text.trim();
    said = transcript;
  }
  if (PERSON_REQUEST.test(foldText(said)))
    return success({ texts: [], audio: null, transfer: { queueId: prompt.queueId } });

  const conversation = await input.conversation();
  // The transcript stands for the audio in the context the model reads.
  if (transcript) conversation.push({ role: "contact", text: transcript });
  const answer = await input.openai.chat({
    apiKey: prompt.apiKey,
    systemPrompt: `${prompt.prompt.trim()}\n\n${TRANSFER_INSTRUCTION}`,
    conversation,
    temperature: prompt.temperature,
    maxTokens: prompt.maxTokens,
    maxMessages: prompt.maxMessages,
  });
  if (!answer.ok) return answer;
  const text = answer.value.text.trim();
  const marker = foldText(text).indexOf(foldText(PROMPT_TRANSFER_MARKER));
  if (marker >= 0) {
    const before = text.slice(0, marker).trim();
    return success({ texts: before ? [before] : [], audio: null, transfer: { queueId: prompt.queueId } });
  }
  if (!text) return success({ texts: [], audio: null, transfer: null });
  if (prompt.voice !== TEXT_VOICE && prompt.voiceKey) {
    const spoken = await input.speech.synthesize({
      voice: prompt.voice,
      key: prompt.voiceKey,
      region: prompt.voiceRegion,
      text,
    });
    if (spoken.ok) return success({ texts: [], audio: spoken.value.audio, transfer: null });
    input.logger.warn(
      { promptId: prompt.id, reason: spoken.reason },
      "prompt voice failed; answered as text",
    );
  }
  return success({ texts: [text], audio: null, transfer: null });
}
