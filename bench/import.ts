/**
 * Spreadsheet import benchmark (issue 12, Performance): "Importing a 100,000-row spreadsheet:
 * under 60 s, with the server's memory growing by less than 200 MB".
 *
 *   npm run build && npx tsx bench/import.ts [--rows 100000] [--runs 3] [--kind xlsx|xls]
 *
 * Writes the spreadsheet once (exceljs' streaming WorkbookWriter for .xlsx; SheetJS for .xls,
 * which holds at most 65,535 rows under its header) into /tmp, recreates the database
 * `inbox_bench_import`, and per run starts the built server as its own process on it (jobs off:
 * the import runs in the server's background as it does with jobs on, one job), signs in as the
 * seeded admin, creates a contact list, POSTs the file to /contact-lists/{id}/upload and polls
 * GET /contact-lists/{id}/imports/{importId} every 100 ms until it is done. Meanwhile the server's
 * VmRSS is read from /proc every 20 ms.
 *
 * Fields: `seconds` upload start to the import's end; `rssBeforeMb` the server's VmRSS just before
 * the upload (signed in, list created); `rssPeakMb` the highest VmRSS sampled during the import;
 * `rssGrowthMb` their difference (the target); `hwmGrowthMb` how much the kernel's own high-water
 * mark (VmHWM) rose during the import (it also counts peaks between samples; 0 when the import
 * stayed under the start-up peak); `serverCpuMs` the server's CPU during the import; `items` rows
 * in contact_list_items for the list (must equal `rows`); `load1` the 1-minute load average before
 * the run.
 */
import type { ChildProcess } from "node:child_process";
import { existsSync, openAsBlob, readFileSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import * as XLSX from "@e965/xlsx";
import ExcelJS from "exceljs";
import pg from "pg";
import {
  BENCH_PASSWORD,
  benchDatabase,
  recreateDatabase,
  startBenchServer,
  stopBenchServer,
} from "./bench-server.js";
import { round } from "./measure.js";
import { cpuMs } from "./proc-cpu.js";

const { values: args } = parseArgs({
  options: {
    rows: { type: "string", default: "100000" },
    runs: { type: "string", default: "3" },
    kind: { type: "string", default: "xlsx" },
    port: { type: "string", default: "8099" },
  },
});
const kind = args.kind === "xls" ? "xls" : "xlsx";
/** An .xls sheet has 65,536 rows: the header and 65,535 contacts at most. */
const rows = kind === "xls" ? Math.min(Number(args.rows), 65_535) : Number(args.rows);
const runs = Number(args.runs);
const port = Number(args.port);
const base = `http://127.0.0.1:${port}`;
const { adminUrl, dbName, dbUrl } = benchDatabase("inbox_bench_import");
const TARGET_SECONDS = 60;
const TARGET_GROWTH_MB = 200;

/** Distinct Brazilian mobile numbers (13 digits, already normalised), names and e-mails. */
const contact = (i: number) => ({
  name: `Contato ${i + 1}`,
  number: `55119${String(10_000_000 + i).padStart(8, "0")}`,
  email: `contato${i + 1}@bench.test`,
});

async function writeXlsx(path: string): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: false });
  const sheet = workbook.addWorksheet("Contatos");
  sheet.addRow(["name", "number", "email"]).commit();
  for (let i = 0; i < rows; i++) {
    const { name, number, email } = contact(i);
    sheet.addRow([name, number, email]).commit();
  }
  sheet.commit();
  await workbook.commit();
}

function writeXls(path: string): void {
  const data: string[][] = [["name", "number", "email"]];
  for (let i = 0; i < rows; i++) {
    const { name, number, email } = contact(i);
    data.push([name, number, email]);
  }
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(data), "Contatos");
  writeFileSync(path, XLSX.write(workbook, { type: "buffer", bookType: "biff8" }));
}

async function spreadsheet(): Promise<string> {
  const path = join(tmpdir(), `inbox-bench-import-${rows}.${kind}`);
  if (!existsSync(path)) {
    if (kind === "xlsx") await writeXlsx(path);
    else writeXls(path);
  }
  return path;
}

