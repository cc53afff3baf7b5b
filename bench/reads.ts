/**
 * The attendant's reads near the machine's limit (issue 14): CPU per request of the server process
 * and the PostgreSQL backends together (from /proc, stable on a busy machine where latency is not),
 * then throughput at concurrency 8 and the server's memory under that load, for each read the
 * tickets screen and the contacts page ask. Same data as `tickets.ts` (1,000,000 tickets at scale 1).
 *
 *   npm run build && npx tsx bench/reads.ts [--scale 1] [--requests 300] [--seconds 10] [--concurrency 8] [--warmup 50] [--settle 10] [--only name,name]
 */
import type { ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import pg from "pg";
import { BENCH_PASSWORD, startBenchServer, stopBenchServer } from "./bench-server.js";
import { percentile, round } from "./measure.js";
import { backendCpu, backendCpuSpent, cpuMs } from "./proc-cpu.js";
import { ATTENDANT, BUSY_ADMIN, ensureTicketsData, ticketsData } from "./tickets-data.js";

const { values: args } = parseArgs({
  options: {
    scale: { type: "string", default: "1" },
    requests: { type: "string", default: "300" },
    seconds: { type: "string", default: "10" },
    concurrency: { type: "string", default: "8" },
    port: { type: "string", default: "8097" },
    only: { type: "string", default: "" },
    fresh: { type: "boolean", default: false },
    warmup: { type: "string", default: "200" },
    settle: { type: "string", default: "10" },
  },
});
const warmup = Number(args.warmup);
const settleSeconds = Number(args.settle);
const requests = Number(args.requests);
const concurrency = Number(args.concurrency);
const seconds = Number(args.seconds);
const port = Number(args.port);
const data = ticketsData(Number(args.scale));
const base = `http://127.0.0.1:${port}`;

type Viewer = "admin" | "attendant";
interface Read {
  name: string;
  viewer: Viewer;
  /** The target: CPU per request, server plus PostgreSQL, in ms. */
  targetCpuMs: number;
  /** The i-th request's path (a read that varies its target rotates through them). */
  path(i: number): string;
}

/** Contact names are 'Cliente N'; a four-digit N matches about a hundred contacts of the busy company. */
const nameTerm = (i: number) => `Cliente ${1000 + ((i * 7919) % 9000)}`;

function reads(openTicketIds: number[]): Read[] {
  return [
    {
      name: "ticketsAdminOpen",
      viewer: "admin",
      targetCpuMs: 5,
      path: () => "/tickets?status=open&showAll=true&pageNumber=1",
    },
    {
      name: "ticketsAdminPending",
      viewer: "admin",
      targetCpuMs: 5,
      path: () => "/tickets?status=pending&showAll=true&pageNumber=1",
    },
    {
      name: "ticketsAttendantOpen",
      viewer: "attendant",
      targetCpuMs: 5,
      path: () => "/tickets?status=open&showAll=false&pageNumber=1",
    },
    {
      name: "ticketsAttendantPending",
      viewer: "attendant",
      targetCpuMs: 5,
      path: () => "/tickets?status=pending&showAll=false&pageNumber=1",
    },
    {
      name: "ticketsPage50",
      viewer: "admin",
      targetCpuMs: 6,
      path: () => "/tickets?status=open&showAll=true&pageNumber=50",
    },
    {
      name: "messagesFirstPage",
      viewer: "attendant",
      targetCpuMs: 3,
      path: (i) => `/messages/${openTicketIds[i % openTicketIds.length]}?pageNumber=1`,
    },
    { name: "contactsFirstPage", viewer: "admin", targetCpuMs: 5, path: () => "/contacts?pageNumber=1" },
    {
      name: "contactsNameSearch",
      viewer: "admin",
      targetCpuMs: 5,
      path: (i) => `/contacts?${new URLSearchParams({ searchParam: nameTerm(i), pageNumber: "1" })}`,
    },
    {
      name: "ticketsContactSearch",
      viewer: "attendant",
      targetCpuMs: 15,
      path: (i) =>
        `/tickets?${new URLSearchParams({ searchParam: nameTerm(i), showAll: "false", pageNumber: "1" })}`,
    },
  ];
}

async function login(email: string): Promise<string> {
  const res = await fetch(`${base}/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/** One request; the whole body is read (the answer's cost includes sending it). Answers its latency. */
async function ask(path: string, token: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${base}${path}`, {
    headers: { authorization: `Bearer ${token}`, "accept-encoding": "gzip" },
  });
  const body = await res.arrayBuffer();
  const ms = performance.now() - started;
  if (!res.ok) throw new Error(`${path}: ${res.status} ${new TextDecoder().decode(body)}`);
  return ms;
}

function rssMb(pid: number | undefined): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN) / 1024;
}

