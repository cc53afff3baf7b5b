import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, open, rename, rm } from "node:fs/promises";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  type ContactListImportDto,
  type ContactListRefusal,
  contactListRowSchema,
  toE164Digits,
} from "@inbox/shared";
import { z } from "zod";
import type { Db } from "../../db/client.js";
import { AppError } from "../../http/app-error.js";
import type { RequestContext } from "../../http/context.js";
import type { JobDefinition, Jobs } from "../../jobs/jobs.js";
import type { PhoneCountries } from "../settings/phone-country.js";
import type { ContactListEvents } from "./events.js";
import { presentImport } from "./presenter.js";
import { ContactListsRepo, type NewContactListItem, type RefusedRowRecord } from "./repo.js";
import { readRowsInWorker } from "./sheet-reader.js";
import { type SheetRow, type SpreadsheetKind, spreadsheetKind } from "./spreadsheet.js";

export const IMPORT_CONTACT_LIST = "contactLists.import";
/** A run that failed midway (the database went away) is retried and resumes after the last batch. */
const IMPORT_RETRIES = { retryLimit: 3, retryDelay: 5, retryBackoff: true } as const;
/** Rows per transaction and per progress event. */
const BATCH = 1000;

/**
 * Whether WhatsApp knows each number (Baileys `onWhatsApp` through a connected session of the
 * company): a map from our normalised number to the answer, or null when no connection could ask.
 */
export type NumberChecker = (companyId: number, numbers: string[]) => Promise<Map<string, boolean> | null>;

export interface ContactListImportJob {
  companyId: number;
  importId: number;
}

export interface SpreadsheetUpload {
  fileName: string;
  stream: Readable & { truncated?: boolean };
}

