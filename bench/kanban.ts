/**
 * Kanban board benchmark (issue 11): a company with 10,000 open and pending
 * tickets in 8 kanban lanes plus the default lane (some tickets with several
 * tags, a few with two lanes' tags from before moves replaced) and 90,000
 * closed tickets carrying lane tags, on real PostgreSQL, the built server as
 * its own process. Measures GET /ticket/kanban: the first page of every lane
 * in one request, and a lane's next page, for an admin (sees every ticket)
 * and an attendant (their own tickets and the waiting ones of two queues).
 *
 *   npm run build && npx tsx bench/kanban.ts [--requests 200] [--fresh] [--generate-only]
 *
 * The data is generated in SQL once into the database `inbox_bench_kanban` and kept between runs.
 * CPU per request: the server process and the PostgreSQL backends of the database, from /proc.
 */
import type { ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
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
    requests: { type: "string", default: "200" },
    port: { type: "string", default: "8095" },
    fresh: { type: "boolean", default: false },
    "generate-only": { type: "boolean", default: false },
  },
});
const requests = Number(args.requests);
const port = Number(args.port);
const { adminUrl, dbName, dbUrl } = benchDatabase("inbox_bench_kanban");
const PASSWORD = BENCH_PASSWORD;
const BOARD_ADMIN = "admin@kanban.bench";
const ATTENDANT = "attendant@kanban.bench";
const OPEN_TICKETS = 10_000;
const CLOSED_TICKETS = 90_000;
const LANES = 8;
/** Open and pending tickets are spread over the last week; the board asks for that week. */
const DAYS = 7;
/** Bumped when the generated data changes: older data is generated again. */
const DATA_VERSION = 1;

/** Two decimals: the board's per-request CPU figures are a few milliseconds. */
const round2 = (n: number) => round(n, 2);

const startServer = () => startBenchServer({ port, dbUrl });
const stopServer = stopBenchServer;

async function hasData(): Promise<boolean> {
  const db = new pg.Client({ connectionString: dbUrl });
  try {
    await db.connect();
  } catch {
    return false;
  }
  try {
    const { rows } = await db
      .query("SELECT 1 FROM bench_meta WHERE version = $1 AND complete", [DATA_VERSION])
      .catch(() => ({ rows: [] }));
    return rows.length > 0;
  } finally {
    await db.end();
  }
}

