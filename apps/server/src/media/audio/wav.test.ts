import { describe, expect, it } from "vitest";
import { SAMPLE_FILES } from "../../../test/files.js";
import { audioForChannel, audioFormatOf, mp3ToWav, opusToWav, WAV_RATE } from "./convert.js";
import { decodeOpus } from "./decode.js";
import { isOggOpus, readOggOpus, writeOggOpus } from "./ogg.js";
import { AudioFormatError, streamSamples } from "./opus-packet.js";
import { encodeWav, resample } from "./pcm.js";
import {
  CHROMIUM_MP4_OPUS,
  CHROMIUM_WEBM,
  HIGH_TONE_HZ,
  LAME_MP3,
  TONE_HZ,
  tonePower,
  wavSamples,
} from "./test-support.js";
import { readWebmOpus } from "./webm.js";

/** Opus -> 16 kHz mono WAV for Messenger and Instagram, and which channel gets what. */

function sine(hz: number, rate: number, seconds: number, amplitude = 1): Float32Array {
  const out = new Float32Array(Math.round(rate * seconds));
  for (let i = 0; i < out.length; i++) out[i] = amplitude * Math.sin((2 * Math.PI * hz * i) / rate);
  return out;
}

/** Peak of the middle of a signal (the filter's edges aside). */
function peak(samples: Float32Array): number {
  const middle = samples.subarray(Math.floor(samples.length / 4), Math.floor((samples.length * 3) / 4));
  return middle.reduce((max, v) => Math.max(max, Math.abs(v)), 0);
}

describe("resampling", () => {
  it("48 kHz to 16 kHz keeps the voice band and removes what would fold back", async () => {
    expect(peak(await resample(sine(1000, 48_000, 0.5), 48_000, 16_000))).toBeCloseTo(1, 2);
    expect(peak(await resample(sine(3000, 48_000, 0.5), 48_000, 16_000))).toBeCloseTo(1, 2);
    // 10 kHz and 12 kHz would fold to 6 kHz and 4 kHz: gone (below -70 dB).
    expect(peak(await resample(sine(10_000, 48_000, 0.5), 48_000, 16_000))).toBeLessThan(3e-4);
    expect(peak(await resample(sine(12_000, 48_000, 0.5), 48_000, 16_000))).toBeLessThan(3e-4);
    expect(await resample(sine(1000, 48_000, 0.5), 48_000, 16_000)).toHaveLength(8000);
  });

  it("works for any rational ratio (44.1 kHz to 16 kHz) and keeps a constant constant", async () => {
    const out = await resample(sine(1000, 44_100, 0.5), 44_100, 16_000);
    expect(out).toHaveLength(Math.floor((22_050 * 160) / 441));
    expect(peak(out)).toBeCloseTo(1, 2);
    const dc = await resample(new Float32Array(4410).fill(0.5), 44_100, 16_000);
    expect(dc[800]).toBeCloseTo(0.5, 5);
  });
});

describe("WAV", () => {
  it("writes a canonical 16-bit mono RIFF/WAVE header and clips what is out of range", () => {
    const wav = encodeWav(Float32Array.of(0, 0.5, -0.5, 2, -2), 16_000);
    expect(wav.toString("latin1", 0, 4)).toBe("RIFF");
    expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
    expect(wav.toString("latin1", 8, 16)).toBe("WAVEfmt ");
    expect([wav.readUInt16LE(20), wav.readUInt16LE(22), wav.readUInt32LE(24)]).toEqual([1, 1, 16_000]);
    expect([wav.readUInt32LE(28), wav.readUInt16LE(32), wav.readUInt16LE(34)]).toEqual([32_000, 2, 16]);
    expect(wav.toString("latin1", 36, 40)).toBe("data");
    expect(wav.readUInt32LE(40)).toBe(10);
    expect([0, 1, 2, 3, 4].map((i) => wav.readInt16LE(44 + i * 2))).toEqual([
      0, 16384, -16384, 32767, -32768,
    ]);
  });

  it("turns Chromium's WebM/Opus recording into 16 kHz mono: same length, the tone kept, no alias", async () => {
    const webm = readWebmOpus(CHROMIUM_WEBM);
    const wav = await opusToWav(webm);
    expect(wav.readUInt32LE(24)).toBe(WAV_RATE);
    const samples = wavSamples(wav);
    expect(samples.length).toBe(Math.floor(streamSamples(webm) / 3));

    const tone = tonePower(samples, WAV_RATE, TONE_HZ);
    // The 12 kHz tone of the recording would fold to 4 kHz if it were not filtered out.
    const alias = tonePower(samples, WAV_RATE, WAV_RATE - HIGH_TONE_HZ);
    expect(tone).toBeGreaterThan(0.01);
    expect(alias / tone).toBeLessThan(1e-5);
    // The check can tell: keeping every third sample without the filter shows the 4 kHz alias.
    const full = await decodeOpus(webm);
    const naive = full.filter((_, i) => i % 3 === 0);
    expect(tonePower(naive, WAV_RATE, WAV_RATE - HIGH_TONE_HZ) / tone).toBeGreaterThan(0.05);
  });
});

