import { parseBuffer } from "music-metadata";

/**
 * An audio's or video's length in seconds, read from its bytes (music-metadata:
 * Ogg/Opus, MP3, M4A/MP4, WAV, WebM...). Undefined when the container does not
 * say it or the bytes cannot be parsed: a missing length only hides the '0:08'.
 */
export async function mediaDuration(bytes: Buffer, mimeType: string): Promise<number | undefined> {
  try {
    const { format } = await parseBuffer(
      new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      { mimeType, size: bytes.byteLength },
      { duration: true, skipCovers: true },
    );
    const seconds = format.duration;
    return typeof seconds === "number" && Number.isFinite(seconds) && seconds > 0
      ? Math.round(seconds * 100) / 100
      : undefined;
  } catch {
    return undefined;
  }
}
