import type { AddressInfo } from "node:net";
import {
  formatPhoneNumber,
  formatSupportTime,
  REPORT_EXPORT_COLUMNS,
  REPORT_EXPORT_LABELS,
  type ReportExportPayload,
  type ReportPage,
  type ReportRow,
} from "@inbox/shared";
import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildConnection,
  buildContact,
  buildQueue,
  buildTeam,
  buildUser,
  login,
  type Session,
} from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { eventually } from "../../../test/meta.js";
import { TestSockets } from "../../../test/sockets.js";
import { companySettings, tickets, userRatings } from "../../db/schema/index.js";
import { EXPORT_BATCH_ROWS } from "./service.js";

/**
 * GET /ticketreport/reports/export: the report's rows as a spreadsheet the
 * server writes while streaming it, equal to the pages' rows in content and
 * order, with progress events for the user who asked.
 */

let server: TestServer;
let baseUrl: string;
const clients = new TestSockets(() => baseUrl);
beforeAll(async () => {
  server = await startTestServer();
  await server.app.listen({ port: 0, host: "127.0.0.1" });
  baseUrl = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  clients.closeAll();
  await server.close();
});
const db = () => server.database.db;

const RANGE = "dateFrom=2026-03-01&dateTo=2026-03-31";

/** Every row of the report, through its pages of 50. */
async function allPages(session: Session, filters: string): Promise<ReportRow[]> {
  const rows: ReportRow[] = [];
  for (let page = 1; ; page++) {
    const res = await server.app.inject({
      method: "GET",
      url: `/ticketreport/reports?${filters}&pageSize=50&page=${page}`,
      headers: session.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as ReportPage;
    rows.push(...body.tickets);
    if (rows.length >= body.totalTickets.total || body.tickets.length === 0) return rows;
  }
}

async function exportOf(session: Session, query: string) {
  const res = await server.app.inject({
    method: "GET",
    url: `/ticketreport/reports/export?${query}`,
    headers: session.headers,
  });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  // Cells 1 to 12 (exceljs leaves trailing empty cells out of `values`).
  sheet.eachRow((row) =>
    rows.push(
      Array.from({ length: REPORT_EXPORT_COLUMNS.length }, (_, i) => (row.values as unknown[])[i + 1]),
    ),
  );
  return { res, sheet, header: rows[0], rows: rows.slice(1) };
}

/** A company time zone's wall clock of an instant, as the Excel date the export writes. */
function wallClock(iso: string | null, timeZone = "America/Sao_Paulo"): Date | undefined {
  if (!iso) return undefined;
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)?.value;
  return new Date(
    `${part("year")}-${part("month")}-${part("day")}T${part("hour")}:${part("minute")}:${part("second")}Z`,
  );
}

/** A report row as the spreadsheet's cells (pt, a Brazilian company), empty cells read back as undefined. */
function expectedCells(row: ReportRow): unknown[] {
  const labels = REPORT_EXPORT_LABELS.pt;
  const orNone = (value: unknown) => (value === null || value === "" ? undefined : value);
  return [
    row.id,
    orNone(row.whatsappName),
    orNone(row.contactName),
    // Shown as the web shows it ('(11) 99000-0001'); a masked number stays as it is.
    orNone(formatPhoneNumber(row.contactNumber, "BR")),
    orNone(row.userName),
    orNone(row.queueName),
    labels.statuses[row.status as keyof typeof labels.statuses],
    // The bell of ticket 7's message cannot live in the sheet's XML: the export drops it.
    orNone(row.lastMessage.replace("\u0007", "")),
    wallClock(row.createdAt),
    wallClock(row.closedAt),
    orNone(formatSupportTime(row.supportTime)),
    orNone(row.NPS),
  ];
}

/** A busy March: `count` tickets over a few instants (ties the keyset must order), some rated twice. */
async function busyCompany(count: number) {
  const team = await buildTeam(server.app, db());
  const c = team.company.id;
  const ana = await buildUser(db(), c, { name: "Ana" });
  const queue = await buildQueue(db(), c, { name: "Vendas" });
  const connection = await buildConnection(db(), c, { name: "Cloud" });
  const contacts = await Promise.all(
    [0, 1, 2].map((i) => buildContact(db(), c, { name: `Cliente ${i}`, number: `551199000000${i}` })),
  );
  const made = await db()
    .insert(tickets)
    .values(
      Array.from({ length: count }, (_, i) => ({
        companyId: c,
        contactId: contacts[i % 3]!.id,
        // One open ticket per contact and connection: the open ones have none.
        whatsappId: i % 3 === 0 ? null : connection.id,
        queueId: i % 4 === 0 ? null : queue.id,
        userId: i % 2 === 0 ? ana.id : null,
        status: i % 3 === 0 ? "open" : "closed",
        lastMessage: `mensagem ${i}${i === 7 ? " com \u0007 sino" : ""}`,
        createdAt: new Date(Date.UTC(2026, 2, 1 + (i % 25), 12, 0, 0)),
        closedAt: i % 3 === 0 ? null : new Date(Date.UTC(2026, 2, 27, 15, i % 60, 0)),
      })),
    )
    .returning({ id: tickets.id });
  const rated = made.filter((_, i) => i % 5 === 0);
  await db()
    .insert(userRatings)
    .values(
      rated.flatMap((t) => [
        { companyId: c, ticketId: t.id, rate: 2, createdAt: new Date("2026-03-28T00:00:00Z") },
        { companyId: c, ticketId: t.id, rate: 8, createdAt: new Date("2026-03-29T00:00:00Z") },
      ]),
    );
  return { team, c, ana, queue, contacts };
}

describe("GET /ticketreport/reports/export", () => {
  it("streams the report's rows, in its order, across keyset batches and ties", async () => {
    const count = EXPORT_BATCH_ROWS * 2 + 37;
    const { team } = await busyCompany(count);
    const report = await allPages(team.adminSession, RANGE);
    expect(report).toHaveLength(count);
    const { res, header, rows } = await exportOf(team.adminSession, RANGE);
    expect(res.headers["content-disposition"]).toBe('attachment; filename="relatorio-de-atendimentos.xlsx"');
    expect(res.headers["x-total-count"]).toBe(String(count));
    expect(header).toEqual(Object.values(REPORT_EXPORT_LABELS.pt.columns));
    expect(rows).toEqual(report.map(expectedCells));
    // The bell character of ticket 7's message cannot live in XML: dropped, the rest kept.
    expect(rows.some((cells) => cells[7] === "mensagem 7 com  sino")).toBe(true);
  }, 120_000);

  it("applies the same filters as the pages, and the language asked", async () => {
    const { team, ana, queue, contacts } = await busyCompany(60);
    for (const filters of [
      `${RANGE}&onlyRated=true`,
      `${RANGE}&users=[${ana.id}]&status=["closed"]`,
      `${RANGE}&queueIds=[0]`,
      `${RANGE}&queueIds=[${queue.id}]&contactId=${contacts[1]!.id}`,
      `${RANGE}&searchParam=mensagem 1`,
      "dateFrom=2026-03-05&dateTo=2026-03-06",
    ]) {
      const report = await allPages(team.adminSession, filters);
      const { rows } = await exportOf(team.adminSession, filters);
      expect([filters, rows]).toEqual([filters, report.map(expectedCells)]);
    }
    const { header, sheet, rows } = await exportOf(team.adminSession, `${RANGE}&lang=es&status=["open"]`);
    expect(sheet.name).toBe("InformeDeAtenciones");
    expect(header?.[2]).toBe("Contacto");
    expect(new Set(rows.map((cells) => cells[6]))).toEqual(new Set(["Abierto"]));
  }, 120_000);

  it("masks numbers for ordinary users when the company hides them, and bounds them to their tickets", async () => {
    const { team, c, ana } = await busyCompany(30);
    await db()
      .update(companySettings)
      .set({ enableLGPD: "enabled", lgpdHideNumber: "enabled" })
      .where(eq(companySettings.companyId, c));
    server.numbers.invalidate(c);
    const anaSession = await login(server.app, ana.email);
    const { rows } = await exportOf(anaSession, RANGE);
    expect(rows).toHaveLength(15);
    expect(new Set(rows.map((cells) => cells[4]))).toEqual(new Set(["Ana"]));
    expect(new Set(rows.map((cells) => cells[3]))).toEqual(
      new Set(["5511990**-**00", "5511990**-**01", "5511990**-**02"]),
    );
    expect(rows).toEqual((await allPages(anaSession, RANGE)).map(expectedCells));
    const asAdmin = await exportOf(team.adminSession, RANGE);
    expect(asAdmin.rows.map((cells) => cells[3])).toContain("(11) 99000-0001");
    // A company of another country reads a Brazilian number in the international format.
    const put = await server.app.inject({
      method: "PUT",
      url: "/settings/phoneDefaultCountry",
      headers: team.adminSession.headers,
      payload: { value: "PT" },
    });
    expect(put.statusCode, put.body).toBe(200);
    const abroad = await exportOf(team.adminSession, RANGE);
    expect(abroad.rows.map((cells) => cells[3])).toContain("+55 11 99000 0001");
  }, 120_000);

  it("tells the user who asked how many rows are written, ending with all of them", async () => {
    const count = EXPORT_BATCH_ROWS + 5;
    const { team } = await busyCompany(count);
    const { heard: events } = await clients.hearing<ReportExportPayload>(
      team.adminSession.token,
      `company-${team.company.id}-reportExport`,
      { reconnection: true },
    );
    const exportId = "6f1c2b8e-3d4a-4c5b-9e7f-0a1b2c3d4e5f";
    await exportOf(team.adminSession, `${RANGE}&exportId=${exportId}`);
    await eventually(async () => events.some((e) => e.finished), 30_000);
    expect(events.map((e) => [e.exportId, e.written, e.total, e.finished])).toEqual([
      [exportId, 0, count, false],
      [exportId, EXPORT_BATCH_ROWS, count, false],
      [exportId, count, count, false],
      [exportId, count, count, true],
    ]);
  }, 120_000);

  it("refuses bad input with 400", async () => {
    const team = await buildTeam(server.app, db());
    for (const query of [
      "lang=fr",
      "exportId=nope",
      "status=bogus",
      "dateFrom=2026-03-02&dateTo=2026-03-01",
    ]) {
      const res = await server.app.inject({
        method: "GET",
        url: `/ticketreport/reports/export?${encodeURI(query)}`,
        headers: team.adminSession.headers,
      });
      expect([query, res.statusCode, res.json().error]).toEqual([query, 400, "ERR_VALIDATION"]);
    }
    const empty = await exportOf(team.adminSession, RANGE);
    expect([empty.rows, empty.res.headers["x-total-count"]]).toEqual([[], "0"]);
  });
});
