import type { OutboundHttp } from "./http.js";
import { failure, type ProviderResult, statusFailure, success } from "./result.js";

/**
 * Voice answers of AI prompts (spec 3: a voice other than "texto", with voiceKey and voiceRegion):
 * Azure Speech's text-to-speech REST API,
 *
 *   POST https://{region}.tts.speech.microsoft.com/cognitiveservices/v1
 *   Ocp-Apim-Subscription-Key: <voiceKey>, Content-Type: application/ssml+xml,
 *   X-Microsoft-OutputFormat: ogg-48khz-16bit-mono-opus   (what WhatsApp plays as a voice note)
 *
 * with an SSML body naming the neural voice. AZURE_TTS_BASE_URL (its `{region}` replaced) makes the
 * host configurable. The region is the company's input and becomes part of a host name, so only
 * Azure's region shape (letters and digits) is accepted.
 */
export const TEXT_VOICE = "texto";
/** Spec 3 section 9: the Brazilian neural voices a prompt may speak with. */
export const PROMPT_VOICE_NAMES = [
  "Francisca",
  "Antonio",
  "Brenda",
  "Donato",
  "Elza",
  "Fabio",
  "Giovanna",
  "Humberto",
  "Julio",
  "Leila",
  "Leticia",
  "Manuela",
  "Nicolau",
  "Valerio",
  "Yara",
] as const;
export const SPEECH_OUTPUT_FORMAT = "ogg-48khz-16bit-mono-opus";
/** Azure's limit is 10 minutes of audio; long answers are cut to keep a voice note short. */
export const SPEECH_MAX_CHARS = 3000;

export interface SpeechInput {
  /** "pt-BR-FranciscaNeural" or just "Francisca". */
  voice: string;
  /** The prompt's voiceKey (Azure Speech resource key). */
  key: string;
  /** The prompt's voiceRegion, e.g. "brazilsouth". */
  region: string;
  text: string;
  timeoutMs?: number;
  signal?: AbortSignal;
}
export interface SpeechAudio {
  audio: Buffer;
  mimeType: "audio/ogg";
}

/** "Francisca" -> "pt-BR-FranciscaNeural"; a full Azure voice name stays as it is. */
export function azureVoiceName(voice: string): string {
  const trimmed = voice.trim();
  return /^[a-z]{2,3}-[A-Za-z]{2,4}-\w+$/.test(trimmed) ? trimmed : `pt-BR-${trimmed}Neural`;
}

/** The endpoint for a region, or null when the region is not a region name. */
export function speechUrl(baseUrl: string, region: string): string | null {
  if (!/^[a-z0-9]{2,40}$/i.test(region)) return null;
  return `${baseUrl.replaceAll("{region}", region.toLowerCase()).replace(/\/+$/, "")}/cognitiveservices/v1`;
}

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c] as string,
  );

export function ssml(voice: string, text: string): string {
  const name = azureVoiceName(voice);
  const lang = name.split("-").slice(0, 2).join("-");
  return `<speak version="1.0" xmlns="http://www.w3.org/2001/10/synthesis" xml:lang="${escapeXml(lang)}"><voice name="${escapeXml(name)}">${escapeXml(text.slice(0, SPEECH_MAX_CHARS))}</voice></speak>`;
}

export class SpeechClient {
  constructor(
    private readonly http: OutboundHttp,
    private readonly defaults: { baseUrl: string; timeoutMs: number },
  ) {}

  async synthesize(input: SpeechInput): Promise<ProviderResult<SpeechAudio>> {
    if (!input.text.trim()) return failure("speech: nothing to say", false);
    if (input.voice.trim() === TEXT_VOICE || !/^[\w-]{2,80}$/.test(input.voice.trim()))
      return failure("speech: not a voice", false);
    const url = speechUrl(this.defaults.baseUrl, input.region.trim());
    if (!url) return failure("speech: voiceRegion is not a region name", false);
    const sent = await this.http.call("speech", {
      url,
      kind: "operator",
      headers: {
        "content-type": "application/ssml+xml",
        "ocp-apim-subscription-key": input.key,
        "x-microsoft-outputformat": SPEECH_OUTPUT_FORMAT,
        "user-agent": "inbox-tts",
        accept: "audio/ogg",
      },
      body: ssml(input.voice, input.text),
      timeoutMs: input.timeoutMs ?? this.defaults.timeoutMs,
      maxBytes: 20 * 1024 * 1024,
      ...(input.signal ? { signal: input.signal } : {}),
    });
    if (!sent.ok) return sent;
    const { status, body } = sent.value;
    // Azure's errors carry no body worth showing (401, 400 for bad SSML, 429 throttled).
    if (status < 200 || status >= 300) return statusFailure("speech", status);
    if (body.length === 0) return failure("speech answered no audio", true, status);
    return success({ audio: body, mimeType: "audio/ogg" });
  }
}
