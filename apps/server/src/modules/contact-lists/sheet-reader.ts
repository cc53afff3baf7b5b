import { extname } from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { SheetWorkerMessage } from "./sheet-worker.js";
import type { SheetRow, SpreadsheetKind } from "./spreadsheet.js";

/**
 * The rows of an imported spreadsheet, read on a worker thread (sheet-worker.ts).
 *
 * Why a thread: exceljs' streaming reader makes a lot of short-lived garbage per cell, and V8
 * collects the old generation only when it has grown by a share of what is live. In the server's
 * heap (its caches, the app) that share is large: reading a 100,000-row .xlsx on the main thread
 * grew the server by 200 to 280 MB (bench/import.ts). A worker has its own small heap, collected
 * at its own small size, so the import's growth stays near what the rows need (issue 12's target:
 * under 200 MB). Its old generation is also capped, so a hostile file cannot take the server's
 * memory: the worker fails and the file is refused as unreadable.
 */
const WORKER_OLD_GENERATION_MB = 256;

/**
 * The compiled worker (dist/*.js). Under the tests (TypeScript sources) the worker first registers
 * tsx's loader, then loads the .ts one: Node 20 does not hand an `--import` loader to a worker.
 */
function workerOf(path: string, kind: SpreadsheetKind): Worker {
  const ext = extname(fileURLToPath(import.meta.url));
  const url = new URL(`./sheet-worker${ext}`, import.meta.url);
  const options = {
    workerData: { path, kind },
    resourceLimits: { maxOldGenerationSizeMb: WORKER_OLD_GENERATION_MB },
  };
  if (ext !== ".ts") return new Worker(url, options);
  const boot = `import("tsx/esm/api").then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}); })`;
  return new Worker(boot, { ...options, eval: true });
}

export async function* readRowsInWorker(path: string, kind: SpreadsheetKind): AsyncGenerator<SheetRow> {
  const worker = workerOf(path, kind);
  const inbox: SheetWorkerMessage[] = [];
  let waiting: (() => void) | undefined;
  let failure: Error | undefined;
  const wake = () => {
    waiting?.();
    waiting = undefined;
  };
  worker.on("message", (message: SheetWorkerMessage) => {
    inbox.push(message);
    wake();
  });
  worker.on("error", (err) => {
    failure = err;
    wake();
  });
  worker.on("exit", (code) => {
    failure ??= code === 0 ? undefined : new Error(`spreadsheet worker exited with code ${code}`);
    inbox.push({ done: true });
    wake();
  });
  try {
    while (true) {
      while (inbox.length === 0 && !failure) await new Promise<void>((resolve) => (waiting = resolve));
      if (failure) throw failure;
      const message = inbox.shift() as SheetWorkerMessage;
      if ("error" in message) throw new Error(message.error);
      if ("done" in message) return;
      for (const row of message.rows) yield row;
      worker.postMessage("next");
    }
  } finally {
    await worker.terminate();
  }
}
