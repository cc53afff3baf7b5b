import { OggOpusDecoder } from "ogg-opus-decoder";
import { describe, expect, it } from "vitest";
import { decodeOpus } from "./decode.js";
import { isOggOpus, oggCrc, readOggOpus, writeOggOpus } from "./ogg.js";
import {
  AudioFormatError,
  type OpusStream,
  opusPacketSamples,
  parseOpusHead,
  streamSamples,
} from "./opus-packet.js";
import { CHROMIUM_WEBM } from "./test-support.js";
import { readWebmOpus } from "./webm.js";

/**
 * WebM/Opus -> Ogg/Opus, checked against a real Chromium recording and an
 * independent decoder (ogg-opus-decoder reads the Ogg pages with its own
 * parser): the same packets, the same number of samples, the same sound.
 */

async function decodeOgg(ogg: Uint8Array) {
  const decoder = new OggOpusDecoder();
  await decoder.ready;
  try {
    return await decoder.decodeFile(ogg);
  } finally {
    decoder.free();
  }
}

/** The Ogg pages of a file: flags, granule position, sequence and lacing values. */
function pagesOf(ogg: Buffer) {
  const pages: { flags: number; granule: bigint; sequence: number; segments: number[]; crcOk: boolean }[] =
    [];
  let at = 0;
  while (at < ogg.length) {
    expect(ogg.toString("latin1", at, at + 4)).toBe("OggS");
    const count = ogg.readUInt8(at + 26);
    const segments = [...ogg.subarray(at + 27, at + 27 + count)];
    const end = at + 27 + count + segments.reduce((a, b) => a + b, 0);
    const page = Buffer.from(ogg.subarray(at, end));
    const crc = page.readUInt32LE(22);
    page.writeUInt32LE(0, 22);
    pages.push({
      flags: ogg.readUInt8(at + 5),
      granule: ogg.readBigInt64LE(at + 6),
      sequence: ogg.readUInt32LE(at + 18),
      segments,
      crcOk: oggCrc(page) === crc,
    });
    at = end;
  }
  return pages;
}

/**
 * An Opus code-3 packet grown by `padding` bytes of Opus padding (RFC 6716
 * section 3.2.5): still valid, decodes the same. Each length byte 255 stands
 * for 254 bytes and says another length byte follows.
 */
function padded(packet: Uint8Array, padding: number): Uint8Array {
  expect(packet[0]! & 0x03).toBe(3);
  expect(packet[1]! & 0x40).toBe(0);
  const lengthBytes = [...Array(Math.floor(padding / 254))].map(() => 255);
  lengthBytes.push(padding % 254);
  return Buffer.concat([
    Buffer.from([packet[0]!, packet[1]! | 0x40]),
    Buffer.from(lengthBytes),
    packet.subarray(2),
    Buffer.alloc(padding),
  ]);
}

/** Offsets of an element id's bytes in a file. */
function idsAt(bytes: Buffer, id: string): number[] {
  const found: number[] = [];
  for (
    let at = bytes.indexOf(Buffer.from(id, "hex"));
    at >= 0;
    at = bytes.indexOf(Buffer.from(id, "hex"), at + 1)
  )
    found.push(at);
  return found;
}

describe("Opus packets (RFC 6716 section 3.1)", () => {
  it("counts 48 kHz samples from the TOC byte: frame size by configuration, frame count by code", () => {
    expect(opusPacketSamples(Uint8Array.of(0 << 3))).toBe(480); // SILK NB 10 ms, one frame
    expect(opusPacketSamples(Uint8Array.of((1 << 3) | 1))).toBe(1920); // SILK 20 ms, two frames
    expect(opusPacketSamples(Uint8Array.of((3 << 3) | 0))).toBe(2880); // SILK 60 ms
    expect(opusPacketSamples(Uint8Array.of((13 << 3) | 2))).toBe(1920); // hybrid 20 ms, two frames
    expect(opusPacketSamples(Uint8Array.of(16 << 3))).toBe(120); // CELT 2.5 ms
    expect(opusPacketSamples(Uint8Array.of((31 << 3) | 3, 3))).toBe(2880); // CELT 20 ms, three frames
    expect(opusPacketSamples(Uint8Array.of((31 << 3) | 3, 0x80 | 6))).toBe(5760); // 120 ms, VBR flag
  });

  it("refuses packets that are empty, have no frames or last more than 120 ms", () => {
    expect(() => opusPacketSamples(new Uint8Array(0))).toThrow(AudioFormatError);
    expect(() => opusPacketSamples(Uint8Array.of((31 << 3) | 3, 0))).toThrow(AudioFormatError);
    expect(() => opusPacketSamples(Uint8Array.of((3 << 3) | 3, 3))).toThrow(AudioFormatError);
  });
});

