/**
 * The flow runtime alone (issue 13: "the runtime's cost per inbound message under 2 ms of server
 * CPU"). bench/flows.ts walks the whole path over meta-sim in its own server process, so its figure
 * also holds storing each inbound message, sending every answer and the status webhooks that come
 * back. This one runs the server in this process on real PostgreSQL and reads the CPU of each
 * phase apart:
 *
 *   npm run build && npx tsx bench/flow-runtime.ts [--contacts 1000] [--interval 2] [--runs 3]
 *
 * It imports the built server (apps/server/dist), not the sources: under tsx, modules compiled on
 * first use would count as the runtime's CPU. A warm-up walk of 50 other contacts runs first.
 *
 * The flow is bench/flows.ts's: start -> "Olá {{firstName}}!" -> menu [1 Esperar, 2 Falar];
 * 1 -> interval -> "Fim A"; 2 -> "Fim B". Phases, each timed with process.cpuUsage() (this process)
 * and /proc for the PostgreSQL backends of the database:
 *
 *   ingest   every contact's "Oi" stored through the ingest sink in batches of 64 (the webhook
 *            path's size), the automation's notification held back;
 *   greet    the runner is notified of all tickets: it starts the welcome flow of each, stores the
 *            greeting and the menu and leaves the ticket waiting at the menu;
 *   ingest2  every contact's answer ("1" odd, "2" even) stored, notification held back;
 *   answer   the runner applies each answer: "Fim B" stored, or the interval's timer job sent;
 *   timers   the interval timers fire as pg-boss jobs and the runner stores "Fim A".
 *
 * The runtime's phases are greet + answer + timers; their CPU over the inbound messages (2 per
 * contact) is `runtimeCpuMsPerInbound`. Sends are the outbound path's (measured by
 * bench/campaign.ts): here `dispatch` is replaced by a no-op, so the stored answers stay at ack 0,
 * and the check reads them from the database: every ticket holds exactly its expected answers,
 * in order.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { loadConfig } from "../apps/server/dist/config.js";
import { createServer } from "../apps/server/dist/server.js";
import { benchDatabase, recreateDatabase } from "./bench-server.js";
import { benchFlow, expectedTexts } from "./flow-fixture.js";
import { round } from "./measure.js";
import { backendCpu, backendCpuSpent } from "./proc-cpu.js";

const { values: args } = parseArgs({
  options: {
    contacts: { type: "string", default: "1000" },
    interval: { type: "string", default: "2" },
    runs: { type: "string", default: "1" },
  },
});
const contacts = Number(args.contacts);
const intervalSeconds = Number(args.interval);
const { adminUrl, dbName, dbUrl } = benchDatabase("inbox_bench_flow_runtime");
const BATCH = 64;

const graph = benchFlow(intervalSeconds);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Person = { number: string; name: string; option: string };
type Phase = { serverMs: number; postgresMs: number; seconds: number };
type Server = Awaited<ReturnType<typeof createServer>>;

const peopleOf = (count: number, first: number): Person[] =>
  Array.from({ length: count }, (_, i) => ({
    number: String(first + i),
    name: `Cliente${i}`,
    option: i % 2 === 0 ? "2" : "1",
  }));

async function run() {
  await recreateDatabase(adminUrl, dbName);
  const dataDir = mkdtempSync(join(tmpdir(), "inbox-flow-runtime-"));
  const config = loadConfig({
    ...process.env,
    NODE_ENV: "production",
    DATABASE_URL: dbUrl,
    DATA_DIR: dataDir,
    JWT_SECRET: "bench-secret-bench-secret-bench-secret-0001",
    JWT_REFRESH_SECRET: "bench-secret-bench-secret-bench-secret-0002",
    ADMIN_EMAIL: "admin@bench.test",
    ADMIN_PASSWORD: "bench-password",
    JOBS_ENABLED: "true",
    LOG_LEVEL: "warn",
  });
  const server = await createServer(config, { logger: false, restoreSessions: false });
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // The sends are the outbound path's, not the runtime's: stored answers stay at ack 0.
    server.outbound.dispatch = () => {};
    server.outbound.sweep = async () => 0;
    // Ingest's notifications are held, so each phase's CPU is its own.
    const notify = server.automation.notify.bind(server.automation);
    server.automation.notify = () => {};
    const load1 = loadavg()[0] ?? 0;
    await walk(server, admin, notify, peopleOf(50, 5511960000000));
    return {
      ...(await walk(server, admin, notify, peopleOf(contacts, 5511970000000))),
      loadAverageAtStart: round(load1),
    };
  } finally {
    await admin.end();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** One walk of `people` on a connection of their own (the seeded company's). */
