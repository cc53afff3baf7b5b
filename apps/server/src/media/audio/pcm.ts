/**
 * PCM helpers for the WAV path: a rate change through
 * a windowed-sinc low-pass (so nothing above the new Nyquist frequency folds
 * back into the voice band), and a 16-bit RIFF/WAVE file.
 */

/** The passband ends this far below the output's Nyquist frequency: the filter needs room to fall. */
const ROLLOFF = 0.85;
/** Sinc zero crossings kept on each side of the centre: the filter's length and steepness. */
const ZERO_CROSSINGS = 16;
/** Kaiser window shape: about 80 dB of stopband attenuation. */
const KAISER_BETA = 8;

/** Output samples computed between two yields to the event loop (other requests go on meanwhile). */
const CHUNK = 32_000;

/**
 * Changes the sample rate by the rational factor to/from (polyphase: one
 * filter per output phase, built once). The filter is a sinc cut off at
 * ROLLOFF of the lower Nyquist frequency under a Kaiser window, normalised
 * per phase so a constant stays constant. Long inputs are worked through in
 * chunks with a yield between them: minutes of audio take a second or more.
 */
export async function resample(input: Float32Array, from: number, to: number): Promise<Float32Array> {
  if (from === to) return input.slice();
  const divisor = gcd(from, to);
  const up = to / divisor;
  const down = from / divisor;
  // Cut-off in cycles per input sample.
  const cutoff = 0.5 * Math.min(1, to / from) * ROLLOFF;
  const half = Math.ceil(ZERO_CROSSINGS / (2 * cutoff));
  const taps = 2 * half;
  const filters: Float32Array[] = [];
  for (let phase = 0; phase < up; phase++) {
    const frac = phase / up;
    const filter = new Float32Array(taps);
    let sum = 0;
    for (let k = 0; k < taps; k++) {
      // Tap k weighs input sample base - half + 1 + k; its distance from the output's position.
      const t = k - half + 1 - frac;
      const value = 2 * cutoff * sinc(2 * cutoff * t) * kaiser(t / half);
      filter[k] = value;
      sum += value;
    }
    for (let k = 0; k < taps; k++) filter[k]! /= sum;
    filters.push(filter);
  }
  // Silence on both sides, so the inner loop needs no bounds checks: padded[base + 1 + k] is
  // input[base - half + 1 + k].
  const padded = new Float32Array(input.length + taps + 1);
  padded.set(input, half);
  const length = Math.floor((input.length * up) / down);
  const out = new Float32Array(length);
  for (let start = 0; start < length; start += CHUNK) {
    if (start > 0) await new Promise((resolve) => setImmediate(resolve));
    const end = Math.min(length, start + CHUNK);
    for (let n = start; n < end; n++) {
      const position = n * down;
      const base = Math.floor(position / up);
      const filter = filters[position % up] as Float32Array;
      const offset = base + 1;
      let acc = 0;
      for (let k = 0; k < taps; k++) acc += (padded[offset + k] as number) * (filter[k] as number);
      out[n] = acc;
    }
  }
  return out;
}

function sinc(x: number): number {
  if (x === 0) return 1;
  const px = Math.PI * x;
  return Math.sin(px) / px;
}

/** Kaiser window at x in [-1, 1]. */
function kaiser(x: number): number {
  if (x <= -1 || x >= 1) return 0;
  return besselI0(KAISER_BETA * Math.sqrt(1 - x * x)) / besselI0(KAISER_BETA);
}

/** Modified Bessel function of the first kind, order 0 (power series). */
function besselI0(x: number): number {
  let sum = 1;
  let term = 1;
  const half = x / 2;
  for (let k = 1; k < 50; k++) {
    term *= (half / k) ** 2;
    sum += term;
    if (term < sum * 1e-12) break;
  }
  return sum;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** Mono 16-bit PCM in a RIFF/WAVE file (the canonical 44-byte header). */
export function encodeWav(samples: Float32Array, sampleRate: number): Buffer {
  const dataLength = samples.length * 2;
  const wav = Buffer.alloc(44 + dataLength);
  wav.write("RIFF", 0, "latin1");
  wav.writeUInt32LE(36 + dataLength, 4);
  wav.write("WAVE", 8, "latin1");
  wav.write("fmt ", 12, "latin1");
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(sampleRate, 24);
  wav.writeUInt32LE(sampleRate * 2, 28); // bytes per second
  wav.writeUInt16LE(2, 32); // block align
  wav.writeUInt16LE(16, 34); // bits per sample
  wav.write("data", 36, "latin1");
  wav.writeUInt32LE(dataLength, 40);
  for (let i = 0; i < samples.length; i++) {
    const clamped = Math.max(-1, Math.min(1, samples[i] as number));
    wav.writeInt16LE(Math.round(clamped < 0 ? clamped * 32768 : clamped * 32767), 44 + i * 2);
  }
  return wav;
}
