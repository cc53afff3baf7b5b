/**
 * Tickets and messages read benchmark (issue 4): generated data on real
 * PostgreSQL (100 companies, 1,000,000 tickets, 10,000,000 messages at
 * --scale 1), the built server as its own process, an attendant of the
 * busiest company asking what the tickets screen asks.
 *
 *   npm run build && npx tsx bench/tickets.ts [--scale 1] [--requests 200] [--fresh] [--generate-only] [--no-browser]
 *
 * The data is generated once into the database `inbox_bench_tickets` and
 * kept between runs (it takes minutes); --fresh generates it again.
 */
import { join } from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { chromium } from "playwright-core";
import {
  BENCH_PASSWORD,
  benchDatabase,
  recreateDatabase,
  root,
  startBenchServer,
  stopBenchServer,
} from "./bench-server.js";
import { percentile, round } from "./measure.js";

const { values: args } = parseArgs({
  options: {
    scale: { type: "string", default: "1" },
    requests: { type: "string", default: "200" },
    port: { type: "string", default: "8096" },
    fresh: { type: "boolean", default: false },
    "no-browser": { type: "boolean", default: false },
    "generate-only": { type: "boolean", default: false },
  },
});
const scale = Number(args.scale);
const requests = Number(args.requests);
const port = Number(args.port);
const { adminUrl, dbName, dbUrl } = benchDatabase("inbox_bench_tickets");
const PASSWORD = BENCH_PASSWORD;
const ATTENDANT = "attendant@busy.bench";

