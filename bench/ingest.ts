/**
 * Inbound load benchmark (issue 3): meta-sim fires signed Cloud API webhooks
 * at a real server process on real PostgreSQL, across many connections, while
 * an attendant's socket measures webhook -> socket latency.
 *
 *   npm run build && npx tsx bench/ingest.ts [--rate 1000] [--seconds 60] [--connections 100] [--runs 3] [--warmup 5] [--contacts 200] [--processes 1]
 *
 * The measured run writes from `contacts` contacts on every connection, in turn: its first
 * contacts x connections messages each open a ticket (20,000 with the defaults), the rest find
 * theirs open. `--contacts 1200` makes every message of a 60 s run at 2,000/s open one.
 *
 * `--processes N` runs N server processes (ports port .. port+N-1) fanning socket events out over
 * Redis (REDIS_URL, README "Running against PostgreSQL and Redis"; BENCH_REDIS_URL, default the local
 * one), as a deployment with one process per core would: each connection's webhooks reach one
 * process (a load balancer hashing the webhook URL), the attendant's socket is on the first.
 * Redis's CPU then counts with the servers'.
 *
 * Prints one JSON line per run and one for the median of the runs.
 */
import type { ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { Worker } from "node:worker_threads";
import { startMetaSim } from "@inbox/meta-sim";
import pg from "pg";
import { benchApi, benchDatabase, recreateDatabase, startBenchServer } from "./bench-server.js";
import { percentile, round } from "./measure.js";
import { backendCpu, backendCpuSpent, cpuMs, processCounters } from "./proc-cpu.js";

const { values: args } = parseArgs({
  options: {
    rate: { type: "string", default: "1000" },
    seconds: { type: "string", default: "60" },
    connections: { type: "string", default: "100" },
    runs: { type: "string", default: "3" },
    port: { type: "string", default: "8097" },
    warmup: { type: "string", default: "5" },
    contacts: { type: "string", default: "200" },
    processes: { type: "string", default: "1" },
  },
});
const rate = Number(args.rate);
const seconds = Number(args.seconds);
const connectionCount = Number(args.connections);
const port = Number(args.port);
const warmupSeconds = Number(args.warmup);
const contactCount = Number(args.contacts);
const processCount = Number(args.processes);
const redisUrl = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";
const { adminUrl, dbName, dbUrl } = benchDatabase("inbox_bench");

/** The server as `npm start` runs it, with its jobs, talking to meta-sim instead of Meta. */
function startServer(metaUrl: string, index: number): Promise<ChildProcess> {
  return startBenchServer({
    port: port + index,
    dbUrl,
    startTimeoutMs: 60_000,
    env: {
      JOBS_ENABLED: "true",
      DATABASE_POOL_MAX: "20",
      META_GRAPH_URL: metaUrl,
      SERVE_WEB: "false",
      ...(processCount > 1 ? { REDIS_URL: redisUrl } : {}),
    },
  });
}

/** The first server migrates and seeds the new database; the others start once it has. */
async function startServers(metaUrl: string): Promise<ChildProcess[]> {
  const first = await startServer(metaUrl, 0);
  const others = await Promise.all(
    Array.from({ length: processCount - 1 }, (_, i) => startServer(metaUrl, i + 1)),
  );
  return [first, ...others];
}

/**
 * The pid of the local redis-server listening on BENCH_REDIS_URL's port (its CPU counts when several
 * processes fan events out through it): its command line names the address it serves
 * (`redis-server 127.0.0.1:6379`), and another one may run beside it (a test's own).
 */
function redisPid(): number | undefined {
  if (processCount === 1) return undefined;
  const port = new URL(redisUrl).port || "6379";
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, "utf8").trim() !== "redis-server") continue;
      const commandLine = readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0").join(" ");
      if (new RegExp(`[: ]${port}( |$)`).test(commandLine)) return Number(entry);
    } catch {}
  }
  return undefined;
}

/** Summed over the servers. */
const serversCpuMs = (servers: ChildProcess[]) => servers.reduce((sum, s) => sum + cpuMs(s.pid), 0);
function serversCounters(servers: ChildProcess[]) {
  const all = servers.map((s) => processCounters(s.pid));
  return {
    writes: all.reduce((sum, c) => sum + c.writes, 0),
    waits: all.reduce((sum, c) => sum + c.waits, 0),
    preemptions: all.reduce((sum, c) => sum + c.preemptions, 0),
  };
}

