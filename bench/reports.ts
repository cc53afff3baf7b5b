/**
 * Ticket report benchmark (issue 11): the data of bench/tickets.ts (database
 * `inbox_bench_tickets`, 1,000,000 tickets; the busy company 2 holds 30 %),
 * ratings added in SQL once, the built server as its own process, the busy
 * company's admin asking for report pages over one month and exporting about
 * 100,000 rows.
 *
 *   npm run build && npx tsx bench/tickets.ts --generate-only   # once, about 25 minutes
 *   npx tsx bench/reports.ts [--requests 200]
 *
 * CPU per request: the server process and the PostgreSQL backends of the database, from /proc.
 * Export: wall time, rows (X-Total-Count), bytes, and the server's RSS sampled every 50 ms.
 */
import type { ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import pg from "pg";
import { BENCH_PASSWORD, benchDatabase, startBenchServer, stopBenchServer } from "./bench-server.js";
import { percentile, round } from "./measure.js";
import { backendCpu, backendCpuSpent, cpuMs } from "./proc-cpu.js";

const { values: args } = parseArgs({
  options: {
    requests: { type: "string", default: "200" },
    port: { type: "string", default: "8097" },
    "export-rows": { type: "string", default: "100000" },
  },
});
const requests = Number(args.requests);
const port = Number(args.port);
const { adminUrl, dbName, dbUrl } = benchDatabase("inbox_bench_tickets");
const PASSWORD = BENCH_PASSWORD;
/** bench/tickets.ts makes user 10 of each company its admin. */
const ADMIN = "user10@c2.bench";
const BUSY = 2;

// The first start on the 1M-ticket data builds the report's indexes (migration 0026): give it time.
const startServer = () => startBenchServer({ port, dbUrl, startTimeoutMs: 600_000 });
const stopServer = stopBenchServer;

/** One rating for a fifth of the closed tickets, a second for a tenth of those: once per database. */
async function ensureRatings(db: pg.Client) {
  const { rows } = await db.query("SELECT complete FROM bench_meta").catch(() => ({ rows: [] }));
  if (!rows[0]?.complete) throw new Error("no data: run `npx tsx bench/tickets.ts --generate-only` first");
  await db.query(
    "ALTER TABLE bench_meta ADD COLUMN IF NOT EXISTS report_ratings boolean NOT NULL DEFAULT false",
  );
  const done = await db.query("SELECT report_ratings FROM bench_meta");
  if (done.rows[0]?.report_ratings) return;
  console.error("adding ratings…");
  await db.query("DELETE FROM user_ratings");
  await db.query(`
    INSERT INTO user_ratings (company_id, ticket_id, user_id, rate, created_at, updated_at)
    SELECT company_id, id, user_id, abs(hashint4(id + 7)) % 11, closed_at + interval '5 minutes',
           closed_at + interval '5 minutes'
    FROM tickets WHERE status = 'closed' AND abs(hashint4(id + 3)) % 5 = 0`);
  await db.query(`
    INSERT INTO user_ratings (company_id, ticket_id, user_id, rate, created_at, updated_at)
    SELECT company_id, id, user_id, abs(hashint4(id + 11)) % 11, closed_at + interval '1 hour',
           closed_at + interval '1 hour'
    FROM tickets WHERE status = 'closed' AND abs(hashint4(id + 3)) % 5 = 0 AND abs(hashint4(id + 5)) % 10 = 0`);
  await db.query("VACUUM ANALYZE user_ratings");
  await db.query("VACUUM ANALYZE tickets");
  await db.query("UPDATE bench_meta SET report_ratings = true");
}

async function api(path: string, token: string) {
  const started = performance.now();
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await res.json()) as { totalTickets: { total: number }; tickets: unknown[] };
  const ms = performance.now() - started;
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
  return { ms, body };
}