const TICKETS = Math.round(1_000_000 * scale);
/** The busy company holds 30 % of the tickets; the 99 others share the rest. */
const BUSY_TICKETS = Math.round(TICKETS * 0.3);
const MESSAGES_PER_TICKET = 10;
/** Words the message bodies are made of (two per message); "boleto" is in about one message in 10. */
const WORDS = [
  "pedido",
  "boleto",
  "entrega",
  "troca",
  "garantia",
  "nota",
  "fiscal",
  "cancelamento",
  "prazo",
  "frete",
  "pagamento",
  "cartao",
  "pix",
  "endereco",
  "produto",
  "defeito",
  "reembolso",
  "cadastro",
  "senha",
  "horario",
];

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
      .query("SELECT scale FROM bench_meta WHERE scale = $1 AND complete", [scale])
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
  try {
    console.error(`generating ${TICKETS} tickets and ${TICKETS * MESSAGES_PER_TICKET} messages…`);
    // Bulk load without per-row foreign-key triggers: the generator keeps the references right itself.
    await db.query("SET session_replication_role = replica");
    await db.query("CREATE TABLE bench_meta (scale numeric, complete boolean NOT NULL DEFAULT false)");
    await db.query("INSERT INTO bench_meta (scale) VALUES ($1)", [scale]);
    // Companies 2..101 (company 1 is the platform's); the busy one is company 2.
    await step(
      "companies",
      `INSERT INTO companies (id, name, plan_id, due_date)
       SELECT g, 'Bench ' || g, (SELECT min(id) FROM plans), current_date + 365
       FROM generate_series(2, 101) g`,
    );
    await db.query("SELECT setval('companies_id_seq', 101)");
    await step(
      "queues",
      `INSERT INTO queues (company_id, name, color) SELECT c, 'Fila ' || q, '#3366' || lpad(q::text, 2, '0')
       FROM generate_series(2, 101) c, generate_series(1, 4) q ORDER BY c, q`,
    );
    await step(
      "connections",
      `INSERT INTO whatsapps (company_id, name, channel, status) SELECT c, 'Cloud ' || c, 'whatsappapi', 'CONNECTED'
       FROM generate_series(2, 101) c`,
    );
    await step(
      "users",
      `INSERT INTO users (company_id, name, email, password_hash, profile)
       SELECT c, 'Atendente ' || c || '-' || u,
              CASE WHEN c = 2 AND u = 1 THEN $1 ELSE 'user' || u || '@c' || c || '.bench' END, $2,
              CASE WHEN u = 10 THEN 'admin' ELSE 'user' END
       FROM generate_series(2, 101) c, generate_series(1, 10) u ORDER BY c, u`,
      [ATTENDANT, hash],
    );
    // Every attendant works in two of the company's four queues.
    await step(
      "user queues",
      `INSERT INTO user_queues (company_id, user_id, queue_id)
       SELECT u.company_id, u.id, q.id FROM users u
       JOIN LATERAL (SELECT id FROM queues WHERE company_id = u.company_id ORDER BY id
                     OFFSET (u.id % 2) * 2 LIMIT 2) q ON true
       WHERE u.company_id >= 2`,
    );
    // Contact c writes tickets 2c and 2c+1 (same company); only even tickets can be open or pending,
    // so a contact never has two non-closed tickets on its connection.
    const contactsCount = Math.ceil(TICKETS / 2) + 1;
    const busyContacts = Math.ceil(BUSY_TICKETS / 2);
    const companyOfContact = `CASE WHEN c <= ${busyContacts} THEN 2 ELSE 3 + ((c - ${busyContacts}) % 99) END`;
    await step(
      "contacts",
      `INSERT INTO contacts (id, company_id, name, number, channel, whatsapp_id)
       SELECT c, ${companyOfContact}, 'Cliente ' || c, (5511900000000 + c)::text, 'whatsapp',
              (SELECT id FROM whatsapps w WHERE w.company_id = ${companyOfContact})
       FROM generate_series(0, ${contactsCount - 1}) c`,
    );
    await db.query(`SELECT setval('contacts_id_seq', ${contactsCount})`);
    // Tickets: 5 % open, 5 % pending, 90 % closed; spread over a year; open and closed ones assigned to
    // one of the company's ten users, every ticket in one of its company's four queues (both hashed,
    // so the attendant holds about a tenth of the open tickets).
    await step(
      "tickets",
      `INSERT INTO tickets (id, company_id, contact_id, whatsapp_id, status, user_id, queue_id, channel,
                            last_message, unread_messages, created_at, updated_at, closed_at)
       SELECT t.g, ct.company_id, ct.id, ct.whatsapp_id, t.status,
              CASE WHEN t.status = 'open' OR t.status = 'closed'
                   THEN (SELECT id FROM users u WHERE u.company_id = ct.company_id ORDER BY id
                         OFFSET abs(hashint4(t.g)) % 10 LIMIT 1) END,
              (SELECT id FROM queues q WHERE q.company_id = ct.company_id ORDER BY id
               OFFSET abs(hashint4(t.g + 1)) % 4 LIMIT 1),
              'whatsappapi', 'mensagem ' || t.g, 0, t.at, t.at, CASE WHEN t.status = 'closed' THEN t.at END
       FROM (SELECT g,
                    CASE WHEN g % 20 = 0 THEN 'open' WHEN g % 20 = 10 THEN 'pending' ELSE 'closed' END AS status,
                    now() - make_interval(secs => (g::bigint * 7919 % 31536000)::int) AS at
             FROM generate_series(1, ${TICKETS}) g) t
       JOIN contacts ct ON ct.id = t.g / 2`,
    );
    await db.query(`SELECT setval('tickets_id_seq', ${TICKETS + 1})`);
    await step(
      "messages",
      `INSERT INTO messages (company_id, ticket_id, contact_id, whatsapp_id, provider_message_id, body,
                             from_me, ack, read, created_at, updated_at)
       SELECT t.company_id, t.id, t.contact_id, t.whatsapp_id, 'wamid.bench.' || t.id || '.' || k,
              'mensagem ' || k || ' sobre ' || ($1::text[])[1 + ((t.id * 7 + k * 13) % 20)] || ' e '
                || ($1::text[])[1 + ((t.id * 3 + k * 11) % 20)] || ' do cliente ' || t.contact_id,
              k % 2 = 0, 3, true,
              t.updated_at - make_interval(mins => ${MESSAGES_PER_TICKET} - k),
              t.updated_at - make_interval(mins => ${MESSAGES_PER_TICKET} - k)
       FROM tickets t, generate_series(1, ${MESSAGES_PER_TICKET}) k
       WHERE t.company_id >= 2`,
      [WORDS],
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
    headers: { authorization: `Bearer ${token}` },
  });
  const body = await res.json();
  const ms = performance.now() - started;
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
  return { ms, body };
}

