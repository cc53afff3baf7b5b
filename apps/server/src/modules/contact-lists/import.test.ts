import * as XLSX from "@e965/xlsx";
import type { ContactListImportDto, ContactListItemDto, ContactListRecord } from "@inbox/shared";
import { asc, eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTeam, unique } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { eventually } from "../../../test/meta.js";
import { type FakeSocket, fakeSocketFactory } from "../../channels/whatsapp/test-support.js";
import { contactListItems, whatsapps } from "../../db/schema/index.js";

/**
 * Spreadsheet import into a contact list (POST /contact-lists/{id}/upload), .xlsx and .xls files
 * written here with exceljs and SheetJS, read back by the server's job: valid rows kept, every
 * refused row reported with its line and reason, progress announced live.
 */

let server: TestServer;
const sockets = fakeSocketFactory();
const progress: { companyId: number; payload: { action: string; import: ContactListImportDto } }[] = [];

beforeAll(async () => {
  // A spreadsheet the worker could not read is only explained in the server's log (one CI run
  // refused a valid .xlsx as unreadable, and no run since has): printed here.
  server = await startTestServer({ whatsappSocketFactory: sockets.factory, logWarnings: true });
  const emit = server.realtime.toCompany.bind(server.realtime);
  server.realtime.toCompany = (companyId, topic, payload) => {
    if (topic === "contactListImport")
      progress.push({ companyId, payload: payload as (typeof progress)[number]["payload"] });
    emit(companyId, topic, payload);
  };
});
afterAll(() => server.close());

const db = () => server.database.db;
type Rows = (string | number | null)[][];

async function xlsx(rows: Rows): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Contatos");
  for (const row of rows) sheet.addRow(row);
  workbook.addWorksheet("Outra").addRow(["name", "number"]).commit();
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function xls(rows: Rows): Buffer {
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows), "Contatos");
  return XLSX.write(workbook, { type: "buffer", bookType: "biff8" }) as Buffer;
}

