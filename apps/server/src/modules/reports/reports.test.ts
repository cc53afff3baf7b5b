import type { ReportPage } from "@inbox/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildCompany,
  buildConnection,
  buildContact,
  buildQueue,
  buildTeam,
  buildTicket,
  buildUser,
  login,
  type Session,
  unique,
} from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { companies, companySettings, tags, ticketTags, userRatings } from "../../db/schema/index.js";

/**
 * GET /ticketreport/reports (spec 2 sections 2, 3, 7, 9): the company's
 * tickets created in a range of days of its time zone, newest first, each
 * filter narrowing it, pages of 5, 10, 20 or 50 rows, each ticket once.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
const db = () => server.database.db;

type Query = Record<string, string | number | boolean | (string | number)[]>;

function url(query: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    params.set(key, Array.isArray(value) ? JSON.stringify(value) : String(value));
  return `/ticketreport/reports?${params}`;
}

async function report(session: Session, query: Query = {}): Promise<ReportPage> {
  const res = await server.app.inject({ method: "GET", url: url(query), headers: session.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ReportPage;
}

const ids = (page: ReportPage) => page.tickets.map((row) => row.id);
const at = (iso: string) => new Date(iso);
const MARCH = { dateFrom: "2026-03-01", dateTo: "2026-03-31" };

/** A company with two attendants, two queues, two connections and tickets of March 2026 (UTC noon days). */
async function company() {
  const team = await buildTeam(server.app, db());
  const c = team.company.id;
  const ana = await buildUser(db(), c, { name: "Ana" });
  const bruno = await buildUser(db(), c, { name: "Bruno" });
  const sales = await buildQueue(db(), c, { name: "Vendas" });
  const support = await buildQueue(db(), c, { name: "Suporte" });
  const cloud = await buildConnection(db(), c, { name: "Cloud" });
  const web = await buildConnection(db(), c, { name: "Web" });
  const maria = await buildContact(db(), c, { name: "Maria Souza", number: "5511912345678" });
  const joao = await buildContact(db(), c, { name: "João Lima", number: "5521998765432" });
  const t1 = await buildTicket(db(), c, {
    contactId: maria.id,
    userId: ana.id,
    queueId: sales.id,
    whatsappId: cloud.id,
    status: "closed",
    lastMessage: "Obrigado pelo boleto",
    createdAt: at("2026-03-02T12:00:00Z"),
    closedAt: at("2026-03-03T14:30:00Z"),
  });
  const t2 = await buildTicket(db(), c, {
    contactId: joao.id,
    userId: bruno.id,
    queueId: support.id,
    whatsappId: web.id,
    status: "open",
    lastMessage: "Meu pedido atrasou",
    createdAt: at("2026-03-10T12:00:00Z"),
  });
  const t3 = await buildTicket(db(), c, {
    contactId: maria.id,
    userId: null,
    queueId: null,
    whatsappId: cloud.id,
    status: "pending",
    lastMessage: "Olá",
    createdAt: at("2026-03-20T12:00:00Z"),
  });
  // February: outside March's range.
  const february = await buildTicket(db(), c, {
    contactId: joao.id,
    userId: ana.id,
    status: "closed",
    createdAt: at("2026-02-27T12:00:00Z"),
    closedAt: at("2026-02-27T13:00:00Z"),
  });
  await db().insert(userRatings).values({ companyId: c, ticketId: t1.id, userId: ana.id, rate: 9 });
  return { team, c, ana, bruno, sales, support, cloud, web, maria, joao, t1, t2, t3, february };
}