/** Asks `paths` in turn (after 10 unmeasured warm-up requests); answers p50/p95/max in ms. */
async function measure(paths: string[], token: string) {
  for (const path of paths.slice(0, 10)) await api(path, token);
  const times: number[] = [];
  for (const path of paths) times.push((await api(path, token)).ms);
  times.sort((a, b) => a - b);
  return {
    requests: times.length,
    p50Ms: round(percentile(times, 50)),
    p95Ms: round(percentile(times, 95)),
    maxMs: round(times.at(-1) ?? Number.NaN),
  };
}

async function browserFirstPage(): Promise<{ runs: number[]; medianMs: number; maxMs: number }> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-background-networking"],
  });
  try {
    const page = await browser.newPage();
    const base = `http://127.0.0.1:${port}`;
    await page.goto(`${base}/login`);
    await page.getByLabel("Email").fill(ATTENDANT);
    await page.getByLabel("Senha", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Entrar" }).click();
    await page.waitForURL(/\/tickets/);
    const list = page.getByRole("list", { name: "Lista de atendimentos" });
    await list.getByRole("button").first().waitFor();
    const runs: number[] = [];
    for (let i = 0; i < 5; i++) {
      await page.goto("about:blank");
      const started = Date.now();
      await page.goto(`${base}/tickets`);
      await list.getByRole("button").first().waitFor({ timeout: 30_000 });
      runs.push(Date.now() - started);
    }
    const sorted = [...runs].sort((a, b) => a - b);
    return { runs, medianMs: percentile(sorted, 50), maxMs: sorted.at(-1) ?? Number.NaN };
  } finally {
    await browser.close();
  }
}

if (args.fresh || !(await hasData())) await generate();
if (args["generate-only"]) process.exit(0);
const server = await startServer();
try {
  const login = await fetch(`http://127.0.0.1:${port}/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: ATTENDANT, password: PASSWORD }),
  });
  if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
  const { token } = (await login.json()) as { token: string };

  const repeat = (path: string, n = requests) => Array.from({ length: n }, () => path);
  const open = await measure(repeat("/tickets?status=open&pageNumber=1"), token);
  const pending = await measure(repeat("/tickets?status=pending&pageNumber=1"), token);
  const search = await measure(
    repeat("/tickets?searchParam=boleto&searchOnMessages=true&pageNumber=1", Math.min(requests, 50)),
    token,
  );
  // The attendant's conversations: the first page of each visible ticket, in turn.
  const list = (await api("/tickets?status=open&pageNumber=1", token)).body as { tickets: { id: number }[] };
  const ids = list.tickets.map((t) => t.id);
  const messages = await measure(
    Array.from({ length: requests }, (_, i) => `/messages/${ids[i % ids.length]}?pageNumber=1`),
    token,
  );
  const browser = args["no-browser"] ? undefined : await browserFirstPage();
  console.log(
    JSON.stringify({
      scale,
      tickets: TICKETS,
      messages: TICKETS * MESSAGES_PER_TICKET,
      ticketsOpenFirstPage: open,
      ticketsPendingFirstPage: pending,
      searchInMessages: search,
      messagesFirstPage: messages,
      browserFirstPage: browser,
    }),
  );
} finally {
  await stopServer(server);
}
