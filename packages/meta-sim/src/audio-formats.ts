/**
 * The audio formats Meta's channels take, as the sim enforces them.
 * WhatsApp Cloud API media upload: audio/aac, audio/amr, audio/mpeg,
 * audio/mp4 and audio/ogg with the Opus codec only; WebM (what Chromium
 * records) is refused with 131053. Messenger and Instagram fetch audio
 * attachments by URL and take them by file extension: Messenger aac, m4a,
 * mp3, mp4, wav; Instagram aac, m4a, mp4, wav (no WebM, no Ogg).
 */

const CLOUD_AUDIO_TYPES = new Set(["audio/aac", "audio/amr", "audio/mpeg", "audio/mp4", "audio/ogg"]);

const PAGE_AUDIO_EXTENSIONS: Record<"facebook" | "instagram", ReadonlySet<string>> = {
  facebook: new Set(["aac", "m4a", "mp3", "mp4", "wav"]),
  instagram: new Set(["aac", "m4a", "mp4", "wav"]),
};

/** EBML magic: WebM or Matroska, whatever the type says. */
function isEbml(bytes: Uint8Array): boolean {
  return bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3;
}

/** An Ogg file whose first packet is an OpusHead. */
export function isOggOpus(bytes: Uint8Array): boolean {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (data.length < 28 || data.toString("latin1", 0, 4) !== "OggS") return false;
  const start = 27 + (data[26] as number);
  return data.toString("latin1", start, start + 8) === "OpusHead";
}

/** Why a Cloud API upload of audio is refused (Meta's `details`), or undefined when it is taken. */
export function cloudAudioRefusal(mimeType: string, bytes: Uint8Array): string | undefined {
  const type = mimeType.split(";")[0]?.trim().toLowerCase() ?? "";
  if (!type.startsWith("audio/") && !isEbml(bytes)) return undefined;
  if (isEbml(bytes) || !CLOUD_AUDIO_TYPES.has(type)) return "Unsupported file type";
  if (type === "audio/ogg" && !isOggOpus(bytes)) return "Unsupported file type";
  return undefined;
}

/** Whether a Messenger or Instagram audio attachment URL names a format the channel takes. */
export function pageAudioAccepted(channel: "facebook" | "instagram", url: string): boolean {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return false;
  }
  const name = decodeURIComponent(path.split("/").pop() ?? "");
  const dot = name.lastIndexOf(".");
  return dot > 0 && PAGE_AUDIO_EXTENSIONS[channel].has(name.slice(dot + 1).toLowerCase());
}