describe("WebM reader", () => {
  it("reads Chromium's recording: its OpusHead and every packet with its time", () => {
    const webm = readWebmOpus(CHROMIUM_WEBM);
    expect(parseOpusHead(webm.head)).toMatchObject({ channels: 2, mappingFamily: 0 });
    expect(webm.packets.length).toBeGreaterThan(10);
    expect(webm.timesMs[0]).toBe(0);
    // The timecodes follow the packets' own durations (Chromium's capture clock drifts a little).
    let samples = 0;
    for (const [i, packet] of webm.packets.entries()) {
      expect(Math.abs(webm.timesMs[i]! - samples / 48)).toBeLessThanOrEqual(5);
      samples += opusPacketSamples(packet);
    }
    const seconds = streamSamples(webm) / 48_000;
    expect(seconds).toBeGreaterThan(0.9);
    expect(seconds).toBeLessThan(1.2);
  });

  it("reads a recording still being written: Segment and Cluster of unknown size", () => {
    const streaming = Buffer.from(CHROMIUM_WEBM);
    let patched = 0;
    for (const id of ["18538067", "1f43b675"]) {
      // The elements themselves have an 8-byte size (first byte 0x01); other hits are SeekHead entries.
      for (const at of idsAt(streaming, id).filter((i) => streaming[i + 4] === 0x01)) {
        // The size becomes "unknown" (all ones); the offsets stay where they were.
        streaming.fill(0xff, at + 5, at + 12);
        patched += 1;
      }
    }
    expect(patched).toBeGreaterThanOrEqual(2);
    const known = readWebmOpus(CHROMIUM_WEBM);
    const unknown = readWebmOpus(streaming);
    expect(unknown.packets.map((p) => Buffer.from(p).toString("hex"))).toEqual(
      known.packets.map((p) => Buffer.from(p).toString("hex")),
    );
  });

  it("keeps what a recording cut short holds, and refuses what is not WebM with Opus", () => {
    const whole = readWebmOpus(CHROMIUM_WEBM);
    const cut = readWebmOpus(CHROMIUM_WEBM.subarray(0, Math.floor(CHROMIUM_WEBM.length * 0.6)));
    expect(cut.packets.length).toBeGreaterThan(0);
    expect(cut.packets.length).toBeLessThan(whole.packets.length);
    expect(() => readWebmOpus(Buffer.from("OggS not webm"))).toThrow(AudioFormatError);
    const vorbis = Buffer.from(CHROMIUM_WEBM);
    vorbis.write("A_VORB", vorbis.indexOf("A_OPUS", 0, "latin1"), "latin1");
    expect(() => readWebmOpus(vorbis)).toThrow(/no Opus audio track/);
    const firstCluster = idsAt(CHROMIUM_WEBM, "1f43b675").find((i) => CHROMIUM_WEBM[i + 4] === 0x01);
    const headerOnly = CHROMIUM_WEBM.subarray(0, firstCluster);
    expect(() => readWebmOpus(headerOnly)).toThrow(/no audio/);
  });
});