function multipart(filename: string, bytes: Buffer, field = "file") {
  const boundary = `----lists${Date.now()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

async function listOf(headers: Record<string, string>) {
  const res = await server.app.inject({
    method: "POST",
    url: "/contact-lists",
    headers,
    payload: { name: unique("Lista") },
  });
  return res.json() as ContactListRecord;
}

async function upload(headers: Record<string, string>, listId: number, filename: string, bytes: Buffer) {
  const form = multipart(filename, bytes);
  return server.app.inject({
    method: "POST",
    url: `/contact-lists/${listId}/upload`,
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  });
}

/** Uploads and waits for the import's end; answers its full report. */
async function imported(headers: Record<string, string>, listId: number, filename: string, bytes: Buffer) {
  const res = await upload(headers, listId, filename, bytes);
  expect(res.statusCode, res.body).toBe(202);
  const queued = res.json() as ContactListImportDto;
  expect(queued).toMatchObject({ status: "queued", fileName: filename });
  return eventually(async () => {
    const report = (
      await server.app.inject({
        method: "GET",
        url: `/contact-lists/${listId}/imports/${queued.id}`,
        headers,
      })
    ).json() as ContactListImportDto;
    return report.status === "done" || report.status === "failed" ? report : undefined;
  }, 30_000);
}

const itemsOf = (listId: number) =>
  db()
    .select()
    .from(contactListItems)
    .where(eq(contactListItems.contactListId, listId))
    .orderBy(asc(contactListItems.number));

/** A sheet with good rows and every kind of bad row, lines as the spreadsheet numbers them. */
const MIXED: Rows = [
  ["Nome", "Número", "E-mail"], // line 1
  ["Ana Souza", "+55 (11) 98888-1111", "ana@example.com"], // 2: kept
  ["Bruno Lima", 5511988882222, ""], // 3: kept (a number cell)
  ["Carla", "55 11 8888-3333", "carla@example.com"], // 4: kept, the ninth digit added
  [null, null, null], // 5: blank, skipped
  ["D", "5511988884444", ""], // 6: name too short
  ["", "5511988885555", ""], // 7: name required
  ["Eva Alves", "1234", ""], // 8: number too short
  ["Fábio Reis", "", ""], // 9: number required
  ["Gil Costa", "5511988886666", "not-an-email"], // 10: invalid email
  ["Ana de novo", "5511988881111", ""], // 11: repeats line 2
  ["Helena Dias", "5511988883333", ""], // 12: repeats line 4 (written with the ninth digit)
];

const EXPECTED_REFUSED = [
  { line: 6, reason: "NAME_TOO_SHORT" },
  { line: 7, reason: "NAME_REQUIRED" },
  { line: 8, reason: "NUMBER_TOO_SHORT" },
  { line: 9, reason: "NUMBER_REQUIRED" },
  { line: 10, reason: "EMAIL_INVALID" },
  { line: 11, reason: "DUPLICATE_IN_FILE" },
  { line: 12, reason: "DUPLICATE_IN_FILE" },
];

describe("POST /contact-lists/{id}/upload", () => {
  for (const [kind, make] of [
    ["xlsx", xlsx],
    ["xls", async (rows: Rows) => xls(rows)],
  ] as const) {
    it(`.${kind}: keeps the valid rows, normalises numbers, reports each refused row with its line`, async () => {
      const { adminSession, company } = await buildTeam(server.app, db());
      const h = adminSession.headers;
      const list = await listOf(h);
      const report = await imported(h, list.id, `contatos.${kind}`, await make(MIXED));
      expect(report).toMatchObject({
        status: "done",
        processed: 10,
        imported: 3,
        refusedCount: 7,
        error: null,
      });
      expect(report.refused.map(({ line, reason }) => ({ line, reason }))).toEqual(EXPECTED_REFUSED);
      const items = await itemsOf(list.id);
      expect(items.map((i) => [i.name, i.number, i.email])).toEqual([
        ["Ana Souza", "5511988881111", "ana@example.com"],
        ["Bruno Lima", "5511988882222", ""],
        ["Carla", "5511988883333", "carla@example.com"],
      ]);
      // No WhatsApp session: unchecked.
      expect(items.every((i) => i.isWhatsappValid === null)).toBe(true);
      // Progress came live and ended with the result (without the rows: they are read once).
      const mine = progress.filter((p) => p.companyId === company.id).map((p) => p.payload.import);
      expect(mine.at(-1)).toMatchObject({
        id: report.id,
        status: "done",
        imported: 3,
        refusedCount: 7,
        refused: [],
      });
      // The list's latest import is this one, with its report.
      const latest = await server.app.inject({
        method: "GET",
        url: `/contact-lists/${list.id}/imports/latest`,
        headers: h,
      });
      expect(latest.json()).toMatchObject({ id: report.id, refusedCount: 7 });
    });
  }

  it("a second import of the same numbers adds none and says each is already in the list", async () => {
    const { adminSession } = await buildTeam(server.app, db());
    const h = adminSession.headers;
    const list = await listOf(h);
    const rows: Rows = [
      ["name", "number"],
      ["Ana Souza", "5511977771111"],
      ["Bruno Lima", "5511977772222"],
    ];
    await imported(h, list.id, "a.xlsx", await xlsx(rows));
    const again = await imported(h, list.id, "b.xlsx", await xlsx([...rows, ["Caio Melo", "5511977773333"]]));
    expect(again).toMatchObject({ status: "done", imported: 1, refusedCount: 2 });
    expect(again.refused).toEqual([
      { line: 2, reason: "ALREADY_IN_LIST", number: "5511977771111" },
      { line: 3, reason: "ALREADY_IN_LIST", number: "5511977772222" },
    ]);
    expect(await itemsOf(list.id)).toHaveLength(3);
  });

  it("a connected WhatsApp session checks the numbers: isWhatsappValid", async () => {
    const { adminSession, company } = await buildTeam(server.app, db());
    const h = adminSession.headers;
    const [row] = await db()
      .insert(whatsapps)
      .values({ companyId: company.id, name: "web", channel: "whatsapp" })
      .returning();
    const started = await server.app.inject({
      method: "POST",
      url: `/whatsappsession/${row!.id}`,
      headers: h,
    });
    expect(started.statusCode, started.body).toBe(200);
    const socket: FakeSocket = sockets.last();
    socket.notOnWhatsapp.add("5511966662222");
    socket.open();
    await eventually(async () => {
      const [connection] = await db().select().from(whatsapps).where(eq(whatsapps.id, row!.id));
      return connection?.status === "CONNECTED";
    }, 20_000);
    const list = await listOf(h);
    const report = await imported(
      h,
      list.id,
      "c.xlsx",
      await xlsx([
        ["name", "number"],
        ["Ana Souza", "5511966661111"],
        ["Bruno Lima", "5511966662222"],
      ]),
    );
    expect(report).toMatchObject({ status: "done", imported: 2 });
    const items = await itemsOf(list.id);
    expect(items.map((i) => [i.number, i.isWhatsappValid])).toEqual([
      ["5511966661111", true],
      ["5511966662222", false],
    ]);
    expect(socket.onWhatsAppCalls.at(-1)).toEqual(["5511966661111", "5511966662222"]);
    // A hand-made item is checked too.
    const added = await server.app.inject({
      method: "POST",
      url: "/contact-list-items",
      headers: h,
      payload: { name: "Caio Melo", number: "5511966663333", contactListId: list.id },
    });
    expect((added.json() as ContactListItemDto).isWhatsappValid).toBe(true);
  });

  it("a file it cannot read, or without a name and number header, imports nothing and says why", async () => {
    const { adminSession } = await buildTeam(server.app, db());
    const h = adminSession.headers;
    const list = await listOf(h);
    const noHeader = await imported(h, list.id, "x.xlsx", await xlsx([["Ana Souza", "5511955551111"]]));
    expect(noHeader).toMatchObject({ status: "failed", error: "NO_HEADER", imported: 0 });
    // A ZIP that is not a workbook.
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 1)]);
    const broken = await imported(h, list.id, "y.xlsx", zip);
    expect(broken).toMatchObject({ status: "failed", error: "UNREADABLE_FILE", imported: 0 });
    expect(await itemsOf(list.id)).toEqual([]);
  });

  it("refuses what is not an .xls or .xlsx by its bytes, a missing file, and a user with profile user", async () => {
    const { adminSession, userSession } = await buildTeam(server.app, db());
    const h = adminSession.headers;
    const list = await listOf(h);
    // A CSV renamed .xlsx, and an .xlsx renamed .csv.
    const csv = await upload(h, list.id, "contatos.xlsx", Buffer.from("name,number\nAna,5511944441111\n"));
    expect(csv.statusCode).toBe(400);
    expect(csv.json()).toMatchObject({ error: "ERR_FILE_TYPE_NOT_ALLOWED", field: "file" });
    const renamed = await upload(h, list.id, "contatos.csv", await xlsx([["name", "number"]]));
    expect(renamed.json()).toMatchObject({ error: "ERR_FILE_TYPE_NOT_ALLOWED" });
    const form = multipart("a.xlsx", await xlsx([["name", "number"]]), "other");
    const missing = await server.app.inject({
      method: "POST",
      url: `/contact-lists/${list.id}/upload`,
      headers: { ...h, ...form.headers },
      payload: form.payload,
    });
    expect(missing.json()).toMatchObject({ error: "ERR_VALIDATION", field: "file" });
    const byUser = await upload(userSession.headers, list.id, "a.xlsx", await xlsx([["name", "number"]]));
    expect(byUser.statusCode).toBe(403);
    // Another company's list: not found.
    const other = await buildTeam(server.app, db());
    const foreign = await upload(
      other.adminSession.headers,
      list.id,
      "a.xlsx",
      await xlsx([["name", "number"]]),
    );
    expect(foreign.statusCode).toBe(404);
  });
});
