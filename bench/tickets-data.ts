/**
 * The data of the ticket read benchmarks (`tickets.ts`, issue 4, and `reads.ts`, issue 14), generated
 * once in SQL into the database `inbox_bench_tickets` and kept between runs: 100 companies (the busy
 * one, company 2, holds 30 % of the tickets), 1,000,000 tickets and 10,000,000 messages at scale 1.
 */
import { join } from "node:path";
import pg from "pg";
import {
  BENCH_PASSWORD,
  benchDatabase,
  recreateDatabase,
  root,
  startBenchServer,
  stopBenchServer,
} from "./bench-server.js";

/** An attendant of the busy company: profile user, 2 of its 4 queues, no show-all. */
export const ATTENDANT = "attendant@busy.bench";
/** The busy company's admin (the generator's tenth user of each company is an admin). */
export const BUSY_ADMIN = "user10@c2.bench";

/** Tickets at `scale`; the busy company holds 30 % of them, the 99 others share the rest. */
export const ticketsAt = (scale: number) => Math.round(1_000_000 * scale);

export interface TicketsData {
  scale: number;
  adminUrl: string;
  dbName: string;
  dbUrl: string;
}

export function ticketsData(scale: number): TicketsData {
  return { scale, ...benchDatabase("inbox_bench_tickets") };
}

/** Generates the data unless it is there at this scale (or `fresh`); `port` is for the migrating server. */
export async function ensureTicketsData(
  data: TicketsData,
  options: { fresh: boolean; port: number },
): Promise<void> {
  if (options.fresh || !(await hasData(data))) await generate(data, options.port);
}

export const MESSAGES_PER_TICKET = 10;
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

async function hasData(data: TicketsData): Promise<boolean> {
  const { adminUrl, dbName, dbUrl, scale } = data;
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
async function generate(data: TicketsData, port: number): Promise<void> {
  const { adminUrl, dbName, dbUrl, scale } = data;
  const TICKETS = ticketsAt(scale);
  const BUSY_TICKETS = Math.round(TICKETS * 0.3);
  await recreateDatabase(adminUrl, dbName);
  await stopBenchServer(await startBenchServer({ port, dbUrl }));

  const { hashPassword } = (await import(join(root, "apps/server/dist/auth/passwords.js"))) as {
    hashPassword(p: string): Promise<string>;
  };
  const hash = await hashPassword(BENCH_PASSWORD);
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
    // VACUUM sets the visibility map: without it the tabs' counts, index-only by design, read the heap
    // (a fresh load measured 19 ms of PostgreSQL per ticket list instead of about 5).
    await step("vacuum and analyze", "VACUUM ANALYZE");
    await db.query("UPDATE bench_meta SET complete = true");
  } finally {
    await db.end();
  }
}
