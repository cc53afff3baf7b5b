import { OpusDecoder } from "opus-decoder";
import { AudioFormatError, OPUS_RATE, type OpusStream, parseOpusHead } from "./opus-packet.js";
import { downmix } from "./pcm.js";

/** Packets handed to the WASM decoder at once: bounds the memory one call copies in and out. */
const BATCH = 250;
/** opus-decoder's input buffer per channel (256 kbit/s for 120 ms); real recordings stay far below. */
const MAX_PACKET_BYTES_PER_CHANNEL = 3840;

/**
 * The stream decoded to mono PCM at 48 kHz with libopus (opus-decoder's WASM
 * build): pre-skip dropped, the end trimmed, the header's output gain
 * applied. Any packet the decoder refuses fails the whole decode; a file with
 * a gap would sound wrong, and a wrong file must not be sent.
 */
export async function decodeOpus(stream: OpusStream): Promise<Float32Array> {
  const head = parseOpusHead(stream.head);
  if (stream.packets.some((packet) => packet.length > MAX_PACKET_BYTES_PER_CHANNEL * head.channels))
    throw new AudioFormatError("an Opus packet is larger than the decoder takes");
  const decoder = new OpusDecoder({
    channels: head.channels,
    streamCount: head.streamCount,
    coupledStreamCount: head.coupledStreamCount,
    channelMappingTable: head.mapping,
    preSkip: 0,
  });
  try {
    await decoder.ready;
    const parts: Float32Array[] = [];
    let total = 0;
    for (let i = 0; i < stream.packets.length; i += BATCH) {
      const decoded = decoder.decodeFrames(stream.packets.slice(i, i + BATCH));
      if (decoded.errors.length > 0)
        throw new AudioFormatError(`Opus decoding failed: ${decoded.errors[0]?.message ?? "error"}`);
      // The decoder's buffers are reused by its next call: copy out.
      const mono = Float32Array.from(downmix(decoded.channelData.slice(0, head.channels)));
      parts.push(mono);
      total += mono.length;
    }
    const all = new Float32Array(total);
    let at = 0;
    for (const part of parts) {
      all.set(part, at);
      at += part.length;
    }
    const start = Math.min(head.preSkip, all.length);
    const end = Math.max(start, all.length - stream.endTrim);
    const gain = 10 ** (outputGainQ8(stream.head) / (20 * 256));
    const audio = all.slice(start, end);
    if (gain !== 1) for (let i = 0; i < audio.length; i++) audio[i]! *= gain;
    return audio;
  } finally {
    decoder.free();
  }
}

export { OPUS_RATE as DECODE_RATE };

/** OpusHead's output gain: Q7.8 decibels. */
function outputGainQ8(head: Uint8Array): number {
  return Buffer.from(head.buffer, head.byteOffset, head.byteLength).readInt16LE(16);
}
