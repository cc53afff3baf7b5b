/**
 * What the containers need to know about Opus itself: the length of a packet
 * in samples (from its TOC byte, RFC 6716 section 3.1) and the identification
 * header (OpusHead, RFC 7845 section 5.1). Granule positions and durations
 * are counted in 48 kHz samples whatever the input rate was.
 */

/** One Opus stream out of a container: the header and the packets in order. */
export interface OpusStream {
  /** The OpusHead packet, as the container carried it. */
  head: Uint8Array;
  packets: Uint8Array[];
  /** Samples (48 kHz) to drop at the end: the encoder's padding of the last packet (WebM DiscardPadding). */
  endTrim: number;
}

/** An input that is not what its caller can convert, or is damaged. */
export class AudioFormatError extends Error {}

export const OPUS_RATE = 48_000;

/** Frame length in 48 kHz samples per TOC configuration (RFC 6716 table 2): SILK, hybrid, CELT. */
function frameSamples(config: number): number {
  if (config < 12) return [480, 960, 1920, 2880][config % 4] as number;
  if (config < 16) return [480, 960][config % 2] as number;
  return [120, 240, 480, 960][config % 4] as number;
}

/**
 * The packet's duration in 48 kHz samples: frame size from the TOC's
 * configuration times the frame count (code 0: one, 1 and 2: two, 3: the
 * count in the second byte). A packet longer than 120 ms is invalid.
 */
export function opusPacketSamples(packet: Uint8Array): number {
  const toc = packet[0];
  if (toc === undefined) throw new AudioFormatError("empty Opus packet");
  const code = toc & 0x03;
  let frames: number;
  if (code === 0) frames = 1;
  else if (code !== 3) frames = 2;
  else {
    const count = packet[1];
    if (count === undefined) throw new AudioFormatError("Opus code 3 packet without a frame count");
    frames = count & 0x3f;
  }
  const samples = frames * frameSamples(toc >> 3);
  if (frames === 0 || samples > 5760) throw new AudioFormatError("invalid Opus packet length");
  return samples;
}

export interface OpusHead {
  channels: number;
  /** Samples (48 kHz) the decoder's output starts with that are not part of the audio. */
  preSkip: number;
  /** The encoder's input rate (informative only). */
  inputRate: number;
  mappingFamily: number;
  /** Family 1 and above: streams, coupled streams and the channel mapping. */
  streamCount: number;
  coupledStreamCount: number;
  mapping: number[];
}

const OPUS_HEAD = "OpusHead";

export function parseOpusHead(bytes: Uint8Array): OpusHead {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (head.length < 19 || head.toString("latin1", 0, 8) !== OPUS_HEAD)
    throw new AudioFormatError("no OpusHead");
  if (head[8] !== undefined && head[8] >> 4 !== 0) throw new AudioFormatError("unknown OpusHead version");
  const channels = head.readUInt8(9);
  const mappingFamily = head.readUInt8(18);
  if (channels === 0) throw new AudioFormatError("OpusHead with no channels");
  if (mappingFamily === 0) {
    if (channels > 2) throw new AudioFormatError("OpusHead family 0 with more than two channels");
    return {
      channels,
      preSkip: head.readUInt16LE(10),
      inputRate: head.readUInt32LE(12),
      mappingFamily,
      streamCount: 1,
      coupledStreamCount: channels - 1,
      mapping: channels === 1 ? [0] : [0, 1],
    };
  }
  if (head.length < 21 + channels) throw new AudioFormatError("OpusHead mapping table cut short");
  return {
    channels,
    preSkip: head.readUInt16LE(10),
    inputRate: head.readUInt32LE(12),
    mappingFamily,
    streamCount: head.readUInt8(19),
    coupledStreamCount: head.readUInt8(20),
    mapping: [...head.subarray(21, 21 + channels)],
  };
}

/** A family-0 OpusHead (mono or stereo), for a WebM track that carries no CodecPrivate. */
export function buildOpusHead(channels: number, preSkip: number, inputRate = OPUS_RATE): Uint8Array {
  if (channels < 1 || channels > 2) throw new AudioFormatError("only mono or stereo Opus without OpusHead");
  const head = Buffer.alloc(19);
  head.write(OPUS_HEAD, 0, "latin1");
  head.writeUInt8(1, 8);
  head.writeUInt8(channels, 9);
  head.writeUInt16LE(preSkip, 10);
  head.writeUInt32LE(inputRate, 12);
  head.writeInt16LE(0, 16);
  head.writeUInt8(0, 18);
  return head;
}

/** Total samples (48 kHz) the packets decode to, before pre-skip and end trimming. */
export function streamSamples(stream: OpusStream): number {
  return stream.packets.reduce((sum, packet) => sum + opusPacketSamples(packet), 0);
}
