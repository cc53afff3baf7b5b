import { randomInt } from "node:crypto";
import { AudioFormatError, type OpusStream, opusPacketSamples, parseOpusHead } from "./opus-packet.js";

/**
 * Ogg encapsulation of Opus (RFC 3533 pages, RFC 7845 mapping): writing a
 * stream out of another container, and reading one back into packets. The
 * header packets each sit alone on a page; audio pages carry whole and
 * continued packets with the granule position of the last packet completed
 * on the page, counted in 48 kHz samples from the stream's start (pre-skip
 * included).
 */

const CAPTURE = Buffer.from("OggS", "latin1");
const FLAG_CONTINUED = 0x01;
const FLAG_BOS = 0x02;
const FLAG_EOS = 0x04;
/** No packet ends on the page. */
const NO_GRANULE = -1n;
/** About one second of 20 ms packets per page: small pages cost overhead, large ones delay seeking. */
const PACKETS_PER_PAGE = 50;
const VENDOR = "inbox remux";

/** The Ogg CRC: polynomial 0x04C11DB7, initial value 0, not reflected, no final XOR. */
const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let r = i << 24;
    for (let bit = 0; bit < 8; bit++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1;
    table[i] = r >>> 0;
  }
  return table;
})();

export function oggCrc(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) crc = ((crc << 8) ^ (CRC_TABLE[((crc >>> 24) ^ byte) & 0xff] as number)) >>> 0;
  return crc;
}

export function isOgg(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && CAPTURE.equals(Buffer.from(bytes.buffer, bytes.byteOffset, 4));
}

/** An OpusTags packet with our vendor string and no comments. */
function opusTags(): Buffer {
  const vendor = Buffer.from(VENDOR, "utf8");
  const tags = Buffer.alloc(8 + 4 + vendor.length + 4);
  tags.write("OpusTags", 0, "latin1");
  tags.writeUInt32LE(vendor.length, 8);
  vendor.copy(tags, 12);
  tags.writeUInt32LE(0, 12 + vendor.length);
  return tags;
}

/**
 * The stream as an Ogg Opus file. The last page ends the stream and its
 * granule position is shortened by `endTrim` (RFC 7845 section 4.4), so a
 * player drops the encoder's padding as the source container said.
 */
export function writeOggOpus(stream: OpusStream, serial = randomInt(0, 2 ** 32)): Buffer {
  parseOpusHead(stream.head);
  if (stream.packets.length === 0) throw new AudioFormatError("no audio packets");
  const pages: Buffer[] = [];
  let sequence = 0;
  const page = (segments: number[], body: Uint8Array[], flags: number, granule: bigint) => {
    const header = Buffer.alloc(27 + segments.length);
    CAPTURE.copy(header, 0);
    header.writeUInt8(0, 4);
    header.writeUInt8(flags, 5);
    header.writeBigInt64LE(granule, 6);
    header.writeUInt32LE(serial >>> 0, 14);
    header.writeUInt32LE(sequence++, 18);
    header.writeUInt8(segments.length, 26);
    header.set(segments, 27);
    const bytes = Buffer.concat([header, ...body]);
    bytes.writeUInt32LE(oggCrc(bytes), 22);
    pages.push(bytes);
  };

  // Header pages: OpusHead alone on the first (beginning of stream), OpusTags on the next.
  for (const [i, packet] of [stream.head, opusTags()].entries()) {
    const parts = lace(packet.length);
    if (parts.length > 255) throw new AudioFormatError("header packet too large");
    page(parts, [packet], i === 0 ? FLAG_BOS : 0, 0n);
  }

  let granule = 0n;
  let segments: number[] = [];
  let body: Uint8Array[] = [];
  let flags = 0;
  let packetsOnPage = 0;
  let ended = false;
  const flush = (last: boolean, granuleOfPage: bigint) => {
    page(segments, body, flags | (last ? FLAG_EOS : 0), granuleOfPage);
    segments = [];
    body = [];
    flags = 0;
    packetsOnPage = 0;
  };
  const total = stream.packets.length;
  for (const [index, packet] of stream.packets.entries()) {
    granule += BigInt(opusPacketSamples(packet));
    const last = index === total - 1;
    const finalGranule = last ? granule - BigInt(stream.endTrim) : granule;
    const laces = lace(packet.length);
    let done = 0;
    let taken = 0;
    // A packet longer than the room left spills onto continued pages (granule -1 where none ends).
    while (done < laces.length) {
      const room = 255 - segments.length;
      const chunk = laces.slice(done, done + room);
      const bytes = chunk.reduce((sum, n) => sum + n, 0);
      segments.push(...chunk);
      body.push(packet.subarray(taken, taken + bytes));
      taken += bytes;
      done += chunk.length;
      if (done < laces.length) {
        flush(false, packetsOnPage > 0 ? granule - BigInt(opusPacketSamples(packet)) : NO_GRANULE);
        flags = FLAG_CONTINUED;
      }
    }
    packetsOnPage += 1;
    if (last) {
      flush(true, finalGranule < 0n ? 0n : finalGranule);
      ended = true;
    } else if (packetsOnPage >= PACKETS_PER_PAGE || segments.length > 255 - 8) flush(false, granule);
  }
  if (!ended) throw new AudioFormatError("stream did not end");
  return Buffer.concat(pages);
}

