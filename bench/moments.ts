/**
 * Attendance panel benchmark (issue 11): GET /usersMoments on real
 * PostgreSQL for a company with 30 users, 2,000 open tickets, 300 pending and
 * 20,000 closed ones (5 messages each), beside 9 other companies of the same
 * size; the built server as its own process, the company's admin asking.
 *
 *   npm run build && npx tsx bench/moments.ts [--requests 300] [--fresh]
 *
 * The data is generated in SQL once into the database `inbox_bench_moments`
 * and kept between runs; --fresh generates it again. Prints p50/p95/max and
 * the CPU per request of the server process and of the PostgreSQL backends
 * serving its pool (from /proc: PostgreSQL must run on this machine).
 */
import { loadavg } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import {
  BENCH_PASSWORD,
  benchDatabase,
  recreateDatabase,
  root,
  startBenchServer,
  stopBenchServer,
} from "./bench-server.js";
import { percentile, round } from "./measure.js";
import { backendCpu, backendCpuSpent, cpuMs } from "./proc-cpu.js";

const { values: args } = parseArgs({
  options: {
    requests: { type: "string", default: "300" },
    port: { type: "string", default: "8097" },
    fresh: { type: "boolean", default: false },
    /** Ask for the answer uncompressed (the server gzips large JSON answers for clients that accept it). */
    identity: { type: "boolean", default: false },
  },
});
const requests = Number(args.requests);
const port = Number(args.port);
const { adminUrl, dbName, dbUrl } = benchDatabase("inbox_bench_moments");
const PASSWORD = BENCH_PASSWORD;
const ADMIN = "admin@busy.bench";

const COMPANIES = 10;
const USERS = 30;
const OPEN = 2_000;
const PENDING = 300;
const CLOSED = 20_000;
const PER_COMPANY = OPEN + PENDING + CLOSED;
const MESSAGES_PER_TICKET = 5;
/** Bump when the generated data changes shape: an older database is generated again. */
const DATA_VERSION = 1;

const startServer = () => startBenchServer({ port, dbUrl });
const stopServer = stopBenchServer;

async function hasData(): Promise<boolean> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [dbName]);
    if (exists.rowCount === 0) return false;
  } finally {
    await admin.end();
  }
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    const { rows } = await db
      .query("SELECT 1 FROM bench_meta WHERE version = $1 AND complete", [DATA_VERSION])
      .catch(() => ({ rows: [] }));
    return rows.length > 0;
  } finally {
    await db.end();
  }
}

