import { AudioFormatError, buildOpusHead, OPUS_RATE, type OpusStream } from "./opus-packet.js";

/**
 * Reads the Opus audio out of a WebM file (what Chromium's MediaRecorder
 * records): the EBML elements on the path Segment > Tracks > TrackEntry and
 * Segment > Cluster > SimpleBlock | BlockGroup > Block, nothing else. A
 * recording still being written has Segment and Cluster of unknown size, so
 * those masters are entered, never skipped, and the walk is flat: their
 * children are read one after another until the bytes end.
 */

const ID = {
  ebml: 0x1a45dfa3,
  docType: 0x4282,
  segment: 0x18538067,
  tracks: 0x1654ae6b,
  trackEntry: 0xae,
  trackNumber: 0xd7,
  trackType: 0x83,
  codecId: 0x86,
  codecPrivate: 0x63a2,
  codecDelay: 0x56aa,
  audio: 0xe1,
  channels: 0x9f,
  info: 0x1549a966,
  timecodeScale: 0x2ad7b1,
  cluster: 0x1f43b675,
  timecode: 0xe7,
  simpleBlock: 0xa3,
  blockGroup: 0xa0,
  block: 0xa1,
  discardPadding: 0x75a2,
} as const;

/** Masters whose children the walk reads (the rest is skipped whole). */
const ENTERED = new Set<number>([
  ID.ebml,
  ID.segment,
  ID.tracks,
  ID.trackEntry,
  ID.audio,
  ID.info,
  ID.cluster,
  ID.blockGroup,
]);

const TRACK_TYPE_AUDIO = 2;

interface Track {
  number?: number;
  type?: number;
  codecId?: string;
  codecPrivate?: Uint8Array;
  codecDelayNs?: number;
  channels?: number;
}

interface Block {
  track: number;
  /** Cluster time plus the block's offset, in TimecodeScale units. */
  time: number;
  frames: Uint8Array[];
  /** Nanoseconds of the last frame to discard (BlockGroup > DiscardPadding). */
  discardPaddingNs: number;
}

/** The WebM's first Opus audio track, with its packets in file order and its timing in milliseconds. */
export interface WebmOpus extends OpusStream {
  /** Each packet's start time (ms), from the cluster and block timecodes. */
  timesMs: number[];
}

export function isWebm(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 4 && bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3
  );
}

export function readWebmOpus(bytes: Uint8Array): WebmOpus {
  if (!isWebm(bytes)) throw new AudioFormatError("not a WebM/Matroska file");
  const tracks: Track[] = [];
  const blocks: Block[] = [];
  let docType = "";
  let timecodeScale = 1_000_000;
  let clusterTime = 0;
  let group: Block | undefined;

  let offset = 0;
  while (offset < bytes.length) {
    const id = readId(bytes, offset);
    const size = readSize(bytes, offset + id.length);
    // A file cut off mid-header (a recording stopped hard) ends the walk with what was read.
    if (!id.complete || !size.complete) break;
    const start = offset + id.length + size.length;
    if (ENTERED.has(id.value)) {
      if (id.value === ID.trackEntry) tracks.push({});
      if (id.value === ID.blockGroup) group = undefined;
      offset = start;
      continue;
    }
    if (size.value === undefined) throw new AudioFormatError(`WebM element ${hex(id.value)} of unknown size`);
    const end = start + size.value;
    // The last element may be cut short (a recording stopped hard): its partial payload is dropped.
    if (end > bytes.length) break;
    const payload = bytes.subarray(start, end);
    const track = tracks.at(-1);
    switch (id.value) {
      case ID.docType:
        docType = latin1(payload);
        break;
      case ID.timecodeScale:
        timecodeScale = readUint(payload);
        break;
      case ID.trackNumber:
        if (track) track.number = readUint(payload);
        break;
      case ID.trackType:
        if (track) track.type = readUint(payload);
        break;
      case ID.codecId:
        if (track) track.codecId = latin1(payload).replace(/\0+$/, "");
        break;
      case ID.codecPrivate:
        if (track) track.codecPrivate = payload;
        break;
      case ID.codecDelay:
        if (track) track.codecDelayNs = readUint(payload);
        break;
      case ID.channels:
        if (track) track.channels = readUint(payload);
        break;
      case ID.timecode:
        clusterTime = readUint(payload);
        break;
      case ID.simpleBlock:
        blocks.push(readBlock(payload, clusterTime));
        break;
      case ID.block:
        group = { ...readBlock(payload, clusterTime), discardPaddingNs: group?.discardPaddingNs ?? 0 };
        blocks.push(group);
        break;
      case ID.discardPadding:
        if (group) group.discardPaddingNs = readInt(payload);
        else group = { track: -1, time: 0, frames: [], discardPaddingNs: readInt(payload) };
        break;
    }
    offset = end;
  }

  if (docType !== "webm" && docType !== "matroska") throw new AudioFormatError("not a WebM/Matroska file");
  const opus = tracks.find(
    (t) => t.codecId === "A_OPUS" && (t.type ?? TRACK_TYPE_AUDIO) === TRACK_TYPE_AUDIO,
  );
  if (!opus || opus.number === undefined) throw new AudioFormatError("the WebM file has no Opus audio track");
  const preSkip = Math.round(((opus.codecDelayNs ?? 0) * OPUS_RATE) / 1e9);
  const head = opus.codecPrivate ?? buildOpusHead(opus.channels ?? 1, preSkip);

  const packets: Uint8Array[] = [];
  const timesMs: number[] = [];
  let discardNs = 0;
  for (const block of blocks) {
    if (block.track !== opus.number) continue;
    for (const frame of block.frames) {
      packets.push(frame);
      timesMs.push((block.time * timecodeScale) / 1e6);
    }
    discardNs = block.discardPaddingNs;
  }
  if (packets.length === 0) throw new AudioFormatError("the WebM file has no audio");
  return { head, packets, timesMs, endTrim: Math.max(0, Math.round((discardNs * OPUS_RATE) / 1e9)) };
}

