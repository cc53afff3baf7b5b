import { extname } from "node:path";
import type { Channel } from "@inbox/shared";
import { decodeMp3, decodeOpus } from "./decode.js";
import { isOggOpus, readOggOpus, writeOggOpus } from "./ogg.js";
import { AudioFormatError, OPUS_RATE, type OpusStream } from "./opus-packet.js";
import { encodeWav, resample } from "./pcm.js";
import { isWebm, readWebmOpus } from "./webm.js";

/**
 * Audio in a form the contact's channel takes (browsers record WebM/Opus in
 * Chromium, Ogg/Opus in Firefox, MP4/AAC in Safari):
 * - WhatsApp (Cloud API and WhatsApp Web): AAC, AMR, MP3, MP4 and Ogg with
 *   Opus only; WebM/Opus is remuxed to Ogg/Opus, losslessly (a voice note
 *   must be Ogg/Opus to show as one).
 * - Messenger: AAC, M4A/MP4, MP3, WAV; Instagram: AAC, M4A/MP4, WAV. Opus
 *   (WebM or Ogg), and MP3 for Instagram, is decoded and written as 16 kHz
 *   mono 16-bit WAV.
 * Anything else the channel does not take and we cannot convert is an
 * AudioFormatError: sending it would only fail at the provider.
 */

export type AudioFormat =
  | "webm"
  | "ogg-opus"
  | "ogg"
  | "mp4"
  | "mp4-opus"
  | "mpeg"
  | "aac"
  | "amr"
  | "wav"
  | "other";

const WHATSAPP: ReadonlySet<AudioFormat> = new Set(["ogg-opus", "mp4", "mpeg", "aac", "amr"]);
const ACCEPTED: Record<Channel, ReadonlySet<AudioFormat>> = {
  whatsapp: WHATSAPP,
  whatsappapi: WHATSAPP,
  facebook: new Set(["mp4", "aac", "mpeg", "wav"]),
  instagram: new Set(["mp4", "aac", "wav"]),
};

/** Voice is all a recording carries: 16 kHz keeps speech whole at a third of the size. */
export const WAV_RATE = 16_000;

export interface AudioFile {
  bytes: Buffer;
  /** The type found in the bytes (storage's detection), e.g. `audio/webm`. */
  mimeType: string;
  /** The sender's file name (display only). */
  name: string;
}

/** The container and codec, from the detected type and, where the type does not tell the codec, the bytes. */
export function audioFormatOf(file: Pick<AudioFile, "bytes" | "mimeType">): AudioFormat {
  const type = file.mimeType.split(";")[0]?.trim().toLowerCase() ?? "";
  if (isWebm(file.bytes) || type === "audio/webm" || type === "video/webm") return "webm";
  if (type === "audio/ogg" || type === "audio/opus" || type === "video/ogg")
    return isOggOpus(file.bytes) ? "ogg-opus" : "ogg";
  if (["audio/mp4", "audio/x-m4a", "audio/m4a", "video/mp4", "audio/aacp"].includes(type))
    return hasOpusSampleEntry(file.bytes) ? "mp4-opus" : "mp4";
  if (type === "audio/mpeg" || type === "audio/mp3") return "mpeg";
  if (type === "audio/aac" || type === "audio/x-aac") return "aac";
  if (type === "audio/amr" || type === "audio/3gpp") return "amr";
  if (["audio/wav", "audio/x-wav", "audio/wave", "audio/vnd.wave"].includes(type)) return "wav";
  return "other";
}

/** Whether the channel takes this audio as it is. */
export function channelAccepts(channel: Channel, format: AudioFormat): boolean {
  return ACCEPTED[channel].has(format);
}

/**
 * The audio the channel will take: the file itself when it already fits,
 * otherwise the converted file (its type and name follow the new bytes).
 * Throws AudioFormatError when it can do neither.
 */
export async function audioForChannel(
  channel: Channel,
  file: AudioFile,
): Promise<AudioFile & { converted: boolean }> {
  const format = audioFormatOf(file);
  if (channelAccepts(channel, format)) return { ...file, converted: false };
  const opus = format === "webm" || format === "ogg-opus";
  const toOgg = opus && channelAccepts(channel, "ogg-opus");
  const toWav = (opus || format === "mpeg") && channelAccepts(channel, "wav");
  if (!toOgg && !toWav)
    throw new AudioFormatError(`${describe(format)} audio cannot be sent on ${channelName(channel)}`);
  try {
    if (format === "mpeg") {
      const wav = await mp3ToWav(file.bytes);
      return { bytes: wav, mimeType: "audio/wav", name: renamed(file.name, "wav"), converted: true };
    }
    const stream = format === "webm" ? readWebmOpus(file.bytes) : readOggOpus(file.bytes);
    if (toOgg) {
      return {
        bytes: writeOggOpus(stream),
        mimeType: "audio/ogg; codecs=opus",
        name: renamed(file.name, "ogg"),
        converted: true,
      };
    }
    const wav = await opusToWav(stream);
    return { bytes: wav, mimeType: "audio/wav", name: renamed(file.name, "wav"), converted: true };
  } catch (error) {
    if (!(error instanceof AudioFormatError)) throw error;
    throw new AudioFormatError(
      `The ${describe(format)} audio could not be converted for ${channelName(channel)}: ${error.message}`,
    );
  }
}

/** Opus audio as a 16 kHz mono 16-bit WAV file. */
export async function opusToWav(stream: OpusStream): Promise<Buffer> {
  const pcm = await decodeOpus(stream);
  return encodeWav(await resample(pcm, OPUS_RATE, WAV_RATE), WAV_RATE);
}

/** An MP3 file as a 16 kHz mono 16-bit WAV file. */
export async function mp3ToWav(bytes: Uint8Array): Promise<Buffer> {
  const { samples, sampleRate } = await decodeMp3(bytes);
  return encodeWav(await resample(samples, sampleRate, WAV_RATE), WAV_RATE);
}

/**
 * An MP4 whose audio is Opus (Chromium records `audio/mp4;codecs=opus`):
 * its `Opus` sample entry carries a `dOps` box in the movie header. Meta's
 * channels read MP4 audio as AAC, so such a file is not sent as MP4.
 */
function hasOpusSampleEntry(bytes: Buffer): boolean {
  return bytes.subarray(0, 1 << 16).includes("dOps", 0, "latin1");
}

function renamed(name: string, ext: string): string {
  const base = name.slice(0, name.length - extname(name).length) || "audio";
  return `${base}.${ext}`;
}

function describe(format: AudioFormat): string {
  const names: Record<AudioFormat, string> = {
    webm: "WebM",
    "ogg-opus": "Ogg Opus",
    ogg: "Ogg (not Opus)",
    mp4: "MP4",
    "mp4-opus": "MP4 with Opus",
    mpeg: "MP3",
    aac: "AAC",
    amr: "AMR",
    wav: "WAV",
    other: "This",
  };
  return names[format];
}

function channelName(channel: Channel): string {
  return { whatsapp: "WhatsApp", whatsappapi: "WhatsApp", facebook: "Messenger", instagram: "Instagram" }[
    channel
  ];
}
