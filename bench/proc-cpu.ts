import { readFileSync } from "node:fs";
import type pg from "pg";

/** CPU time a process has used so far (Linux /proc), in milliseconds; NaN once it is gone. */
export function cpuMs(pid: number | undefined): number {
  if (!pid) return Number.NaN;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of stat)
    return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
  } catch {
    return Number.NaN;
  }
}

/**
 * CPU time of every PostgreSQL backend serving `database` (from pg_stat_activity, read in /proc:
 * the benchmark runs beside the database), by pid.
 */
export async function backendCpu(admin: pg.Client, database: string): Promise<Map<number, number>> {
  const { rows } = await admin.query<{ pid: number }>(
    "SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
    [database],
  );
  return new Map(rows.map((r) => [r.pid, cpuMs(r.pid)]));
}

/** CPU the backends used between two readings (a backend that started meanwhile counts whole). */
export function backendCpuSpent(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of after) if (!Number.isNaN(ms)) total += ms - (before.get(pid) ?? 0);
  return total;
}

/**
 * Counters of a process that CPU noise does not move (Linux /proc): its write system calls (all
 * threads), and its main thread's context switches, voluntary (it waited) and not (preempted).
 */
export function processCounters(pid: number | undefined): {
  writes: number;
  waits: number;
  preemptions: number;
} {
  const field = (text: string, name: string) =>
    Number(new RegExp(`^${name}:\\s+(\\d+)`, "m").exec(text)?.[1]);
  try {
    const io = readFileSync(`/proc/${pid}/io`, "utf8");
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    return {
      writes: field(io, "syscw"),
      waits: field(status, "voluntary_ctxt_switches"),
      preemptions: field(status, "nonvoluntary_ctxt_switches"),
    };
  } catch {
    return { writes: Number.NaN, waits: Number.NaN, preemptions: Number.NaN };
  }
}