/** CPU of the server and of the database's backends spent while `work` runs, in ms. */
async function withCpu<T>(server: ChildProcess, monitor: pg.Client, work: () => Promise<T>) {
  const serverBefore = cpuMs(server.pid);
  const backendsBefore = await backendCpu(monitor, data.dbName);
  const result = await work();
  const serverCpu = cpuMs(server.pid) - serverBefore;
  const postgresCpu = backendCpuSpent(backendsBefore, await backendCpu(monitor, data.dbName));
  return { result, serverCpu, postgresCpu };
}

/** `requests` requests one after another: CPU per request and latency. */
async function sequential(read: Read, token: string, server: ChildProcess, monitor: pg.Client) {
  for (let i = 0; i < 10; i++) await ask(read.path(i), token);
  const {
    result: times,
    serverCpu,
    postgresCpu,
  } = await withCpu(server, monitor, async () => {
    const times: number[] = [];
    for (let i = 0; i < requests; i++) times.push(await ask(read.path(i), token));
    return times;
  });
  times.sort((a, b) => a - b);
  const cpu = (serverCpu + postgresCpu) / requests;
  return {
    cpuMsPerRequest: round(cpu, 2),
    serverCpuMs: round(serverCpu / requests, 2),
    postgresCpuMs: round(postgresCpu / requests, 2),
    met: cpu <= read.targetCpuMs,
    p50Ms: round(percentile(times, 50)),
    p95Ms: round(percentile(times, 95)),
  };
}

/** `concurrency` clients asking back to back for `seconds`: throughput, latency and the server's memory. */
async function concurrent(read: Read, token: string, server: ChildProcess, monitor: pg.Client) {
  let peakRss = rssMb(server.pid);
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, rssMb(server.pid));
  }, 250);
  const deadline = performance.now() + seconds * 1000;
  let next = 0;
  const {
    result: times,
    serverCpu,
    postgresCpu,
  } = await withCpu(server, monitor, async () => {
    const times: number[] = [];
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (performance.now() < deadline) times.push(await ask(read.path(next++), token));
      }),
    );
    return times;
  });
  clearInterval(sampler);
  times.sort((a, b) => a - b);
  return {
    requestsPerSecond: round(times.length / seconds),
    p50Ms: round(percentile(times, 50)),
    p95Ms: round(percentile(times, 95)),
    cpuMsPerRequest: round((serverCpu + postgresCpu) / times.length, 2),
    serverRssMb: round(peakRss),
  };
}

await ensureTicketsData(data, { fresh: args.fresh, port });
const server = await startBenchServer({ port, dbUrl: data.dbUrl });
const monitor = new pg.Client({ connectionString: data.adminUrl });
await monitor.connect();
try {
  const tokens: Record<Viewer, string> = {
    admin: await login(BUSY_ADMIN),
    attendant: await login(ATTENDANT),
  };
  const open = await fetch(`${base}/tickets?status=open&showAll=false&pageNumber=1`, {
    headers: { authorization: `Bearer ${tokens.attendant}` },
  });
  const openTicketIds = ((await open.json()) as { tickets: { id: number }[] }).tickets.map((t) => t.id);
  const only = args.only ? new Set(args.only.split(",")) : undefined;
  const selected = reads(openTicketIds).filter((read) => !only || only.has(read.name));
  // A fresh process compiles and fills its caches on its first requests: every read is warmed before
  // any is measured, so the first read measured does not pay for the code paths all of them share.
  for (const read of selected) for (let i = 0; i < warmup; i++) await ask(read.path(i), tokens[read.viewer]);
  // The boot's own work (pg-boss's first maintenance, boot jobs) ends before the first measurement.
  await new Promise((resolve) => setTimeout(resolve, settleSeconds * 1000));
  const results: Record<string, unknown> = {};
  for (const read of selected) {
    const token = tokens[read.viewer];
    const line = {
      read: read.name,
      targetCpuMs: read.targetCpuMs,
      sequential: await sequential(read, token, server, monitor),
      concurrent: await concurrent(read, token, server, monitor),
    };
    results[read.name] = line;
    console.log(JSON.stringify(line));
  }
  console.log(JSON.stringify({ idleServerRssMb: round(rssMb(server.pid)) }));
} finally {
  await monitor.end();
  await stopBenchServer(server);
}
