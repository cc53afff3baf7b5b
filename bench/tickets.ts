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
import { parseArgs } from "node:util";
import { chromium } from "playwright-core";
import { BENCH_PASSWORD, startBenchServer, stopBenchServer } from "./bench-server.js";
import { percentile, round } from "./measure.js";
import { ATTENDANT, ensureTicketsData, MESSAGES_PER_TICKET, ticketsAt, ticketsData } from "./tickets-data.js";

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
const PASSWORD = BENCH_PASSWORD;
const TICKETS = ticketsAt(scale);
const data = ticketsData(scale);

const startServer = () => startBenchServer({ port, dbUrl: data.dbUrl });
const stopServer = stopBenchServer;

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

await ensureTicketsData(data, { fresh: args.fresh, port });
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