describe("MP3 to WAV (Instagram)", () => {
  it("decodes LAME's MP3 and resamples 44.1 kHz to 16 kHz: one second, the tone kept, no alias", async () => {
    const wav = await mp3ToWav(LAME_MP3);
    const samples = wavSamples(wav);
    // Gapless: the encoder's delay and padding are dropped, one second stays one second.
    expect(samples.length).toBe(16_000);
    const tone = tonePower(samples, WAV_RATE, TONE_HZ);
    expect(tone).toBeGreaterThan(0.03);
    expect(tonePower(samples, WAV_RATE, WAV_RATE - HIGH_TONE_HZ) / tone).toBeLessThan(1e-5);
  });
});

describe("audio for each channel", () => {
  const recording = { bytes: CHROMIUM_WEBM, mimeType: "audio/webm", name: "audio-1.webm" };

  it("WhatsApp (both) gets WebM remuxed to Ogg/Opus; Messenger and Instagram get WAV", async () => {
    for (const channel of ["whatsapp", "whatsappapi"] as const) {
      const ogg = await audioForChannel(channel, recording);
      expect(ogg).toMatchObject({ mimeType: "audio/ogg; codecs=opus", name: "audio-1.ogg", converted: true });
      expect(isOggOpus(ogg.bytes)).toBe(true);
      expect(readOggOpus(ogg.bytes).packets).toHaveLength(readWebmOpus(CHROMIUM_WEBM).packets.length);
    }
    for (const channel of ["facebook", "instagram"] as const) {
      const wav = await audioForChannel(channel, recording);
      expect(wav).toMatchObject({ mimeType: "audio/wav", name: "audio-1.wav", converted: true });
      expect(wav.bytes.toString("latin1", 8, 12)).toBe("WAVE");
    }
  });

  it("Ogg/Opus (Firefox) stays for WhatsApp and becomes WAV for Messenger and Instagram", async () => {
    const ogg = writeOggOpus(readWebmOpus(CHROMIUM_WEBM));
    const firefox = { bytes: ogg, mimeType: "audio/ogg; codecs=opus", name: "voz.ogg" };
    expect(await audioForChannel("whatsappapi", firefox)).toEqual({ ...firefox, converted: false });
    const wav = await audioForChannel("instagram", firefox);
    expect(wav).toMatchObject({ mimeType: "audio/wav", name: "voz.wav" });
    expect(wavSamples(wav.bytes).length).toBe(Math.floor(streamSamples(readOggOpus(ogg)) / 3));
  });

  it("MP4/AAC and MP3 pass unchanged where the channel takes them", async () => {
    const mp4 = { bytes: SAMPLE_FILES.mp4, mimeType: "audio/mp4", name: "safari.m4a" };
    for (const channel of ["whatsapp", "whatsappapi", "facebook", "instagram"] as const)
      expect(await audioForChannel(channel, mp4)).toEqual({ ...mp4, converted: false });
    const mp3 = { bytes: LAME_MP3, mimeType: "audio/mpeg", name: "song.mp3" };
    for (const channel of ["whatsapp", "whatsappapi", "facebook"] as const)
      expect(await audioForChannel(channel, mp3)).toEqual({ ...mp3, converted: false });
    // Instagram takes no MP3: it gets the WAV.
    const wav = await audioForChannel("instagram", mp3);
    expect(wav).toMatchObject({ mimeType: "audio/wav", name: "song.wav", converted: true });
    expect(wav.bytes.readUInt32LE(24)).toBe(WAV_RATE);
  });

  it("refuses what a channel does not take and cannot be converted, with the reason", async () => {
    const wav = { bytes: encodeWav(new Float32Array(10), 16_000), mimeType: "audio/wav", name: "a.wav" };
    await expect(audioForChannel("whatsappapi", wav)).rejects.toThrow("WAV audio cannot be sent on WhatsApp");
    const amr = { bytes: Buffer.from("#!AMR\n"), mimeType: "audio/amr", name: "nota.amr" };
    await expect(audioForChannel("instagram", amr)).rejects.toThrow("AMR audio cannot be sent on Instagram");
    const notMp3 = { bytes: Buffer.alloc(3000, 0x42), mimeType: "audio/mpeg", name: "song.mp3" };
    await expect(audioForChannel("instagram", notMp3)).rejects.toThrow(
      /^The MP3 audio could not be converted for Instagram: /,
    );
    // Chromium's audio/mp4 is Opus in MP4: Meta reads MP4 audio as AAC.
    const opusMp4 = { bytes: CHROMIUM_MP4_OPUS, mimeType: "audio/mp4", name: "rec.m4a" };
    expect(audioFormatOf(opusMp4)).toBe("mp4-opus");
    await expect(audioForChannel("facebook", opusMp4)).rejects.toThrow(AudioFormatError);
    // A damaged recording: a clear reason, never a file the contact cannot play.
    const broken = { ...recording, bytes: Buffer.concat([CHROMIUM_WEBM.subarray(0, 40), Buffer.alloc(200)]) };
    await expect(audioForChannel("whatsappapi", broken)).rejects.toThrow(
      /The WebM audio could not be converted for WhatsApp/,
    );
  });
});
