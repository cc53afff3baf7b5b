/** Helpers the benchmarks share for latencies (CPU from /proc: proc-cpu.ts). */

/** The value below which `p` per cent of the sorted samples fall. */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

/** `n` to `digits` decimals (one by default). */
export const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
