import { MPEGDecoder } from "mpg123-decoder";
import { OpusDecoder } from "opus-decoder";
import { AudioFormatError, type OpusStream, parseOpusHead, streamSamples } from "./opus-packet.js";

/** Packets decoded between two yields to the event loop (about 6 s of audio at 60 ms a packet). */
const YIELD_EVERY = 100;
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
  const total = streamSamples(stream);
  const decoder = new OpusDecoder({
    channels: head.channels,
    streamCount: head.streamCount,
    coupledStreamCount: head.coupledStreamCount,
    channelMappingTable: head.mapping,
    preSkip: 0,
  });
  try {
    await decoder.ready;
    const mono = new Float32Array(total);
    let at = 0;
    for (const [i, packet] of stream.packets.entries()) {
      // Other requests go on while minutes of audio decode.
      if (i > 0 && i % YIELD_EVERY === 0) await new Promise((resolve) => setImmediate(resolve));
      const decoded = decoder.decodeFrame(packet);
      if (decoded.errors.length > 0)
        throw new AudioFormatError(`Opus decoding failed: ${decoded.errors[0]?.message ?? "error"}`);
      const count = decoded.samplesDecoded;
      if (at + count > total)
        throw new AudioFormatError("the decoder gave more samples than the packets hold");
      mixInto(mono, at, decoded.channelData.slice(0, head.channels), count);
      at += count;
    }
    const start = Math.min(head.preSkip, at);
    const end = Math.max(start, at - stream.endTrim);
    const gain = 10 ** (outputGainQ8(stream.head) / (20 * 256));
    const audio = mono.slice(start, end);
    if (gain !== 1) for (let i = 0; i < audio.length; i++) audio[i]! *= gain;
    return audio;
  } finally {
    decoder.free();
  }
}

/** Adds the channels' average into `out` from `at` (the decoder's buffers are reused by its next call). */
function mixInto(out: Float32Array, at: number, channels: Float32Array[], count: number): void {
  const [first] = channels;
  if (!first) return;
  if (channels.length === 1) {
    out.set(first.subarray(0, count), at);
    return;
  }
  const scale = 1 / channels.length;
  for (const channel of channels)
    for (let i = 0; i < count; i++) out[at + i]! += (channel[i] as number) * scale;
}

/** MP3 bytes handed to the decoder at once; it keeps a partial frame for the next chunk. */
const MP3_CHUNK = 64 * 1024;

/**
 * An MP3 file decoded to mono PCM at its own rate (libmpg123's WASM build,
 * gapless: the encoder's delay and padding from the LAME/Xing header are
 * dropped). A frame the decoder refuses fails the whole decode.
 */
export async function decodeMp3(bytes: Uint8Array): Promise<{ samples: Float32Array; sampleRate: number }> {
  const decoder = new MPEGDecoder();
  try {
    await decoder.ready;
    const parts: Float32Array[] = [];
    let total = 0;
    let sampleRate = 0;
    for (let at = 0; at < bytes.length; at += MP3_CHUNK) {
      if (at > 0) await new Promise((resolve) => setImmediate(resolve));
      const decoded = decoder.decode(bytes.subarray(at, at + MP3_CHUNK));
      if (decoded.errors.length > 0)
        throw new AudioFormatError(`MP3 decoding failed: ${decoded.errors[0]?.message ?? "error"}`);
      if (decoded.samplesDecoded === 0) continue;
      if (sampleRate && decoded.sampleRate !== sampleRate)
        throw new AudioFormatError("the MP3 file changes its sample rate");
      sampleRate = decoded.sampleRate;
      const part = new Float32Array(decoded.samplesDecoded);
      mixInto(part, 0, decoded.channelData, decoded.samplesDecoded);
      parts.push(part);
      total += part.length;
    }
    if (total === 0 || !sampleRate) throw new AudioFormatError("the MP3 file has no audio");
    const samples = new Float32Array(total);
    let at = 0;
    for (const part of parts) {
      samples.set(part, at);
      at += part.length;
    }
    return { samples, sampleRate };
  } finally {
    decoder.free();
  }
}

/** OpusHead's output gain: Q7.8 decibels. */
function outputGainQ8(head: Uint8Array): number {
  return Buffer.from(head.buffer, head.byteOffset, head.byteLength).readInt16LE(16);
}
