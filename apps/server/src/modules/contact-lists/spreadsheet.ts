import { readFile } from "node:fs/promises";
import * as XLSX from "@e965/xlsx";
import ExcelJS from "exceljs";

/**
 * Reading an imported spreadsheet (POST /contact-lists/{id}/upload) one row at a time. The type
 * comes from the file's bytes, never from its name alone: .xlsx is a ZIP package read as a stream
 * by exceljs' WorkbookReader (memory stays flat however many rows), .xls is the old binary
 * (Compound File) format, read by SheetJS (`@e965/xlsx`, a republish of SheetJS 0.20.3: the npm
 * `xlsx` 0.18 has known advisories). An .xls holds at most 65,536 rows and the upload at most 20 MB,
 * so reading it whole is bounded.
 */
export type SpreadsheetKind = "xlsx" | "xls";

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const COMPOUND_FILE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** The spreadsheet kind the bytes and the name agree on; undefined when they do not. */
export function spreadsheetKind(head: Buffer, fileName: string): SpreadsheetKind | undefined {
  const name = fileName.toLowerCase();
  if (name.endsWith(".xlsx") && head.subarray(0, ZIP.length).equals(ZIP)) return "xlsx";
  if (name.endsWith(".xls") && head.subarray(0, COMPOUND_FILE.length).equals(COMPOUND_FILE)) return "xls";
  return undefined;
}

/** One row: its line number as the spreadsheet shows it, and its cells as text (column A first). */
export interface SheetRow {
  line: number;
  cells: string[];
}

/** The rows of the first worksheet, in order; blank rows are skipped. */
export function readRows(path: string, kind: SpreadsheetKind): AsyncGenerator<SheetRow> {
  return kind === "xlsx" ? readXlsx(path) : readXls(path);
}

async function* readXlsx(path: string): AsyncGenerator<SheetRow> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(path, {
    sharedStrings: "cache",
    hyperlinks: "ignore",
    styles: "ignore",
    worksheets: "emit",
    entries: "ignore",
  });
  for await (const worksheet of workbook) {
    for await (const row of worksheet) {
      // row.values is 1-based: index 0 is empty.
      const values = Array.isArray(row.values) ? row.values.slice(1) : [];
      const cells = Array.from(values, cellText);
      if (cells.some((cell) => cell !== "")) yield { line: row.number, cells };
    }
    // Only the first worksheet is read; the others (notes, instructions) are not contacts.
    return;
  }
}

async function* readXls(path: string): AsyncGenerator<SheetRow> {
  const workbook = XLSX.read(await readFile(path), {
    type: "buffer",
    dense: true,
    cellDates: false,
    cellHTML: false,
  });
  const first = workbook.SheetNames[0];
  const sheet = first === undefined ? undefined : workbook.Sheets[first];
  if (!sheet?.["!ref"]) return;
  const start = XLSX.utils.decode_range(sheet["!ref"]).s.r;
  const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, {
    header: 1,
    raw: true,
    blankrows: true,
    defval: "",
  });
  for (const [index, values] of rows.entries()) {
    const cells = Array.from(values, cellText);
    if (cells.some((cell) => cell !== "")) yield { line: start + index + 1, cells };
  }
}

/** A cell as text: numbers without exponent (phone numbers are often stored as numbers), rich text joined. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value.trim();
  if (typeof value === "number") return Number.isInteger(value) ? BigInt(value).toString() : String(value);
  if (typeof value === "boolean") return String(value);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "object") {
    const cell = value as { text?: unknown; richText?: { text: string }[]; result?: unknown };
    if (Array.isArray(cell.richText))
      return cell.richText
        .map((part) => part.text)
        .join("")
        .trim();
    if (cell.text !== undefined) return cellText(cell.text);
    if (cell.result !== undefined) return cellText(cell.result);
  }
  return "";
}