/** Polls until no delivery is left unprocessed (15 minutes at most); answers how many are left. */
async function waitUntilProcessed(db: pg.Client): Promise<number> {
  const deadline = Date.now() + 15 * 60_000;
  let unprocessed = Number.POSITIVE_INFINITY;
  while (Date.now() < deadline) {
    const { rows } = await db.query(
      // Every delivery left is unprocessed: a processed one is deleted.
      "SELECT count(*)::int AS n FROM webhook_deliveries",
    );
    unprocessed = rows[0].n;
    if (unprocessed === 0) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  return unprocessed;
}

const api = benchApi(`http://127.0.0.1:${port}`);

async function run(index: number) {
  await recreateDatabase(adminUrl, dbName);
  const sim = await startMetaSim({ port: 0 });
  const servers = await startServers(sim.url);
  const redis = redisPid();
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    const { token } = await api<{ token: string }>("/auth/login", null, {
      email: "admin@bench.test",
      password: "bench-password",
    });
    await db.query("UPDATE plans SET connections = 10000");
    const accounts: string[] = [];
    for (let i = 0; i < connectionCount; i++) {
      const accountId = String(100_000_000 + i);
      const created = await api<{ id: number }>("/whatsapp", token, {
        name: `bench-${i}`,
        channel: "whatsappapi",
        phoneNumberId: accountId,
        accessToken: `token-${i}`,
        appSecret: `secret-${i}`,
      });
      const { rows } = await db.query("SELECT webhook_key FROM whatsapps WHERE id = $1", [created.id]);
      sim.registerAccount({
        channel: "whatsappapi",
        accountId,
        accessToken: `token-${i}`,
        appSecret: `secret-${i}`,
        // With several processes, each connection's webhooks reach one of them, as a load balancer
        // hashing the URL would send them.
        webhookUrl: `http://127.0.0.1:${port + (i % processCount)}/webhooks/meta/${rows[0].webhook_key}`,
      });
      accounts.push(accountId);
    }

    // Warm-up at the same rate, from other contacts: a cold process spends its first seconds
    // compiling (JIT) and filling caches; the measured run then starts from a warm server and
    // still opens a ticket for each of its own 20,000 contact-connection pairs.
    if (warmupSeconds > 0) {
      await sim.fireLoad({
        accounts,
        ratePerSecond: rate,
        durationSeconds: warmupSeconds,
        kind: "text",
        contacts: 200,
        firstContact: 100_000,
      });
      await waitUntilProcessed(db);
    }
    // A live database has its statistics; this machine's PostgreSQL runs with autovacuum off (CI's
    // conf.d/90-ci.conf), so the plans of the measured minute would otherwise come from empty tables.
    // To measure a schema change (an index dropped, say) without committing it.
    if (process.env.BENCH_SETUP_SQL) await db.query(process.env.BENCH_SETUP_SQL);
    await db.query("VACUUM ANALYZE");
    const before = (await db.query("SELECT count(*)::int AS messages FROM messages")).rows[0];

    // Every request is built (bodies, signatures) before the measured window: it then only sends them.
    const prepared = sim.prepareLoad({
      accounts,
      ratePerSecond: rate,
      durationSeconds: seconds,
      kind: "text",
      contacts: contactCount,
    });
    // The attendant: every new message of the company reaches this socket (on its own thread),
    // which reads each message's send time from the load's shared sentAt.
    const listener = new Worker(new URL("./socket-listener.mjs", import.meta.url), {
      workerData: { url: `http://127.0.0.1:${port}`, token, sentAt: prepared.sentAt },
    });
    await new Promise<void>((resolve, reject) => {
      listener.once("message", (m: { ready?: boolean; error?: string }) =>
        m.ready ? resolve() : reject(new Error(m.error)),
      );
      listener.once("error", reject);
    });

    const cpuBefore = serversCpuMs(servers);
    const countersBefore = serversCounters(servers);
    const redisBefore = cpuMs(redis);
    const pgBefore = await backendCpu(db, dbName);
    // This process: meta-sim's load (sending, reading the answers) and the socket listener's thread.
    const benchBefore = process.cpuUsage();
    const firedAt = new Date();
    const load = await prepared.fire();

    // Wait until every accepted delivery is processed, then check each message is stored exactly once.
    const unprocessed = await waitUntilProcessed(db);
    const serverCpuMs = serversCpuMs(servers) - cpuBefore;
    const countersAfter = serversCounters(servers);
    const redisCpuMs = cpuMs(redis) - redisBefore;
    const pgCpuMs = backendCpuSpent(pgBefore, await backendCpu(db, dbName));
    const benchCpu = process.cpuUsage(benchBefore);
    const benchCpuMs = (benchCpu.user + benchCpu.system) / 1000;
    const counts = (
      await db.query(
        `SELECT count(*)::int AS total, count(DISTINCT (whatsapp_id, provider_message_id))::int AS distinct_ids,
        (SELECT extract(epoch FROM max(updated_at) - $1::timestamptz) FROM tickets) AS busy_seconds
        FROM messages`,
        [firedAt.toISOString()],
      )
    ).rows[0];
    const stored = (counts.total as number) - (before.messages as number);
    const duplicates = (counts.total as number) - (counts.distinct_ids as number);
    const busySeconds = Number(counts.busy_seconds);
    listener.postMessage("stop");
    const socketLatencies = await new Promise<number[]>((resolve) =>
      listener.once("message", (m: { latencies: number[] }) => resolve(m.latencies)),
    );
    await listener.terminate();
    const sorted = [...socketLatencies].sort((a, b) => a - b);
    const perMessage = (ms: number) => round(ms / Math.max(1, stored), 3);
    const result = {
      run: index,
      rate,
      seconds,
      warmupSeconds,
      connections: connectionCount,
      processes: processCount,
      sent: load.sent,
      accepted: load.ok,
      failed: load.failed,
      achievedRate: round(load.achievedRate),
      webhookP50Ms: round(load.p50),
      webhookP99Ms: round(load.p99),
      stored,
      duplicates,
      lost: load.ok - stored,
      unprocessed,
      /** Messages stored per second from the first webhook sent to the last ticket moved. */
      processedPerSecond: round(stored / busySeconds),
      /** Server process CPU time (user + system) per stored message: comparable even on a busy machine. */
      serverCpuMsPerMessage: perMessage(serverCpuMs),
      /** The PostgreSQL backends' CPU time per message (this database's, from /proc; the benchmark's own connection excluded). */
      postgresCpuMsPerMessage: perMessage(pgCpuMs),
      /** The benchmark's own CPU while it sends (load generator and socket listener; the requests are built before) per message: the machine's cores are shared. */
      loadCpuMsPerMessage: perMessage(benchCpuMs),
      /** Redis's CPU per message, when several processes fan socket events out through it. */
      ...(redis ? { redisCpuMsPerMessage: perMessage(redisCpuMs) } : {}),
      /** The server's write system calls per message (HTTP answers, socket frames, PostgreSQL): stable on a busy machine. */
      serverWritesPerMessage: round((countersAfter.writes - countersBefore.writes) / Math.max(1, stored), 2),
      /** Its main thread's context switches per message: waits, and preemptions by another process. */
      serverWaitsPerMessage: round((countersAfter.waits - countersBefore.waits) / Math.max(1, stored), 2),
      serverPreemptionsPerMessage: round(
        (countersAfter.preemptions - countersBefore.preemptions) / Math.max(1, stored),
        2,
      ),
      socketEvents: sorted.length,
      socketP50Ms: percentile(sorted, 50),
      socketP99Ms: percentile(sorted, 99),
    };
    console.log(JSON.stringify(result));
    return result;
  } finally {
    await db.end();
    await Promise.all(
      servers.map((server) => {
        server.kill("SIGTERM");
        return new Promise((r) => server.once("exit", r));
      }),
    );
    await sim.close();
  }
}

const results: Awaited<ReturnType<typeof run>>[] = [];
for (let i = 1; i <= Number(args.runs); i++) results.push(await run(i));
const median = (key: keyof (typeof results)[number]) => {
  const values = results.map((r) => Number(r[key])).sort((a, b) => a - b);
  return values[Math.floor(values.length / 2)];
};
console.log(
  JSON.stringify({
    median: true,
    runs: results.length,
    achievedRate: median("achievedRate"),
    webhookP99Ms: median("webhookP99Ms"),
    socketP99Ms: median("socketP99Ms"),
    duplicates: Math.max(...results.map((r) => r.duplicates)),
    lost: Math.max(...results.map((r) => r.lost)),
    processedPerSecond: median("processedPerSecond"),
    serverCpuMsPerMessage: median("serverCpuMsPerMessage"),
    postgresCpuMsPerMessage: median("postgresCpuMsPerMessage"),
    loadCpuMsPerMessage: median("loadCpuMsPerMessage"),
    ...(processCount > 1
      ? { processes: processCount, redisCpuMsPerMessage: median("redisCpuMsPerMessage") }
      : {}),
  }),
);
