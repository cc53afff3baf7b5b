/**
 * Campaign sender benchmark (issue 12): a campaign of 10,000 contacts with messageInterval 0 on a
 * WhatsApp Cloud API connection, sent through meta-sim by the built server (its own process, jobs
 * on) on real PostgreSQL. Target: at least 100 messages per second, every contact exactly once.
 *
 *   npm run build && npx tsx bench/campaign.ts [--contacts 10000] [--runs 1]
 *
 * Per run: recreates the database `inbox_bench_campaign`, starts the server on it (it migrates and
 * seeds), creates the connection through the API and registers it with meta-sim (one approved
 * template), sets the pacing to no pause at any hour, writes the contact list's items in SQL, and
 * creates the campaign through the API, scheduled two seconds ahead. Then it waits for FINALIZADA
 * and reads meta-sim's records. Fields: `messagesPerSecond` accepted sends from the first to the
 * last, at meta-sim; `startToFinishSeconds` scheduledAt to FINALIZADA; `distinctRecipients` and
 * `duplicates` from meta-sim's records; `serverCpuMsPerMessage` and `postgresCpuMsPerMessage` from
 * /proc over the sending.
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
import { round } from "./measure.js";
import { backendCpu, backendCpuSpent, cpuMs } from "./proc-cpu.js";

const { values: args } = parseArgs({
  options: {
    contacts: { type: "string", default: "10000" },
    runs: { type: "string", default: "1" },
    port: { type: "string", default: "8096" },
  },
});
const contacts = Number(args.contacts);
const port = Number(args.port);
const base = `http://127.0.0.1:${port}`;
const { adminUrl, dbName, dbUrl } = benchDatabase("inbox_bench_campaign");

const api = benchApi(base);

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
    const phoneNumberId = String(Date.now());
    const connection = await api<{ id: number }>("/whatsapp", token, {
      name: "Cloud bench",
      channel: "whatsappapi",
      phoneNumberId,
      accessToken: "bench-token",
      appSecret: "bench-secret",
    });
    sim.registerAccount({
      channel: "whatsappapi",
      accountId: phoneNumberId,
      accessToken: "bench-token",
      appSecret: "bench-secret",
      webhookUrl: `${base}/webhooks/unused`,
    });
    const body = "Olá {{1}}, temos uma oferta para você";
    sim.setTemplates(phoneNumberId, [
      { name: "oferta", language: "pt_BR", components: [{ type: "BODY", text: body }] },
    ]);
    await api("/campaign-settings", token, {
      settings: {
        messageInterval: 0,
        longerIntervalAfter: 0,
        greaterInterval: 0,
        startHour: "00:00",
        endHour: "23:59",
        sabado: true,
        domingo: true,
      },
    });
    const list = await api<{ id: number }>("/contact-lists", token, { name: "Bench" });
    await db.query(
      `INSERT INTO contact_list_items (company_id, contact_list_id, name, number, email)
       SELECT $1, $2, 'Cliente ' || g, (5511900000000 + g)::text, '' FROM generate_series(1, $3) g`,
      [companyId, list.id, contacts],
    );
    const scheduledAt = new Date(Date.now() + 2000);
    const campaign = await api<{ id: number }>("/campaigns", token, {
      name: "Bench",
      contactListId: list.id,
      whatsappId: connection.id,
      scheduledAt: scheduledAt.toISOString(),
      templates: [{ name: "oferta", language: "pt_BR", variables: ["{nome}"], body }],
    });
    const load1 = loadavg()[0] ?? 0;
    const cpuBefore = cpuMs(server.pid);
    const pgBefore = await backendCpu(admin, dbName);
    let status = "";
    const deadline = Date.now() + 30 * 60_000;
    while (status !== "FINALIZADA" && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 1000));
      const { rows } = await db.query("SELECT status FROM campaigns WHERE id = $1", [campaign.id]);
      status = rows[0]?.status ?? "";
    }
    const finishedAt = Date.now();
    const serverCpu = cpuMs(server.pid) - cpuBefore;
    const pgCpu = backendCpuSpent(pgBefore, await backendCpu(admin, dbName));
    const sent = sim.sent.filter((s) => s.accountId === phoneNumberId && s.httpStatus === 200);
    const recipients = new Set(sent.map((s) => s.recipient));
    const first = sent[0]?.at.getTime() ?? 0;
    const last = sent.at(-1)?.at.getTime() ?? 0;
    const { rows: report } = await db.query(
      "SELECT count(*)::int AS rows, count(delivered_at)::int AS delivered FROM campaign_shippings WHERE campaign_id = $1",
      [campaign.id],
    );
    return {
      contacts,
      status,
      sent: sent.length,
      distinctRecipients: recipients.size,
      duplicates: sent.length - recipients.size,
      shippingRows: report[0]?.rows,
      deliveredRows: report[0]?.delivered,
      messagesPerSecond: round(sent.length / Math.max((last - first) / 1000, 0.001)),
      startToFinishSeconds: round((finishedAt - scheduledAt.getTime()) / 1000),
      serverCpuMsPerMessage: round(serverCpu / Math.max(sent.length, 1)),
      postgresCpuMsPerMessage: round(pgCpu / Math.max(sent.length, 1)),
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
