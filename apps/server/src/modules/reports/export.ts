import type { Writable } from "node:stream";
import {
  formatSupportTime,
  REPORT_EXPORT_COLUMNS,
  type ReportExportColumn,
  type ReportExportLabels,
  readableLastMessage,
  type TicketStatus,
} from "@inbox/shared";
import ExcelJS from "exceljs";
import { previewOf } from "../messages/preview.js";
import { supportSeconds } from "./presenter.js";
import type { ExportRowRecord } from "./repo.js";

/** Excel's date-time format for the opening and closing columns. */
const DATE_TIME_FORMAT = "dd/mm/yyyy hh:mm";

const WIDTHS: Record<ReportExportColumn, number> = {
  id: 10,
  whatsappName: 20,
  contactName: 28,
  contactNumber: 18,
  userName: 20,
  queueName: 18,
  status: 12,
  lastMessage: 48,
  createdAt: 17,
  closedAt: 17,
  supportTime: 14,
  NPS: 6,
};

/** Characters XML 1.0 cannot hold (a message may carry them): dropped, or the file would not open. */
const XML_INVALID =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding the characters XML cannot hold is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const cellText = (text: string | null) => (text === null ? null : text.replace(XML_INVALID, ""));

/** A wall-clock time of the company (YYYY-MM-DDTHH:MM:SS) as the Excel date showing it. */
const wallClock = (local: string | null) => (local === null ? null : new Date(`${local}Z`));

/** The spreadsheet's cells of one row, in REPORT_EXPORT_COLUMNS' order. */
export function exportCells(row: ExportRowRecord, labels: ReportExportLabels): unknown[] {
  const values: Record<ReportExportColumn, unknown> = {
    id: row.id,
    whatsappName: cellText(row.whatsappName),
    contactName: cellText(row.contactName),
    contactNumber: cellText(row.contactNumber),
    userName: cellText(row.userName),
    queueName: cellText(row.queueName),
    status: labels.statuses[row.status as TicketStatus] ?? row.status,
    lastMessage: cellText(previewOf(readableLastMessage(row.lastMessage))),
    createdAt: wallClock(row.createdLocal),
    closedAt: wallClock(row.closedLocal),
    supportTime: formatSupportTime(supportSeconds(row)),
    NPS: row.nps,
  };
  return REPORT_EXPORT_COLUMNS.map((column) => values[column]);
}

/** Resolves when `output` may take more (or is gone): the zip must not run ahead of a slow reader. */
function roomIn(output: Writable): Promise<void> {
  if (!output.writableNeedDrain || output.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      output.off("drain", done);
      output.off("close", done);
      resolve();
    };
    output.on("drain", done);
    output.on("close", done);
  });
}

export class ExportAborted extends Error {
  constructor() {
    super("the export's reader went away");
  }
}

/**
 * Writes the report's spreadsheet into `output` with exceljs's streaming
 * writer: each batch's rows are committed (written and released) before the
 * next batch is read, and a batch waits while `output` is full. No shared
 * strings (they would keep every text in memory). Resolves with the rows
 * written; rejects with ExportAborted when `output` was closed first.
 */
export async function writeReportWorkbook(options: {
  output: Writable;
  batches: AsyncIterable<ExportRowRecord[]>;
  labels: ReportExportLabels;
  onBatch?: (written: number) => void;
}): Promise<number> {
  const { output, labels } = options;
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(labels.sheet);
  sheet.columns = REPORT_EXPORT_COLUMNS.map((column) => ({
    header: labels.columns[column],
    key: column,
    width: WIDTHS[column],
    ...(column === "createdAt" || column === "closedAt" ? { style: { numFmt: DATE_TIME_FORMAT } } : {}),
  }));
  sheet.getRow(1).commit();
  let written = 0;
  for await (const rows of options.batches) {
    if (output.destroyed) throw new ExportAborted();
    for (const row of rows) sheet.addRow(exportCells(row, labels)).commit();
    written += rows.length;
    options.onBatch?.(written);
    await roomIn(output);
  }
  if (output.destroyed) throw new ExportAborted();
  sheet.commit();
  await workbook.commit();
  return written;
}