/** SimpleBlock / Block: track number, a signed 16-bit offset from the cluster time, flags, then frames. */
function readBlock(payload: Uint8Array, clusterTime: number): Block {
  const track = readSize(payload, 0);
  if (!track.complete || track.value === undefined || payload.length < track.length + 3)
    throw new AudioFormatError("WebM block header cut short");
  let at = track.length;
  const relative = (((payload[at] as number) << 24) >> 16) | (payload[at + 1] as number);
  const flags = payload[at + 2] as number;
  at += 3;
  const lacing = (flags >> 1) & 0x03;
  const base = { track: track.value, time: clusterTime + relative, discardPaddingNs: 0 };
  if (lacing === 0) return { ...base, frames: [payload.subarray(at)] };

  const count = (payload[at] as number) + 1;
  at += 1;
  const sizes: number[] = [];
  if (lacing === 1) {
    // Xiph lacing: each size a run of 255s ended by a smaller byte.
    for (let i = 0; i < count - 1; i++) {
      let size = 0;
      let byte: number;
      do {
        byte = payload[at++] ?? fail("WebM Xiph lacing cut short");
        size += byte;
      } while (byte === 255);
      sizes.push(size);
    }
  } else if (lacing === 3) {
    // EBML lacing: the first size, then signed differences from the previous one.
    const first = readSize(payload, at);
    if (!first.complete || first.value === undefined)
      throw new AudioFormatError("WebM EBML lacing cut short");
    sizes.push(first.value);
    at += first.length;
    for (let i = 1; i < count - 1; i++) {
      const delta = readSize(payload, at);
      if (!delta.complete || delta.value === undefined)
        throw new AudioFormatError("WebM EBML lacing cut short");
      sizes.push((sizes[i - 1] as number) + delta.value - (2 ** (7 * delta.length - 1) - 1));
      at += delta.length;
    }
  } else {
    const each = (payload.length - at) / count;
    if (!Number.isInteger(each)) throw new AudioFormatError("WebM fixed lacing of uneven frames");
    for (let i = 0; i < count - 1; i++) sizes.push(each);
  }
  const frames: Uint8Array[] = [];
  for (const size of sizes) {
    if (size < 0 || at + size > payload.length) throw new AudioFormatError("WebM laced frame cut short");
    frames.push(payload.subarray(at, at + size));
    at += size;
  }
  frames.push(payload.subarray(at));
  return { ...base, frames };
}

/** An element ID keeps its length marker (1 to 4 bytes). */
function readId(bytes: Uint8Array, at: number): { value: number; length: number; complete: boolean } {
  const first = bytes[at];
  if (first === undefined) return { value: 0, length: 0, complete: false };
  const length = Math.clz32(first) - 23;
  if (length < 1 || length > 4) throw new AudioFormatError("invalid WebM element id");
  if (at + length > bytes.length) return { value: 0, length, complete: false };
  let value = 0;
  for (let i = 0; i < length; i++) value = value * 256 + (bytes[at + i] as number);
  return { value, length, complete: true };
}

/** A size (or a block's track number) drops its marker; all ones means "unknown" (undefined). */
function readSize(bytes: Uint8Array, at: number): { value?: number; length: number; complete: boolean } {
  const first = bytes[at];
  if (first === undefined) return { length: 0, complete: false };
  if (first === 0) throw new AudioFormatError("invalid WebM element size");
  const length = Math.clz32(first) - 23;
  if (at + length > bytes.length) return { length, complete: false };
  let value = first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = bytes[at + i] as number;
    allOnes &&= byte === 0xff;
    value = value * 256 + byte;
  }
  return allOnes ? { length, complete: true } : { value, length, complete: true };
}

function readUint(payload: Uint8Array): number {
  let value = 0;
  for (const byte of payload) value = value * 256 + byte;
  return value;
}

function readInt(payload: Uint8Array): number {
  const unsigned = readUint(payload);
  const bits = payload.length * 8;
  return payload.length > 0 && (payload[0] as number) & 0x80 ? unsigned - 2 ** bits : unsigned;
}

function latin1(payload: Uint8Array): string {
  return Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength).toString("latin1");
}

function hex(id: number): string {
  return `0x${id.toString(16)}`;
}

function fail(message: string): never {
  throw new AudioFormatError(message);
}
