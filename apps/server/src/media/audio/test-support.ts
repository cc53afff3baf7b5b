import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * Real recordings for the audio tests (not a test file itself). The WebM and MP4 were made once
 * with Chromium's MediaRecorder (audioBitsPerSecond 128000) from a Web Audio
 * graph: a 440 Hz sine at 0.4 plus a 12 kHz sine at 0.2, stereo, about one
 * second. The 12 kHz tone is there for the WAV path: it must not fold back
 * into the 16 kHz file as a 4 kHz tone.
 */
const fixture = (name: string) =>
  readFileSync(fileURLToPath(new URL(`../../../test/fixtures/audio/${name}`, import.meta.url)));

/** `audio/webm;codecs=opus`, what Chromium records by default. */
export const CHROMIUM_WEBM = fixture("voice-chromium.webm");
/** `audio/mp4;codecs=opus`: what Chromium records when asked for audio/mp4 (Opus, not AAC). */
export const CHROMIUM_MP4_OPUS = fixture("voice-chromium-opus.m4a");

/** The same two tones, one second at 44.1 kHz mono, encoded by LAME at 128 kbit/s (lowpass 16 kHz). */
export const LAME_MP3 = fixture("tones-lame.mp3");

/** The tones in the fixtures. */
export const TONE_HZ = 440;
export const HIGH_TONE_HZ = 12_000;

/** Power of one frequency in a signal (Goertzel), normalised by the length. */
export function tonePower(samples: Float32Array, rate: number, hz: number): number {
  const coefficient = 2 * Math.cos((2 * Math.PI * hz) / rate);
  let previous = 0;
  let beforePrevious = 0;
  for (const sample of samples) {
    const current = sample + coefficient * previous - beforePrevious;
    beforePrevious = previous;
    previous = current;
  }
  const power = previous ** 2 + beforePrevious ** 2 - coefficient * previous * beforePrevious;
  return power / samples.length ** 2;
}

/** A WAV file's 16-bit samples as floats. */
export function wavSamples(wav: Buffer): Float32Array {
  const samples = new Float32Array((wav.length - 44) / 2);
  for (let i = 0; i < samples.length; i++) samples[i] = wav.readInt16LE(44 + i * 2) / 32768;
  return samples;
}