describe("Ogg writer", () => {
  it("computes the Ogg CRC (polynomial 0x04C11DB7, no reflection, init 0, no final XOR)", () => {
    // CRC-32/POSIX of "123456789" is 0x765e7680 with a final XOR of all ones; Ogg has none.
    expect(oggCrc(Buffer.from("123456789"))).toBe((0x765e7680 ^ 0xffffffff) >>> 0);
  });

  it("remuxes Chromium's WebM losslessly: the same packets, decoded by another decoder to the same length", async () => {
    const webm = readWebmOpus(CHROMIUM_WEBM);
    const ogg = writeOggOpus(webm, 0x1234);
    expect(isOggOpus(ogg)).toBe(true);
    const pages = pagesOf(ogg);
    expect(pages.every((p) => p.crcOk)).toBe(true);
    expect(pages.map((p) => p.sequence)).toEqual(pages.map((_, i) => i));
    expect(pages[0]?.flags).toBe(0x02); // beginning of stream, OpusHead alone
    expect(ogg.toString("latin1", 28, 36)).toBe("OpusHead");
    expect(pages[1]?.granule).toBe(0n);
    expect(pages.at(-1)?.flags).toBe(0x04); // end of stream
    expect(pages.at(-1)?.granule).toBe(BigInt(streamSamples(webm)));

    const back = readOggOpus(ogg);
    expect(Buffer.compare(Buffer.from(back.head), Buffer.from(webm.head))).toBe(0);
    expect(back.packets.map((p) => Buffer.from(p).toString("hex"))).toEqual(
      webm.packets.map((p) => Buffer.from(p).toString("hex")),
    );

    const decoded = await decodeOgg(ogg);
    expect(decoded.errors).toEqual([]);
    const preSkip = parseOpusHead(webm.head).preSkip;
    expect(decoded.samplesDecoded).toBe(streamSamples(webm) - preSkip);
    // The same sound as libopus decoding the WebM's packets directly.
    const direct = await decodeOpus(webm);
    const mixed = decoded.channelData[0]!.map((v, i) => (v + decoded.channelData[1]![i]!) / 2);
    let difference = 0;
    for (let i = 0; i < direct.length; i++)
      difference = Math.max(difference, Math.abs(direct[i]! - mixed[i]!));
    expect(difference).toBeLessThan(1e-4);
  });

  it("spreads a long stream over pages with rising granule positions", async () => {
    const webm = readWebmOpus(CHROMIUM_WEBM);
    const packets = [...Array(20)].flatMap(() => webm.packets);
    // A larger packet (Opus padding) among them: still one packet, still the same duration.
    packets.splice(100, 0, padded(webm.packets[3]!, 3000));
    const stream: OpusStream = { head: webm.head, packets, endTrim: 0 };
    const ogg = writeOggOpus(stream);
    const pages = pagesOf(ogg);
    expect(pages.every((p) => p.crcOk)).toBe(true);
    expect(pages.length).toBeGreaterThan(8);
    const granules = pages.slice(2).map((p) => p.granule);
    expect(granules).toEqual([...granules].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(granules.at(-1)).toBe(BigInt(streamSamples(stream)));
    expect(readOggOpus(ogg).packets.map((p) => p.length)).toEqual(packets.map((p) => p.length));
    const decoded = await decodeOgg(ogg);
    expect(decoded.errors).toEqual([]);
    expect(decoded.samplesDecoded).toBe(streamSamples(stream));
  });

  it("continues a packet too big for one page on the next (granule -1 where no packet ends)", () => {
    const webm = readWebmOpus(CHROMIUM_WEBM);
    // 140 kB: more than two pages hold (a page carries at most 255 lacing values of 255 bytes).
    const big = padded(webm.packets[3]!, 140_000);
    expect(opusPacketSamples(big)).toBe(opusPacketSamples(webm.packets[3]!));
    const packets = [...webm.packets.slice(0, 5), big, ...webm.packets.slice(5)];
    const ogg = writeOggOpus({ head: webm.head, packets, endTrim: 0 });
    const pages = pagesOf(ogg);
    expect(pages.every((p) => p.crcOk)).toBe(true);
    const continued = pages.findIndex((p) => p.flags & 0x01);
    expect(continued).toBeGreaterThan(2);
    // The page the big packet starts on ends the five packets before it; the next ends none, the
    // one after ends the big packet.
    const fiveFirst = webm.packets.slice(0, 5).reduce((sum, p) => sum + opusPacketSamples(p), 0);
    expect(pages[continued - 1]?.granule).toBe(BigInt(fiveFirst));
    expect(pages[continued]?.segments).toHaveLength(255);
    expect(pages[continued]?.granule).toBe(-1n);
    expect(pages[continued + 1]!.flags & 0x01).toBe(0x01);
    expect(pages[continued + 1]?.granule).toBeGreaterThan(BigInt(fiveFirst));
    const back = readOggOpus(ogg);
    expect(back.packets.map((p) => Buffer.from(p).toString("hex"))).toEqual(
      packets.map((p) => Buffer.from(p).toString("hex")),
    );
  });

  it("writes the end trim into the last granule position and reads it back", () => {
    const webm = readWebmOpus(CHROMIUM_WEBM);
    const ogg = writeOggOpus({ ...webm, endTrim: 1000 });
    expect(pagesOf(ogg).at(-1)?.granule).toBe(BigInt(streamSamples(webm) - 1000));
    expect(readOggOpus(ogg).endTrim).toBe(1000);
  });

  it("refuses a damaged page and an Ogg file that is not Opus", () => {
    const ogg = writeOggOpus(readWebmOpus(CHROMIUM_WEBM));
    const damaged = Buffer.from(ogg);
    damaged[damaged.length - 10]! ^= 0xff;
    expect(() => readOggOpus(damaged)).toThrow(/checksum/);
    const vorbis = Buffer.from(ogg);
    vorbis.write("OpusHeaX", 28, "latin1");
    expect(isOggOpus(vorbis)).toBe(false);
  });
});