interface Logger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** Why a whole file was not imported (the import's `error`); the web app translates each. */
export type ImportFailure = "UNREADABLE_FILE" | "NO_HEADER" | "INTERNAL";

/** Header spellings of each column (pt, en, es, tr), compared without case or accents. */
const HEADERS: Record<"name" | "number" | "email", readonly string[]> = {
  name: ["name", "nome", "nombre", "isim", "ad", "ad soyad", "contato", "contact"],
  number: [
    "number",
    "numero",
    "phone",
    "telefone",
    "telefono",
    "whatsapp",
    "celular",
    "telefon",
    "numara",
    "mobile",
  ],
  email: ["email", "e-mail", "correo", "eposta", "e-posta", "mail"],
};

const headerKey = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .trim()
    .toLowerCase();

/** Where each column is, read from the first row; undefined when it names neither name nor number. */
export function columnsOf(header: SheetRow): { name: number; number: number; email: number } | undefined {
  const keys = header.cells.map(headerKey);
  const find = (field: keyof typeof HEADERS) => keys.findIndex((key) => HEADERS[field].includes(key));
  const columns = { name: find("name"), number: find("number"), email: find("email") };
  return columns.name < 0 || columns.number < 0 ? undefined : columns;
}

/** The reason a row's fields are refused, from the item schema's messages (one reason: the first field). */
function refusalOf(error: z.ZodError): ContactListRefusal {
  const issue = error.issues[0];
  const field = issue?.path[0];
  const message = issue?.message;
  if (field === "email") return "EMAIL_INVALID";
  const prefix = field === "number" ? "NUMBER" : "NAME";
  if (message === "Too Short!") return `${prefix}_TOO_SHORT`;
  if (message === "Too Long!") return `${prefix}_TOO_LONG`;
  return `${prefix}_REQUIRED`;
}

const jobPayload = z.object({
  companyId: z.number().int().positive(),
  importId: z.number().int().positive(),
});

/**
 * Spreadsheet import into a contact list (spec 3 sections 2, 5, 7). The upload is streamed to a
 * private folder (never served), an import row is made and a pg-boss job reads the file row by
 * row: each row is checked with the item schema, its number normalised as ingest does (one person,
 * one number), refused when it repeats a row above it or a number the list holds, and checked on
 * WhatsApp when a connected session of the company can ask. Rows are added in batches of 1,000,
 * each batch in one transaction with the import's counters, so a retried job resumes where the last
 * batch ended and never adds a row twice.
 *
 * The rule (docs/CONTACT-LISTS.md "Import: the rule"): valid rows are kept and every refused row is reported
 * with its line and reason; a file that cannot be read at all (or has no name/number header)
 * imports nothing and the import says why. Progress goes to company-{id}-contactListImport.
 */
export class ContactListImporter {
  private jobs?: Jobs;
  private readonly repo: ContactListsRepo;
  private readonly events: ContactListEvents;

  constructor(
    private readonly deps: {
      db: Db;
      events: ContactListEvents;
      /** The private folder uploads wait in until their job reads them. */
      dir: string;
      checkNumbers?: NumberChecker;
      /** The company's phoneDefaultCountry: each row's number is stored as E.164 digits read in it. */
      phones: Pick<PhoneCountries, "country">;
      logger: Logger;
    },
  ) {
    this.repo = new ContactListsRepo(deps.db);
    this.events = deps.events;
  }

  attach(jobs: Jobs): void {
    this.jobs = jobs;
  }

  /** Saves the upload (type from its bytes, size limited while streaming) and queues its import. */
  async start(
    ctx: RequestContext,
    contactListId: number,
    upload: SpreadsheetUpload,
  ): Promise<ContactListImportDto> {
    await mkdir(this.deps.dir, { recursive: true });
    const fileName = `${ctx.companyId}-${randomUUID()}`;
    let path = join(this.deps.dir, fileName);
    try {
      await pipeline(upload.stream, createWriteStream(path));
      if (upload.stream.truncated) throw new AppError("ERR_FILE_TOO_LARGE", { field: "file" });
      const kind = spreadsheetKind(await head(path), upload.fileName);
      if (!kind)
        throw new AppError("ERR_FILE_TYPE_NOT_ALLOWED", {
          field: "file",
          message: "Only .xls and .xlsx files",
        });
      await rename(path, join(this.deps.dir, `${fileName}.${kind}`));
      path = join(this.deps.dir, `${fileName}.${kind}`);
      const row = await this.repo.createImport(ctx.companyId, {
        contactListId,
        userId: ctx.user.id,
        fileName: upload.fileName.slice(0, 255),
        filePath: `${fileName}.${kind}`,
      });
      const job: ContactListImportJob = { companyId: ctx.companyId, importId: row.id };
      if (this.jobs) await this.jobs.send(IMPORT_CONTACT_LIST, job, IMPORT_RETRIES);
      // With jobs off (development, tests) it runs in the background, once.
      else void this.run(job).catch(() => {});
      return presentImport(row);
    } catch (err) {
      await rm(path, { force: true });
      throw err;
    }
  }

  async run(job: ContactListImportJob): Promise<void> {
    const { companyId, importId } = job;
    const current = await this.repo.importOf(companyId, importId);
    if (
      !current ||
      current.status === "done" ||
      (current.status === "failed" && current.error !== "INTERNAL")
    )
      return;
    const kind: SpreadsheetKind = current.filePath?.endsWith(".xls") ? "xls" : "xlsx";
    await this.repo.setImportState(companyId, importId, { status: "running", error: null });
    try {
      const failure = await this.readAll(
        companyId,
        importId,
        current.contactListId,
        kind,
        current.filePath,
        current.processed,
      );
      await this.finish(companyId, importId, failure);
    } catch (err) {
      this.deps.logger.error({ err, companyId, importId }, "contact list import failed");
      await this.finish(companyId, importId, "INTERNAL").catch(() => {});
      throw err;
    }
  }

  /** Reads every row; answers why the file failed as a whole, or undefined. */
  private async readAll(
    companyId: number,
    importId: number,
    contactListId: number,
    kind: SpreadsheetKind,
    filePath: string | null,
    alreadyProcessed: number,
  ): Promise<ImportFailure | undefined> {
    if (!filePath) return "UNREADABLE_FILE";
    const country = await this.deps.phones.country(companyId);
    const seen = new Set<string>();
    let columns: ReturnType<typeof columnsOf>;
    let processed = 0;
    let batch: { line: number; row: NewContactListItem }[] = [];
    let refused: RefusedRowRecord[] = [];
    const flush = async () => {
      await this.addBatch(companyId, importId, contactListId, processed, batch, refused);
      batch = [];
      refused = [];
    };
    try {
      for await (const sheetRow of readRowsInWorker(join(this.deps.dir, filePath), kind)) {
        if (!columns) {
          columns = columnsOf(sheetRow);
          if (!columns) return "NO_HEADER";
          continue;
        }
        processed += 1;
        const cell = (index: number) => (index < 0 ? "" : (sheetRow.cells[index] ?? ""));
        const parsed = contactListRowSchema.safeParse({
          name: cell(columns.name),
          number: cell(columns.number),
          email: cell(columns.email),
        });
        const resumed = processed <= alreadyProcessed;
        if (!parsed.success) {
          if (!resumed)
            refused.push({
              line: sheetRow.line,
              reason: refusalOf(parsed.error),
              number: cell(columns.number),
            });
        } else {
          const e164 = toE164Digits(parsed.data.number, country);
          const number = e164.ok ? e164.digits : "";
          if (!e164.ok) {
            if (!resumed)
              refused.push({ line: sheetRow.line, reason: "NUMBER_INVALID", number: cell(columns.number) });
          } else if (seen.has(number)) {
            if (!resumed) refused.push({ line: sheetRow.line, reason: "DUPLICATE_IN_FILE", number });
          } else {
            seen.add(number);
            if (!resumed)
              batch.push({
                line: sheetRow.line,
                row: { name: parsed.data.name, number, email: parsed.data.email, isWhatsappValid: null },
              });
          }
        }
        if (!resumed && batch.length + refused.length >= BATCH) await flush();
      }
    } catch (err) {
      if (err instanceof AppError) throw err;
      // exceljs and SheetJS throw on a damaged or foreign file: the file is refused, not the server.
      this.deps.logger.warn({ err, companyId, importId }, "contact list import: unreadable spreadsheet");
      if (processed === 0) return "UNREADABLE_FILE";
      await flush();
      return "UNREADABLE_FILE";
    }
    if (!columns) return "NO_HEADER";
    await flush();
    return undefined;
  }

  private async addBatch(
    companyId: number,
    importId: number,
    contactListId: number,
    processed: number,
    batch: { line: number; row: NewContactListItem }[],
    refused: RefusedRowRecord[],
  ): Promise<void> {
    const validity = await this.check(
      companyId,
      batch.map((entry) => entry.row.number),
    );
    const rows = batch.map((entry) => ({
      ...entry.row,
      isWhatsappValid: validity?.get(entry.row.number) ?? null,
    }));
    const all = [...refused];
    await this.repo.transaction(async (tx) => {
      const added = await this.repo.insertBatch(tx, companyId, contactListId, rows);
      for (const entry of batch)
        if (!added.has(entry.row.number))
          all.push({ line: entry.line, reason: "ALREADY_IN_LIST", number: entry.row.number });
      all.sort((a, b) => a.line - b.line);
      await this.repo.recordBatch(tx, companyId, importId, { processed, imported: added.size, refused: all });
    });
    const row = await this.repo.importOf(companyId, importId);
    if (row) this.events.importProgress(companyId, presentImport(row, false));
  }

  private async check(companyId: number, numbers: string[]): Promise<Map<string, boolean> | null> {
    if (!this.deps.checkNumbers || numbers.length === 0) return null;
    // A check that fails leaves the numbers unchecked (null); the import goes on.
    return this.deps.checkNumbers(companyId, numbers).catch((err) => {
      this.deps.logger.warn({ err, companyId }, "contact list import: WhatsApp number check failed");
      return null;
    });
  }

  private async finish(
    companyId: number,
    importId: number,
    failure: ImportFailure | undefined,
  ): Promise<void> {
    const current = await this.repo.importOf(companyId, importId);
    if (current?.filePath && failure !== "INTERNAL")
      await rm(join(this.deps.dir, current.filePath), { force: true });
    const row = await this.repo.setImportState(companyId, importId, {
      status: failure ? "failed" : "done",
      error: failure ?? null,
      finishedAt: new Date(),
      ...(failure === "INTERNAL" ? {} : { filePath: null }),
    });
    if (!row) return;
    this.events.importProgress(companyId, presentImport(row, false));
    await this.events.listChanged(companyId, row.contactListId);
    this.events.itemsReload(companyId, row.contactListId);
  }
}

/** The first bytes of a file: its type signature. */
async function head(path: string): Promise<Buffer> {
  const file = await open(path, "r");
  try {
    const buffer = Buffer.alloc(8);
    const { bytesRead } = await file.read(buffer, 0, 8, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

export function importContactListJob(importer: ContactListImporter): JobDefinition<ContactListImportJob> {
  return {
    name: IMPORT_CONTACT_LIST,
    async handle(data) {
      const parsed = jobPayload.safeParse(data);
      if (!parsed.success) return;
      await importer.run(parsed.data);
    },
  };
}