async function generate() {
  await recreateDatabase(adminUrl, dbName);
  await stopServer(await startServer()); // migrates and seeds

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
  const total = OPEN_TICKETS + CLOSED_TICKETS;
  try {
    console.error(`generating ${OPEN_TICKETS} open/pending and ${CLOSED_TICKETS} closed tickets…`);
    await db.query("SET session_replication_role = replica");
    await db.query("CREATE TABLE bench_meta (version int, complete boolean NOT NULL DEFAULT false)");
    await db.query("INSERT INTO bench_meta (version) VALUES ($1)", [DATA_VERSION]);
    await step(
      "company",
      `INSERT INTO companies (id, name, plan_id, due_date)
       VALUES (2, 'Kanban Bench', (SELECT min(id) FROM plans), current_date + 365)`,
    );
    await db.query("SELECT setval('companies_id_seq', 2)");
    await step(
      "settings",
      `INSERT INTO company_settings (company_id) VALUES (2) ON CONFLICT DO NOTHING`,
    ).catch(() => undefined);
    await step(
      "queues",
      `INSERT INTO queues (company_id, name, color)
       SELECT 2, 'Fila ' || q, '#3366' || lpad(q::text, 2, '0') FROM generate_series(1, 4) q`,
    );
    await step(
      "connection",
      `INSERT INTO whatsapps (company_id, name, channel, status) VALUES (2, 'Cloud', 'whatsappapi', 'CONNECTED')`,
    );
    await step(
      "users",
      `INSERT INTO users (company_id, name, email, password_hash, profile)
       SELECT 2, 'Atendente ' || u,
              CASE u WHEN 1 THEN $1 WHEN 2 THEN $2 ELSE 'user' || u || '@kanban.bench' END, $3,
              CASE WHEN u = 1 THEN 'admin' ELSE 'user' END
       FROM generate_series(1, 10) u ORDER BY u`,
      [BOARD_ADMIN, ATTENDANT, hash],
    );
    await step(
      "user queues (the attendant works in two of the four)",
      `INSERT INTO user_queues (company_id, user_id, queue_id)
       SELECT 2, u.id, q.id FROM users u
       JOIN LATERAL (SELECT id FROM queues WHERE company_id = 2 ORDER BY id LIMIT 2) q ON true
       WHERE u.company_id = 2 AND u.profile = 'user'`,
    );
    await step(
      "tags: 8 lanes, 4 plain",
      `INSERT INTO tags (company_id, name, color, kanban)
       SELECT 2, CASE WHEN k <= ${LANES} THEN 'Etapa ' || k ELSE 'Etiqueta ' || k END,
              '#' || lpad(to_hex(k * 1234567 % 16777215), 6, '0'), CASE WHEN k <= ${LANES} THEN 1 ELSE 0 END
       FROM generate_series(1, ${LANES + 4}) k ORDER BY k`,
    );
    await step(
      "contacts",
      `INSERT INTO contacts (company_id, name, number, channel, whatsapp_id)
       SELECT 2, 'Cliente ' || c, (5511900000000 + c)::text, 'whatsapp', (SELECT id FROM whatsapps WHERE company_id = 2)
       FROM generate_series(1, ${OPEN_TICKETS}) c`,
    );
    // Tickets 1..10,000: open (4 in 5) or pending, one per contact, updated over the last week;
    // 10,001.. closed, over the last year. Users and queues hashed from the ticket number.
    await step(
      "tickets",
      `INSERT INTO tickets (company_id, contact_id, whatsapp_id, status, user_id, queue_id, channel,
                            last_message, created_at, updated_at, closed_at)
       SELECT 2, (SELECT min(id) FROM contacts WHERE company_id = 2) + (g - 1) % ${OPEN_TICKETS},
              (SELECT id FROM whatsapps WHERE company_id = 2), t.status,
              CASE WHEN t.status <> 'pending' THEN (SELECT id FROM users WHERE company_id = 2 ORDER BY id
                   OFFSET abs(hashint4(g)) % 10 LIMIT 1) END,
              (SELECT id FROM queues WHERE company_id = 2 ORDER BY id OFFSET abs(hashint4(g + 1)) % 4 LIMIT 1),
              'whatsappapi', 'Olá, gostaria de saber do pedido número ' || g || ' e da entrega', t.at, t.at,
              CASE WHEN t.status = 'closed' THEN t.at END
       FROM (SELECT g,
                    CASE WHEN g > ${OPEN_TICKETS} THEN 'closed' WHEN g % 5 = 0 THEN 'pending' ELSE 'open' END AS status,
                    CASE WHEN g > ${OPEN_TICKETS}
                         THEN now() - make_interval(secs => (g::bigint * 7919 % 31536000)::int)
                         ELSE now() - make_interval(secs => (g::bigint * 7919 % ${DAYS * 86_400 - 3600})::int) END AS at
             FROM generate_series(1, ${total}) g) t
       ORDER BY g`,
    );
    // Every ticket in one of 9 lanes (none, or lane 1..8); a third also carry a plain tag; 1 in 20
    // open ones a second lane's tag (data from before moves replaced the lane).
    await step(
      "ticket tags",
      `WITH lanes AS (SELECT array_agg(id ORDER BY id) AS ids FROM tags WHERE company_id = 2 AND kanban = 1),
            plain AS (SELECT array_agg(id ORDER BY id) AS ids FROM tags WHERE company_id = 2 AND kanban = 0),
            numbered AS (SELECT id, row_number() OVER (ORDER BY id) AS g, status FROM tickets WHERE company_id = 2)
       INSERT INTO ticket_tags (company_id, ticket_id, tag_id)
       SELECT DISTINCT 2, n.id, x.tag_id FROM numbered n, lanes, plain,
       LATERAL (
         SELECT lanes.ids[n.g % 9] AS tag_id WHERE n.g % 9 <> 0
         UNION ALL SELECT plain.ids[1 + n.g % 4] WHERE n.g % 3 = 0
         UNION ALL SELECT lanes.ids[1 + (n.g * 7) % 8] WHERE n.g % 20 = 0 AND n.status <> 'closed'
       ) x`,
    );
    await step("analyze", "ANALYZE");
    await db.query("UPDATE bench_meta SET complete = true");
  } finally {
    await db.end();
  }
}

