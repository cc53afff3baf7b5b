import { parentPort, workerData } from "node:worker_threads";
import { readRows, type SheetRow, type SpreadsheetKind } from "./spreadsheet.js";

/**
 * The worker thread of sheet-reader.ts: reads the spreadsheet and posts its rows in batches, each
 * after the importer asked for the next one (so a slow database holds the reading back).
 */
export type SheetWorkerMessage = { rows: SheetRow[] } | { done: true } | { error: string };

const ROWS_PER_MESSAGE = 500;
const { path, kind } = workerData as { path: string; kind: SpreadsheetKind };
const port = parentPort;

function next(): Promise<void> {
  return new Promise((resolve) => port?.once("message", () => resolve()));
}

async function read(): Promise<void> {
  if (!port) return;
  let rows: SheetRow[] = [];
  try {
    for await (const row of readRows(path, kind)) {
      rows.push(row);
      if (rows.length >= ROWS_PER_MESSAGE) {
        const asked = next();
        port.postMessage({ rows } satisfies SheetWorkerMessage);
        rows = [];
        await asked;
      }
    }
    if (rows.length > 0) {
      const asked = next();
      port.postMessage({ rows } satisfies SheetWorkerMessage);
      await asked;
    }
    port.postMessage({ done: true } satisfies SheetWorkerMessage);
  } catch (err) {
    port.postMessage({
      error: err instanceof Error ? err.message : String(err),
    } satisfies SheetWorkerMessage);
  }
}

await read();