/** Lacing values of one packet: 255s then the remainder (a 0 when the length is a multiple of 255). */
function lace(length: number): number[] {
  const values = new Array<number>(Math.floor(length / 255)).fill(255);
  values.push(length % 255);
  return values;
}

/**
 * The first Opus stream of an Ogg file, as packets: pages are checked (capture
 * pattern, CRC) and joined across continuations. Other logical streams are
 * ignored. The end trim comes from the last page's granule position.
 */
export function readOggOpus(bytes: Uint8Array): OpusStream {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let serial: number | undefined;
  const packets: Uint8Array[] = [];
  let partial: Buffer[] = [];
  let lastGranule: bigint | undefined;
  let offset = 0;
  while (offset + 27 <= data.length) {
    if (!CAPTURE.equals(data.subarray(offset, offset + 4))) throw new AudioFormatError("Ogg page expected");
    const count = data.readUInt8(offset + 26);
    const headerLength = 27 + count;
    if (offset + headerLength > data.length) break;
    const segments = data.subarray(offset + 27, offset + headerLength);
    const bodyLength = segments.reduce((sum, n) => sum + n, 0);
    const end = offset + headerLength + bodyLength;
    if (end > data.length) break;
    const pageBytes = Buffer.from(data.subarray(offset, end));
    const crc = pageBytes.readUInt32LE(22);
    pageBytes.writeUInt32LE(0, 22);
    if (oggCrc(pageBytes) !== crc) throw new AudioFormatError("Ogg page checksum mismatch");
    const pageSerial = data.readUInt32LE(offset + 14);
    serial ??= pageSerial;
    if (pageSerial === serial) {
      const flags = data.readUInt8(offset + 5);
      if (!(flags & FLAG_CONTINUED)) partial = [];
      let at = offset + headerLength;
      let run = 0;
      for (const value of segments) {
        run += value;
        if (value < 255) {
          partial.push(data.subarray(at, at + run));
          packets.push(Buffer.concat(partial));
          partial = [];
          at += run;
          run = 0;
        }
      }
      if (run > 0) partial.push(data.subarray(at, at + run));
      const granule = data.readBigInt64LE(offset + 6);
      if (granule !== NO_GRANULE) lastGranule = granule;
    }
    offset = end;
  }
  const [head, tags, ...audio] = packets;
  if (!head || Buffer.from(head).toString("latin1", 0, 8) !== "OpusHead")
    throw new AudioFormatError("the Ogg file is not Opus");
  parseOpusHead(head);
  if (!tags || Buffer.from(tags).toString("latin1", 0, 8) !== "OpusTags")
    throw new AudioFormatError("the Ogg Opus file has no OpusTags");
  if (audio.length === 0) throw new AudioFormatError("the Ogg file has no audio");
  const total = audio.reduce((sum, packet) => sum + opusPacketSamples(packet), 0);
  const endTrim = lastGranule !== undefined ? Math.max(0, total - Number(lastGranule)) : 0;
  return { head, packets: audio, endTrim };
}

/** Whether an Ogg file's first stream is Opus (its first packet an OpusHead). */
export function isOggOpus(bytes: Uint8Array): boolean {
  if (!isOgg(bytes) || bytes.length < 28) return false;
  const headerLength = 27 + (bytes[26] as number);
  return (
    Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString(
      "latin1",
      headerLength,
      headerLength + 8,
    ) === "OpusHead"
  );
}