/** VmRSS and VmHWM of a process, in MB (Linux /proc). */
function memoryMb(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, "m"))?.[1]);
  return { rss: kb("VmRSS") / 1024, hwm: kb("VmHWM") / 1024 };
}

async function call<T>(path: string, init: RequestInit & { token?: string }): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set("authorization", `Bearer ${init.token}`);
  const res = await fetch(`${base}${path}`, { ...init, headers });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? "GET"} ${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

interface ImportState {
  id: number;
  status: string;
  processed: number;
  imported: number;
  refusedCount: number;
  error: string | null;
}

async function countItems(contactListId: number): Promise<number> {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    const { rows: counted } = await db.query<{ n: string }>(
      "SELECT count(*) AS n FROM contact_list_items WHERE contact_list_id = $1",
      [contactListId],
    );
    return Number(counted[0]?.n);
  } finally {
    await db.end();
  }
}

async function run(index: number, file: string, dataDir: string) {
  process.env.DATA_DIR = dataDir;
  const server: ChildProcess = await startBenchServer({ port, dbUrl });
  const pid = server.pid as number;
  try {
    const { token } = await call<{ token: string }>("/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "admin@bench.test", password: BENCH_PASSWORD }),
    });
    const list = await call<{ id: number }>("/contact-lists", {
      method: "POST",
      token,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: `Bench ${kind} ${index + 1}` }),
    });
    const form = new FormData();
    form.append("file", await openAsBlob(file), `contatos.${kind}`);
    const load1 = loadavg()[0] ?? Number.NaN;
    const before = memoryMb(pid);
    let peak = before.rss;
    const sampler = setInterval(() => {
      try {
        peak = Math.max(peak, memoryMb(pid).rss);
      } catch {}
    }, 20);
    const cpuBefore = cpuMs(pid);
    const started = performance.now();
    const accepted = await call<ImportState>(`/contact-lists/${list.id}/upload`, {
      method: "POST",
      token,
      body: form,
    });
    let state = accepted;
    while (state.status !== "done" && state.status !== "failed") {
      await new Promise((resolve) => setTimeout(resolve, 100));
      state = await call<ImportState>(`/contact-lists/${list.id}/imports/${accepted.id}`, { token });
    }
    const seconds = (performance.now() - started) / 1000;
    const serverCpuMs = cpuMs(pid) - cpuBefore;
    clearInterval(sampler);
    const after = memoryMb(pid);
    peak = Math.max(peak, after.rss);
    const items = await countItems(list.id);
    return {
      run: index + 1,
      kind,
      rows,
      fileMb: round(readFileSync(file).length / 1024 / 1024, 2),
      status: state.status,
      error: state.error,
      imported: state.imported,
      refused: state.refusedCount,
      items,
      seconds: round(seconds, 2),
      rssBeforeMb: round(before.rss),
      rssPeakMb: round(peak),
      rssGrowthMb: round(peak - before.rss),
      hwmGrowthMb: round(after.hwm - before.hwm),
      serverCpuMs: Math.round(serverCpuMs),
      load1: round(load1, 2),
    };
  } finally {
    await stopBenchServer(server);
  }
}

async function main() {
  const file = await spreadsheet();
  await recreateDatabase(adminUrl, dbName);
  const dataDir = await mkdtemp(join(tmpdir(), "inbox-bench-import-"));
  const results = [];
  try {
    for (let i = 0; i < runs; i++) {
      const result = await run(i, file, dataDir);
      console.log(JSON.stringify(result));
      results.push(result);
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  const median = (pick: (r: (typeof results)[number]) => number) => {
    const sorted = results.map(pick).sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
  };
  const seconds = median((r) => r.seconds);
  const growth = median((r) => r.rssGrowthMb);
  console.log(
    JSON.stringify({
      median: true,
      kind,
      rows,
      runs,
      seconds,
      rssGrowthMb: growth,
      hwmGrowthMb: median((r) => r.hwmGrowthMb),
      serverCpuMs: median((r) => r.serverCpuMs),
      allImported: results.every((r) => r.status === "done" && r.items === rows && r.imported === rows),
      met: seconds < TARGET_SECONDS && growth < TARGET_GROWTH_MB,
    }),
  );
}

await main();