describe("GET /ticketreport/reports", () => {
  it("answers the rows of spec 2 section 3, newest first, with the total", async () => {
    const w = await company();
    const page = await report(w.team.adminSession, MARCH);
    expect(ids(page)).toEqual([w.t3.id, w.t2.id, w.t1.id]);
    expect(page.totalTickets).toEqual({ total: 3 });
    expect(page).toMatchObject(MARCH);
    expect(page.tickets[2]).toEqual({
      id: w.t1.id,
      uuid: w.t1.uuid,
      whatsappName: "Cloud",
      contactName: "Maria Souza",
      contactNumber: "5511912345678",
      userName: "Ana",
      queueName: "Vendas",
      status: "closed",
      lastMessage: "Obrigado pelo boleto",
      createdAt: "2026-03-02T12:00:00.000Z",
      closedAt: "2026-03-03T14:30:00.000Z",
      supportTime: 26.5 * 3600,
      NPS: 9,
    });
    expect(page.tickets[0]).toMatchObject({ userName: null, queueName: null, closedAt: null, NPS: null });
  });

  it("defaults to the first of the month to today in the company's time zone, 10 rows a page", async () => {
    const team = await buildTeam(server.app, db());
    const c = team.company.id;
    const fresh = await Promise.all(Array.from({ length: 12 }, () => buildTicket(db(), c)));
    await buildTicket(db(), c, { createdAt: new Date(Date.now() - 40 * 86_400_000) });
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
    const page = await report(team.adminSession);
    expect(page).toMatchObject({ dateFrom: `${today.slice(0, 8)}01`, dateTo: today });
    expect(page.totalTickets.total).toBe(12);
    expect(page.tickets).toHaveLength(10);
    expect(ids(page).every((id) => fresh.some((t) => t.id === id))).toBe(true);
  });

  it("reads the days in the company's time zone", async () => {
    const team = await buildTeam(server.app, db());
    const c = team.company.id;
    await db().update(companies).set({ timezone: "Asia/Tokyo" }).where(eq(companies.id, c));
    // 01:00 on March 2nd in Tokyo, still March 1st in UTC.
    const t = await buildTicket(db(), c, { createdAt: at("2026-03-01T16:00:00Z") });
    const day = (d: string) => report(team.adminSession, { dateFrom: d, dateTo: d });
    expect(ids(await day("2026-03-02"))).toEqual([t.id]);
    expect(ids(await day("2026-03-01"))).toEqual([]);
  });

  it("applies each filter", async () => {
    const w = await company();
    const as = (query: Query) => report(w.team.adminSession, { ...MARCH, ...query }).then(ids);
    expect(await as({ searchParam: "maria" })).toEqual([w.t3.id, w.t1.id]);
    expect(await as({ searchParam: "2199876" })).toEqual([w.t2.id]);
    expect(await as({ searchParam: "PEDIDO" })).toEqual([w.t2.id]);
    expect(await as({ searchParam: "100%" })).toEqual([]);
    expect(await as({ contactId: w.joao.id })).toEqual([w.t2.id]);
    expect(await as({ whatsappId: [w.cloud.id] })).toEqual([w.t3.id, w.t1.id]);
    expect(await as({ whatsappId: [w.cloud.id, w.web.id] })).toEqual([w.t3.id, w.t2.id, w.t1.id]);
    expect(await as({ users: [w.bruno.id] })).toEqual([w.t2.id]);
    expect(await as({ users: [w.ana.id, w.bruno.id] })).toEqual([w.t2.id, w.t1.id]);
    expect(await as({ queueIds: [w.sales.id] })).toEqual([w.t1.id]);
    expect(await as({ queueIds: [0] })).toEqual([w.t3.id]);
    expect(await as({ queueIds: [0, w.support.id] })).toEqual([w.t3.id, w.t2.id]);
    expect(await as({ status: ["open", "pending"] })).toEqual([w.t3.id, w.t2.id]);
    expect(await as({ status: ["closed"] })).toEqual([w.t1.id]);
    expect(await as({ onlyRated: true })).toEqual([w.t1.id]);
    expect(await as({ dateFrom: "2026-03-10", dateTo: "2026-03-10" })).toEqual([w.t2.id]);
    expect(await as({ dateFrom: "2026-02-01", dateTo: "2026-02-28" })).toEqual([w.february.id]);
    // Filters together narrow each other; the total follows them.
    const both = await report(w.team.adminSession, { ...MARCH, users: [w.ana.id], onlyRated: true });
    expect([ids(both), both.totalTickets.total]).toEqual([[w.t1.id], 1]);
    // The other list shapes: a comma list and repeated keys.
    const res = await server.app.inject({
      method: "GET",
      url: `/ticketreport/reports?dateFrom=2026-03-01&dateTo=2026-03-31&status=open,pending&users=${w.bruno.id}&users=${w.ana.id}`,
      headers: w.team.adminSession.headers,
    });
    expect(ids(res.json() as ReportPage)).toEqual([w.t2.id]);
  });

  it("pages by 5, 10, 20 or 50, each ticket exactly once even with several tags and ratings", async () => {
    const team = await buildTeam(server.app, db());
    const c = team.company.id;
    const [red, blue, green] = await Promise.all(
      ["red", "blue", "green"].map(async (name) => {
        const [tag] = await db()
          .insert(tags)
          .values({ companyId: c, name: unique(name), color: "#112233" })
          .returning();
        return tag!;
      }),
    );
    // 23 tickets, many created at the same instant: the order still has to be total.
    const made = [];
    for (let i = 0; i < 23; i++) {
      const ticket = await buildTicket(db(), c, {
        status: "closed",
        createdAt: at(`2026-03-${String(1 + (i % 4)).padStart(2, "0")}T12:00:00Z`),
        closedAt: at("2026-03-05T12:00:00Z"),
      });
      made.push(ticket);
      await db()
        .insert(ticketTags)
        .values([red!, blue!, green!].map((tag) => ({ companyId: c, ticketId: ticket.id, tagId: tag.id })));
      await db()
        .insert(userRatings)
        .values([
          { companyId: c, ticketId: ticket.id, rate: 3, createdAt: at("2026-03-06T12:00:00Z") },
          { companyId: c, ticketId: ticket.id, rate: 10, createdAt: at("2026-03-07T12:00:00Z") },
        ]);
    }
    for (const pageSize of [5, 10, 20, 50]) {
      for (const onlyRated of [false, true]) {
        const seen: number[] = [];
        for (let page = 1; page <= Math.ceil(23 / pageSize); page++) {
          const body = await report(team.adminSession, { ...MARCH, page, pageSize, onlyRated });
          expect(body.tickets.length).toBe(Math.min(pageSize, 23 - (page - 1) * pageSize));
          expect(body.totalTickets.total).toBe(23);
          // The latest of a ticket's ratings.
          expect(body.tickets.every((row) => row.NPS === 10)).toBe(true);
          seen.push(...ids(body));
        }
        expect(seen.length).toBe(23);
        expect(new Set(seen)).toEqual(new Set(made.map((t) => t.id)));
      }
    }
    const beyond = await report(team.adminSession, { ...MARCH, page: 6, pageSize: 5 });
    expect([beyond.tickets, beyond.totalTickets.total]).toEqual([[], 23]);
  });

  it("shows supervisors the company's tickets and anyone else their own", async () => {
    const w = await company();
    const supervisor = await buildUser(db(), w.c, { showDashboard: "enabled" });
    const asSupervisor = await report(await login(server.app, supervisor.email), MARCH);
    expect(ids(asSupervisor)).toEqual([w.t3.id, w.t2.id, w.t1.id]);
    const anaSession = await login(server.app, w.ana.email);
    expect(ids(await report(anaSession, MARCH))).toEqual([w.t1.id]);
    // Asking for a colleague's tickets finds none of them.
    const asked = await report(anaSession, { ...MARCH, users: [w.bruno.id] });
    expect([ids(asked), asked.totalTickets.total]).toEqual([[], 0]);
    expect(ids(await report(w.team.userSession, MARCH))).toEqual([]);
  });

  it("never answers another company's tickets, even asked by its ids", async () => {
    const w = await company();
    const other = await buildCompany(db());
    const stranger = await buildUser(db(), other.id);
    const foreign = await buildTicket(db(), other.id, {
      userId: stranger.id,
      createdAt: at("2026-03-15T12:00:00Z"),
    });
    const all = await report(w.team.adminSession, MARCH);
    expect(ids(all)).not.toContain(foreign.id);
    const asked = await report(w.team.adminSession, {
      ...MARCH,
      users: [stranger.id],
      contactId: foreign.contactId,
    });
    expect([ids(asked), asked.totalTickets.total]).toEqual([[], 0]);
  });

  it("masks numbers for ordinary users when the company hides them (LGPD), and searches names only", async () => {
    const w = await company();
    await db()
      .update(companySettings)
      .set({ enableLGPD: "enabled", lgpdHideNumber: "enabled" })
      .where(eq(companySettings.companyId, w.c));
    server.numbers.invalidate(w.c);
    const supervisor = await login(
      server.app,
      (await buildUser(db(), w.c, { showDashboard: "enabled" })).email,
    );
    const masked = await report(supervisor, MARCH);
    expect(masked.tickets.map((row) => row.contactNumber)).toEqual([
      "5511912**-**78",
      "5521998**-**32",
      "5511912**-**78",
    ]);
    expect(ids(await report(supervisor, { ...MARCH, searchParam: "2199876" }))).toEqual([]);
    const whole = await report(w.team.adminSession, MARCH);
    expect(whole.tickets[0]?.contactNumber).toBe("5511912345678");
    expect(ids(await report(w.team.adminSession, { ...MARCH, searchParam: "2199876" }))).toEqual([w.t2.id]);
  });

  it("refuses bad input with 400", async () => {
    const team = await buildTeam(server.app, db());
    for (const query of [
      "pageSize=15",
      "pageSize=100",
      "pageSize=abc",
      "page=0",
      "status=bogus",
      'status=["open","nope"]',
      "users=abc",
      "users=[0]",
      "whatsappId=[1.5]",
      "queueIds=-1",
      "contactId=0",
      "dateFrom=2026-02-30",
      "dateTo=yesterday",
      "dateFrom=2026-03-02&dateTo=2026-03-01",
      "dateFrom=2024-01-01&dateTo=2026-01-01",
      "onlyRated=maybe",
    ]) {
      const res = await server.app.inject({
        method: "GET",
        url: `/ticketreport/reports?${encodeURI(query)}`,
        headers: team.adminSession.headers,
      });
      expect([query, res.statusCode, res.json().error]).toEqual([query, 400, "ERR_VALIDATION"]);
    }
    const anonymous = await server.app.inject({ method: "GET", url: "/ticketreport/reports" });
    expect(anonymous.statusCode).toBe(401);
  });
});