async function measure(paths: string[], token: string, server: ChildProcess, admin: pg.Client) {
  for (const path of paths.slice(0, 10)) await api(path, token);
  const times: number[] = [];
  const serverBefore = cpuMs(server.pid);
  const backendsBefore = await backendCpu(admin, dbName);
  let total = 0;
  for (const path of paths) {
    const { ms, body } = await api(path, token);
    times.push(ms);
    total = body.totalTickets.total;
  }
  const serverCpu = cpuMs(server.pid) - serverBefore;
  const backendsCpu = backendCpuSpent(backendsBefore, await backendCpu(admin, dbName));
  times.sort((a, b) => a - b);
  return {
    requests: times.length,
    total,
    p50Ms: round(percentile(times, 50)),
    p95Ms: round(percentile(times, 95)),
    maxMs: round(times.at(-1) ?? Number.NaN),
    serverCpuMsPerRequest: round(serverCpu / times.length),
    postgresCpuMsPerRequest: round(backendsCpu / times.length),
  };
}

function rssMb(pid: number | undefined): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return Number(match?.[1] ?? Number.NaN) / 1024;
}

/** Streams the export to nowhere, sampling the server's RSS meanwhile. */
async function exportOnce(query: string, token: string, server: ChildProcess) {
  const rssBefore = rssMb(server.pid);
  let rssMax = rssBefore;
  const sampler = setInterval(() => {
    rssMax = Math.max(rssMax, rssMb(server.pid));
  }, 50);
  const started = performance.now();
  const res = await fetch(`http://127.0.0.1:${port}/ticketreport/reports/export?${query}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!res.ok || !res.body) throw new Error(`export: ${res.status} ${await res.text()}`);
  let bytes = 0;
  for await (const chunk of res.body) bytes += (chunk as Uint8Array).byteLength;
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  return {
    rows: Number(res.headers.get("x-total-count")),
    seconds: round(seconds),
    megabytes: round(bytes / 1024 / 1024),
    rssBeforeMb: round(rssBefore),
    rssMaxMb: round(rssMax),
    rssGrowthMb: round(rssMax - rssBefore),
  };
}

const setup = new pg.Client({ connectionString: dbUrl });
await setup.connect();
await ensureRatings(setup);
// The month before this one, and the day range holding about --export-rows tickets of the busy company.
const { rows: monthRows } = await setup.query<{ first: string; last: string }>(`
  SELECT to_char(date_trunc('month', now()) - interval '1 month', 'YYYY-MM-DD') AS first,
         to_char(date_trunc('month', now()) - interval '1 day', 'YYYY-MM-DD') AS last`);
const month = monthRows[0]!;
const { rows: fromRows } = await setup.query<{ day: string }>(
  `SELECT to_char(created_at AT TIME ZONE 'America/Sao_Paulo', 'YYYY-MM-DD') AS day FROM tickets
   WHERE company_id = $1 ORDER BY created_at DESC LIMIT 1 OFFSET $2`,
  [BUSY, Number(args["export-rows"]) - 1],
);
await setup.end();

const server = await startServer();
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
try {
  const login = await fetch(`http://127.0.0.1:${port}/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: ADMIN, password: PASSWORD }),
  });
  if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
  const { token, user } = (await login.json()) as { token: string; user: { id: number } };
  const attendant = user.id - 5;
  const range = `dateFrom=${month.first}&dateTo=${month.last}`;
  const repeat = (path: string) => Array.from({ length: requests }, () => path);
  const firstPage = await measure(repeat(`/ticketreport/reports?${range}`), token, server, admin);
  // Pages spread over the month (page 1 to 100 of 10 rows).
  const spreadPages = await measure(
    Array.from({ length: requests }, (_, i) => `/ticketreport/reports?${range}&page=${1 + ((i * 37) % 100)}`),
    token,
    server,
    admin,
  );
  const ratedOfUser = await measure(
    repeat(`/ticketreport/reports?${range}&onlyRated=true&users=[${attendant}]`),
    token,
    server,
    admin,
  );
  const rated = await measure(repeat(`/ticketreport/reports?${range}&onlyRated=true`), token, server, admin);
  const exportResult = await exportOnce(
    `dateFrom=${fromRows[0]?.day}&dateTo=${new Date().toISOString().slice(0, 10)}`,
    token,
    server,
  );
  console.log(
    JSON.stringify({
      month: `${month.first}..${month.last}`,
      loadAverage: readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" "),
      firstPage,
      spreadPages,
      onlyRatedAndUser: ratedOfUser,
      onlyRated: rated,
      export: exportResult,
    }),
  );
} finally {
  await admin.end();
  await stopServer(server);
}