async function login(email: string): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

interface Lane {
  id: number;
  tickets: { id: number }[];
  hasMore: boolean;
  nextCursor: string | null;
}

async function api(path: string, token: string): Promise<{ ms: number; body: { lanes: Lane[] } }> {
  const started = performance.now();
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await res.json()) as { lanes: Lane[] };
  const ms = performance.now() - started;
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
  return { ms, body };
}

/** Asks `paths` in turn after 10 unmeasured ones; p50/p95/max in ms and CPU per request. */
async function measure(paths: string[], token: string, server: ChildProcess, admin: pg.Client) {
  for (const path of paths.slice(0, 10)) await api(path, token);
  const times: number[] = [];
  const serverBefore = cpuMs(server.pid);
  const backendsBefore = await backendCpu(admin, dbName);
  for (const path of paths) times.push((await api(path, token)).ms);
  const serverCpu = cpuMs(server.pid) - serverBefore;
  const backendsCpu = backendCpuSpent(backendsBefore, await backendCpu(admin, dbName));
  times.sort((a, b) => a - b);
  return {
    requests: times.length,
    p50Ms: round2(percentile(times, 50)),
    p95Ms: round2(percentile(times, 95)),
    maxMs: round2(times.at(-1) ?? Number.NaN),
    serverCpuMsPerRequest: round2(serverCpu / times.length),
    postgresCpuMsPerRequest: round2(backendsCpu / times.length),
  };
}

if (args.fresh || !(await hasData())) await generate();
if (args["generate-only"]) process.exit(0);
const server = await startServer();
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
try {
  const today = new Date().toISOString().slice(0, 10);
  const first = new Date(Date.now() - DAYS * 86_400_000).toISOString().slice(0, 10);
  const range = `startDate=${first}&endDate=${today}&utcOffset=0`;
  const results: Record<string, unknown> = {};
  for (const [who, email] of [
    ["admin", BOARD_ADMIN],
    ["attendant", ATTENDANT],
  ] as const) {
    const token = await login(email);
    const board = (await api(`/ticket/kanban?${range}`, token)).body;
    const shown = board.lanes.map((lane) => lane.tickets.length);
    const everyLane = await measure(
      Array.from({ length: requests }, () => `/ticket/kanban?${range}`),
      token,
      server,
      admin,
    );
    // Each lane's second page in turn.
    const nextPages = board.lanes.filter((lane) => lane.nextCursor);
    const lanePage = await measure(
      Array.from({ length: requests }, (_, i) => {
        const lane = nextPages[i % nextPages.length]!;
        return `/ticket/kanban?${range}&lane=${lane.id}&cursor=${encodeURIComponent(lane.nextCursor!)}`;
      }),
      token,
      server,
      admin,
    );
    results[who] = {
      lanes: board.lanes.length,
      cardsOnFirstPages: shown,
      everyLaneFirstPage: everyLane,
      laneNextPage: lanePage,
    };
  }
  console.log(
    JSON.stringify({
      openTickets: OPEN_TICKETS,
      closedTickets: CLOSED_TICKETS,
      lanes: LANES,
      loadAverage: readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" "),
      ...results,
    }),
  );
} finally {
  await admin.end();
  await stopServer(server);
}
