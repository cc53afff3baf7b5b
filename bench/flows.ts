/**
 * Flow runtime benchmark (issue 13): 1,000 contacts walk a flow with a menu and an interval at
 * once, over meta-sim, on the built server (its own process, jobs on) and real PostgreSQL.
 * Targets: every contact gets each message exactly once and in order; the runtime's cost per
 * inbound message under 2 ms of server CPU.
 *
 *   npm run build && npx tsx bench/flows.ts [--contacts 1000] [--interval 5] [--runs 1]
 *
 * Per run: recreates the database `inbox_bench_flows`, starts the server on it, creates a Cloud API
 * connection through the API and registers it with meta-sim, writes the flow in SQL and makes it
 * the connection's welcome flow:
 *
 *   start -> "Olá {{firstName}}!" -> menu "Escolha" [1 Esperar, 2 Falar] --1--> interval -> "Fim A"
 *                                                                        --2--> "Fim B"
 *
 * Then every contact writes "Oi" (all at once, 64 in flight), and once each has the greeting and
 * the menu, answers "1" (odd contacts) or "2" (even ones). It waits until each has its last
 * message, and reads meta-sim's records. Fields: `contactsInOrder` contacts whose texts are exactly
 * the expected sequence; `duplicates`, `missing` texts beyond or short of it; `inboundMessages`
 * (2 per contact); `serverCpuMsPerInbound` and `postgresCpuMsPerInbound` over the whole walk (from
 * the first "Oi" to the last "Fim"), which includes storing each inbound message and sending each
 * answer, so the runtime's own share is below it; `walkSeconds`.
 */
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { startMetaSim } from "@inbox/meta-sim";
import pg from "pg";
import {
  BENCH_PASSWORD,
  benchApi,
  benchDatabase,
  recreateDatabase,
  startBenchServer,
  stopBenchServer,
} from "./bench-server.js";
import { benchFlow, expectedTexts } from "./flow-fixture.js";
import { round } from "./measure.js";
import { backendCpu, backendCpuSpent, cpuMs } from "./proc-cpu.js";

const { values: args } = parseArgs({
  options: {
    contacts: { type: "string", default: "1000" },
    interval: { type: "string", default: "5" },
    runs: { type: "string", default: "1" },
    port: { type: "string", default: "8097" },
  },
});
const contacts = Number(args.contacts);
const intervalSeconds = Number(args.interval);
const port = Number(args.port);
const base = `http://127.0.0.1:${port}`;
const { adminUrl, dbName, dbUrl } = benchDatabase("inbox_bench_flows");
const IN_FLIGHT = 64;

const api = benchApi(base);

const graph = benchFlow(intervalSeconds);

/** Runs `task` for each item, `limit` at a time. */
async function pool<T>(items: T[], limit: number, task: (item: T) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await task(items[next++] as T);
    }),
  );
}

async function run() {
  const sim = await startMetaSim({ port: 0 });
  await recreateDatabase(adminUrl, dbName);
  const server = await startBenchServer({
    port,
    dbUrl,
    env: { JOBS_ENABLED: "true", META_GRAPH_URL: sim.url },
  });
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    const { token, user } = await api<{ token: string; user: { companyId: number } }>("/auth/login", null, {
      email: "admin@bench.test",
      password: BENCH_PASSWORD,
    });
    const companyId = user.companyId;
    const accountId = String(Date.now());
    const connection = await api<{ id: number }>("/whatsapp", token, {
      name: "Cloud flows",
      channel: "whatsappapi",
      phoneNumberId: accountId,
      accessToken: "bench-token",
      appSecret: "bench-secret",
    });
    const { rows: keys } = await db.query("SELECT webhook_key FROM whatsapps WHERE id = $1", [connection.id]);
    sim.registerAccount({
      channel: "whatsappapi",
      accountId,
      accessToken: "bench-token",
      appSecret: "bench-secret",
      webhookUrl: `${base}/webhooks/meta/${keys[0].webhook_key}`,
    });
    const { rows: flows } = await db.query(
      "INSERT INTO flows (company_id, name, nodes, connections) VALUES ($1, 'Bench', $2, $3) RETURNING id",
      [companyId, JSON.stringify(graph.nodes), JSON.stringify(graph.connections)],
    );
    await db.query("UPDATE whatsapps SET flow_id_welcome = $1 WHERE id = $2", [flows[0].id, connection.id]);

    const people = Array.from({ length: contacts }, (_, i) => ({
      number: String(5511970000000 + i),
      name: `Cliente${i}`,
      option: i % 2 === 0 ? "2" : "1",
    }));
    const textsTo = () => {
      const byRecipient = new Map<string, string[]>();
      for (const sent of sim.sent) {
        if (sent.accountId !== accountId || sent.httpStatus !== 200) continue;
        const body = String((sent.body.text as { body?: string } | undefined)?.body ?? "");
        const to = sent.recipient ?? "";
        byRecipient.set(to, [...(byRecipient.get(to) ?? []), body]);
      }
      return byRecipient;
    };
    const until = async (done: (texts: Map<string, string[]>) => boolean, minutes: number) => {
      const deadline = Date.now() + minutes * 60_000;
      while (!done(textsTo()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    };

    const load1 = loadavg()[0] ?? 0;
    const startedAt = Date.now();
    const cpuBefore = cpuMs(server.pid);
    const pgBefore = await backendCpu(admin, dbName);
    await pool(people, IN_FLIGHT, (p) =>
      sim.cloud.text(accountId, { from: p.number, body: "Oi", name: p.name }),
    );
    await until((texts) => people.every((p) => (texts.get(p.number)?.length ?? 0) >= 2), 10);
    await pool(people, IN_FLIGHT, (p) =>
      sim.cloud.text(accountId, { from: p.number, body: p.option, name: p.name }),
    );
    await until((texts) => people.every((p) => (texts.get(p.number)?.length ?? 0) >= 3), 10);
    const walkSeconds = (Date.now() - startedAt) / 1000;
    // Anything sent twice would arrive within a few seconds of the rest.
    await new Promise((r) => setTimeout(r, 3000));
    const serverCpu = cpuMs(server.pid) - cpuBefore;
    const pgCpu = backendCpuSpent(pgBefore, await backendCpu(admin, dbName));

    const texts = textsTo();
    let inOrder = 0;
    let duplicates = 0;
    let missing = 0;
    for (const p of people) {
      const expected = expectedTexts(p.name, p.option);
      const got = texts.get(p.number) ?? [];
      if (JSON.stringify(got) === JSON.stringify(expected)) inOrder += 1;
      duplicates += Math.max(got.length - expected.length, 0);
      missing += Math.max(expected.length - got.length, 0);
    }
    const inbound = contacts * 2;
    return {
      contacts,
      intervalSeconds,
      contactsInOrder: inOrder,
      duplicates,
      missing,
      inboundMessages: inbound,
      walkSeconds: round(walkSeconds),
      serverCpuMsPerInbound: round(serverCpu / inbound, 2),
      postgresCpuMsPerInbound: round(pgCpu / inbound, 2),
      loadAverageAtStart: round(load1),
    };
  } finally {
    await db.end();
    await admin.end();
    await stopBenchServer(server);
    await sim.close();
  }
}

for (let i = 0; i < Number(args.runs); i++) console.log(JSON.stringify(await run()));