/** Recreates the database, lets the server migrate and seed it, then generates the data in SQL. */
async function generate() {
  await recreateDatabase(adminUrl, dbName);
  await stopServer(await startServer());

  const { hashPassword } = (await import(join(root, "apps/server/dist/auth/passwords.js"))) as {
    hashPassword(p: string): Promise<string>;
  };
  const hash = await hashPassword(PASSWORD);
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  const step = async (label: string, sql: string, params: unknown[] = []) => {
    const started = Date.now();
    const result = await db.query(sql, params);
    console.error(
      `  ${label}: ${result.rowCount ?? 0} rows in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  };
  const last = COMPANIES + 1;
  try {
    console.error(`generating ${COMPANIES} companies of ${PER_COMPANY} tickets…`);
    // Bulk load without per-row foreign-key triggers: the generator keeps the references right itself.
    await db.query("SET session_replication_role = replica");
    await db.query("CREATE TABLE bench_meta (version int, complete boolean NOT NULL DEFAULT false)");
    await db.query("INSERT INTO bench_meta (version) VALUES ($1)", [DATA_VERSION]);
    // Companies 2..11 (company 1 is the platform's); the measured one is company 2.
    await step(
      "companies",
      `INSERT INTO companies (id, name, plan_id, due_date)
       SELECT g, 'Bench ' || g, (SELECT min(id) FROM plans), current_date + 365
       FROM generate_series(2, ${last}) g`,
    );
    await db.query(`SELECT setval('companies_id_seq', ${last})`);
    await step(
      "queues",
      `INSERT INTO queues (company_id, name, color) SELECT c, 'Fila ' || q, '#3366' || lpad(q::text, 2, '0')
       FROM generate_series(2, ${last}) c, generate_series(1, 4) q ORDER BY c, q`,
    );
    await step(
      "connections",
      `INSERT INTO whatsapps (company_id, name, channel, status)
       SELECT c, 'Cloud ' || c || '-' || w, 'whatsappapi', 'CONNECTED'
       FROM generate_series(2, ${last}) c, generate_series(1, 2) w ORDER BY c, w`,
    );
    // User 1 of each company is its admin (company 2's signs in); the others attend.
    await step(
      "users",
      `INSERT INTO users (company_id, name, email, password_hash, profile)
       SELECT c, 'Atendente ' || lpad(u::text, 2, '0'),
              CASE WHEN c = 2 AND u = 1 THEN $1 ELSE 'user' || u || '@c' || c || '.bench' END, $2,
              CASE WHEN u = 1 THEN 'admin' ELSE 'user' END
       FROM generate_series(2, ${last}) c, generate_series(1, ${USERS}) u ORDER BY c, u`,
      [ADMIN, hash],
    );
    // One contact per ticket; contact k of company c is ((c - 2) * PER_COMPANY + k).
    await step(
      "contacts",
      `INSERT INTO contacts (id, company_id, name, number, channel)
       SELECT g, 2 + (g - 1) / ${PER_COMPANY}, 'Cliente ' || g, (5511900000000 + g)::text, 'whatsapp'
       FROM generate_series(1, ${COMPANIES * PER_COMPANY}) g`,
    );
    await db.query(`SELECT setval('contacts_id_seq', ${COMPANIES * PER_COMPANY + 1})`);
    // Per company: the first OPEN tickets open (spread over the users), the next PENDING pending
    // (no user), the rest closed; updated over the last 30 days, each in one queue and connection.
    await step(
      "tickets",
      `WITH t AS (
         SELECT g, 2 + (g - 1) / ${PER_COMPANY} AS company_id, (g - 1) % ${PER_COMPANY} AS k,
                now() - make_interval(secs => (g::bigint * 7919 % 2592000)::int) AS at
         FROM generate_series(1, ${COMPANIES * PER_COMPANY}) g
       ), u AS (
         SELECT company_id, array_agg(id ORDER BY id) AS ids FROM users WHERE company_id >= 2 GROUP BY company_id
       ), q AS (
         SELECT company_id, array_agg(id ORDER BY id) AS ids FROM queues WHERE company_id >= 2 GROUP BY company_id
       ), w AS (
         SELECT company_id, array_agg(id ORDER BY id) AS ids FROM whatsapps WHERE company_id >= 2 GROUP BY company_id
       )
       INSERT INTO tickets (id, company_id, contact_id, whatsapp_id, status, user_id, queue_id, channel,
                            last_message, unread_messages, created_at, updated_at, closed_at)
       SELECT t.g, t.company_id, t.g, w.ids[1 + t.g % 2],
              CASE WHEN t.k < ${OPEN} THEN 'open' WHEN t.k < ${OPEN + PENDING} THEN 'pending' ELSE 'closed' END,
              CASE WHEN t.k < ${OPEN} OR t.k >= ${OPEN + PENDING} THEN u.ids[1 + t.g % ${USERS}] END,
              q.ids[1 + (t.g / 7) % 4], 'whatsappapi', 'mensagem ' || t.g || ' do cliente sobre o pedido',
              CASE WHEN t.k < ${OPEN + PENDING} THEN t.g % 4 ELSE 0 END, t.at, t.at,
              CASE WHEN t.k >= ${OPEN + PENDING} THEN t.at END
       FROM t JOIN u USING (company_id) JOIN q USING (company_id) JOIN w USING (company_id)`,
    );
    await db.query(`SELECT setval('tickets_id_seq', ${COMPANIES * PER_COMPANY + 1})`);
    await step(
      "messages",
      `INSERT INTO messages (company_id, ticket_id, contact_id, whatsapp_id, provider_message_id, body,
                             from_me, ack, read, created_at, updated_at)
       SELECT t.company_id, t.id, t.contact_id, t.whatsapp_id, 'wamid.bench.' || t.id || '.' || k,
              'mensagem ' || k || ' do cliente ' || t.contact_id, k % 2 = 0, 3, true,
              t.updated_at - make_interval(mins => ${MESSAGES_PER_TICKET} - k),
              t.updated_at - make_interval(mins => ${MESSAGES_PER_TICKET} - k)
       FROM tickets t, generate_series(1, ${MESSAGES_PER_TICKET}) k
       WHERE t.company_id >= 2`,
    );
    await step("analyze", "ANALYZE");
    await db.query("UPDATE bench_meta SET complete = true");
  } finally {
    await db.end();
  }
}

async function api(path: string, token: string): Promise<{ ms: number; body: unknown }> {
  const started = performance.now();
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    headers: {
      authorization: `Bearer ${token}`,
      ...(args.identity ? { "accept-encoding": "identity" } : {}),
    },
  });
  const body = await res.json();
  const ms = performance.now() - started;
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
  return { ms, body };
}

/** The plans PostgreSQL picks for the endpoint's statements, for the README. */
async function explain(db: pg.Client, companyId: number) {
  const plans: Record<string, string[]> = {};
  const show = async (label: string, sql: string) => {
    const { rows } = await db.query<{ "QUERY PLAN": string }>(`EXPLAIN (ANALYZE, COSTS OFF) ${sql}`);
    plans[label] = rows.map((r) => r["QUERY PLAN"]);
  };
  await show(
    "a user's open tickets (one lateral walk)",
    `SELECT t.id FROM tickets t WHERE t.company_id = ${companyId} AND t.user_id = (SELECT min(id) + 1 FROM users WHERE company_id = ${companyId}) AND t.status = 'open' ORDER BY t.updated_at DESC, t.id DESC LIMIT 200`,
  );
  await show(
    "pending",
    `SELECT t.id FROM tickets t WHERE t.company_id = ${companyId} AND t.status = 'pending' ORDER BY t.updated_at DESC, t.id DESC LIMIT 200`,
  );
  await show(
    "users with open counts",
    `SELECT u.id, (SELECT count(*) FROM tickets t WHERE t.company_id = ${companyId} AND t.user_id = u.id AND t.status = 'open') FROM users u WHERE u.company_id = ${companyId}`,
  );
  return plans;
}

if (args.fresh || !(await hasData())) await generate();
const server = await startServer();
const monitor = new pg.Client({ connectionString: dbUrl });
await monitor.connect();
try {
  const login = await fetch(`http://127.0.0.1:${port}/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: ADMIN, password: PASSWORD }),
  });
  if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
  const { token } = (await login.json()) as { token: string };

  // Warm-up (JIT, caches, the pool's connections), not measured.
  let sample: { tickets: unknown[]; users: unknown[]; columns: { count: number }[] } | undefined;
  for (let i = 0; i < 30; i++) sample = (await api("/usersMoments", token)).body as typeof sample;

  const serverBefore = cpuMs(server.pid);
  const backendsBefore = await backendCpu(monitor, dbName);
  const load = loadavg();
  const times: number[] = [];
  for (let i = 0; i < requests; i++) times.push((await api("/usersMoments", token)).ms);
  const serverCpu = cpuMs(server.pid) - serverBefore;
  const backendsAfter = await backendCpu(monitor, dbName);
  const postgresCpu = backendCpuSpent(backendsBefore, backendsAfter);
  times.sort((a, b) => a - b);
  const plans = process.env.BENCH_EXPLAIN ? await explain(monitor, 2) : undefined;
  console.log(
    JSON.stringify({
      companies: COMPANIES,
      perCompany: {
        users: USERS,
        open: OPEN,
        pending: PENDING,
        closed: CLOSED,
        messagesPerTicket: MESSAGES_PER_TICKET,
      },
      answer: {
        cards: sample?.tickets.length,
        columns: sample?.columns.length,
        ticketsCounted: sample?.columns.reduce((n, c) => n + c.count, 0),
        bytes: JSON.stringify(sample).length,
      },
      requests,
      p50Ms: round(percentile(times, 50)),
      p95Ms: round(percentile(times, 95)),
      maxMs: round(times.at(-1) ?? Number.NaN),
      serverCpuMsPerRequest: round(serverCpu / requests),
      postgresCpuMsPerRequest: round(postgresCpu / requests),
      postgresBackends: backendsAfter.size,
      loadAverageAtStart: load.map((n) => Math.round(n * 100) / 100),
      ...(plans ? { plans } : {}),
    }),
  );
} finally {
  await monitor.end();
  await stopServer(server);
}