async function walk(
  server: Server,
  admin: pg.Client,
  notify: Server["automation"]["notify"],
  people: Person[],
) {
  const pool = server.database.pool as pg.Pool;
  const companyId = 1;
  const { rows: flowRows } = await pool.query<{ id: number }>(
    "INSERT INTO flows (company_id, name, nodes, connections) VALUES ($1, 'Bench', $2, $3) RETURNING id",
    [companyId, JSON.stringify(graph.nodes), JSON.stringify(graph.connections)],
  );
  const { rows: connectionRows } = await pool.query<{ id: number }>(
    `INSERT INTO whatsapps (company_id, name, channel, status, flow_id_welcome)
     VALUES ($1, $2, 'whatsappapi', 'CONNECTED', $3) RETURNING id`,
    [companyId, `Bench ${people[0]?.number}`, flowRows[0]?.id],
  );
  const connectionId = connectionRows[0]?.id as number;

  const ingest = async (body: (p: Person) => string, tag: string) => {
    for (let i = 0; i < people.length; i += BATCH) {
      const batch = people.slice(i, i + BATCH).map((p) => [
        {
          connection: { companyId, id: connectionId },
          events: [
            {
              kind: "message" as const,
              message: {
                providerMessageId: `wamid.${tag}.${p.number}`,
                timestamp: new Date(),
                fromMe: false,
                contact: { id: p.number, name: p.name },
                body: body(p),
                mediaType: "chat" as const,
                isForwarded: false,
              },
            },
          ],
        },
      ]);
      const failures = await server.ingest.deliverMany(batch);
      if (failures.size > 0) throw [...failures.values()][0];
    }
  };
  const runAll = async () => {
    const { rows } = await pool.query<{ id: number }>(
      `SELECT t.id FROM tickets t JOIN ticket_automations a ON a.ticket_id = t.id
       WHERE t.company_id = $1 AND t.whatsapp_id = $2 AND a.due_at IS NOT NULL`,
      [companyId, connectionId],
    );
    notify(rows.map((r) => ({ companyId, ticketId: r.id, whatsappId: connectionId })));
    await server.automation.idle();
  };
  const answersStored = async () => {
    const { rows } = await pool.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM messages WHERE company_id = $1 AND whatsapp_id = $2 AND from_me",
      [companyId, connectionId],
    );
    return rows[0]?.n ?? 0;
  };

  const phases: Record<string, Phase> = {};
  const measure = async (name: string, work: () => Promise<void>) => {
    const pgBefore = await backendCpu(admin, dbName);
    const cpu = process.cpuUsage();
    const started = Date.now();
    await work();
    const used = process.cpuUsage(cpu);
    phases[name] = {
      serverMs: (used.user + used.system) / 1000,
      postgresMs: backendCpuSpent(pgBefore, await backendCpu(admin, dbName)),
      seconds: (Date.now() - started) / 1000,
    };
  };

  await measure("ingest", () => ingest(() => "Oi", "oi"));
  await measure("greet", runAll);
  await measure("ingest2", () => ingest((p) => p.option, "answer"));
  await measure("answer", runAll);
  const waiting = people.filter((p) => p.option === "1").length;
  await measure("timers", async () => {
    const deadline = Date.now() + (intervalSeconds + 120) * 1000;
    while ((await answersStored()) < people.length * 3 && Date.now() < deadline) await sleep(100);
    await server.automation.idle();
  });
  await sleep(2000); // a timer run twice would store its answer within this

  const { rows } = await pool.query<{ number: string; bodies: string[] }>(
    `SELECT c.number, array_agg(m.body ORDER BY m.id) AS bodies
       FROM messages m JOIN contacts c ON c.id = m.contact_id
      WHERE m.company_id = $1 AND m.whatsapp_id = $2 AND m.from_me GROUP BY c.number`,
    [companyId, connectionId],
  );
  const got = new Map(rows.map((r) => [r.number, r.bodies]));
  let inOrder = 0;
  let duplicates = 0;
  let missing = 0;
  for (const p of people) {
    const expected = expectedTexts(p.name, p.option);
    const bodies = got.get(p.number) ?? [];
    if (JSON.stringify(bodies) === JSON.stringify(expected)) inOrder += 1;
    duplicates += Math.max(bodies.length - expected.length, 0);
    missing += Math.max(expected.length - bodies.length, 0);
  }
  const inbound = people.length * 2;
  const runtime = ["greet", "answer", "timers"].map((name) => phases[name] as Phase);
  const sum = (key: "serverMs" | "postgresMs") => runtime.reduce((total, p) => total + p[key], 0);
  const perTicket = Object.fromEntries(
    Object.entries(phases).map(([name, p]) => {
      const tickets = name === "timers" ? waiting : people.length;
      return [
        name,
        {
          serverMsPerTicket: round(p.serverMs / tickets, 2),
          postgresMsPerTicket: round(p.postgresMs / tickets, 2),
          seconds: round(p.seconds, 1),
        },
      ];
    }),
  );
  return {
    contacts: people.length,
    contactsInOrder: inOrder,
    duplicates,
    missing,
    inboundMessages: inbound,
    runtimeCpuMsPerInbound: round(sum("serverMs") / inbound, 2),
    runtimePostgresMsPerInbound: round(sum("postgresMs") / inbound, 2),
    phases: perTicket,
  };
}

for (let i = 0; i < Number(args.runs); i++) console.log(JSON.stringify(await run()));
process.exit(0);
