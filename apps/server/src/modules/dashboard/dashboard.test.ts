import type { DashboardDto, DashboardMoment } from "@inbox/shared";
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
} from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import type { Db } from "../../db/client.js";
import { companySettings, messages, ticketLogs, userQueues } from "../../db/schema/index.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const db = () => server.database.db;
const at = (iso: string) => new Date(iso);

async function get(session: Session, url: string, query: Record<string, string | number> = {}) {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  return server.app.inject({ method: "GET", url: `${url}?${search}`, headers: session.headers });
}

async function dashboard(
  session: Session,
  query: Record<string, string | number> = {},
): Promise<DashboardDto> {
  const res = await get(session, "/dashboard", query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as DashboardDto;
}

async function moments(
  session: Session,
  query: Record<string, string | number> = {},
): Promise<DashboardMoment[]> {
  const res = await get(session, "/dashboard/moments", query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as DashboardMoment[];
}

async function say(
  database: Db,
  companyId: number,
  ticketId: number,
  createdAt: string,
  fromMe: boolean,
  isPrivate = false,
) {
  await database
    .insert(messages)
    .values({ companyId, ticketId, body: "…", fromMe, isPrivate, createdAt: at(createdAt) });
}

async function log(database: Db, companyId: number, ticketId: number, type: string, createdAt: string) {
  await database.insert(ticketLogs).values({ companyId, ticketId, type, createdAt: at(createdAt) });
}

/**
 * March 2026 of one company, in known states:
 * - t1 closed by Ana: contact 10:00, reply 10:05 (5 min), accepted 10:10 (wait 10), closed 10:50 (support 40);
 * - t2 open with Ana: contact 09:00, a private note 09:01, reply 09:20 (20 min), accepted 09:30 (wait 30);
 * - t3 pending: contact 08:00, no reply;
 * - t4 open with Bruno, started by us: our message 12:00, the contact 12:10; accepted 12:00 (wait 0);
 * - a group ticket, a ticket of February and a ticket at 01:00 UTC on April 1st (still March 31st in UTC-3);
 * - two contacts created in March, one group contact created in March.
 * Another company holds the same shapes; none of it may be counted.
 */
async function buildMarch() {
  const team = await buildTeam(server.app, db());
  const c = team.company.id;
  const ana = await buildUser(db(), c, { name: "Ana", online: true });
  const bruno = await buildUser(db(), c, { name: "Bruno" });
  await buildContact(db(), c, { createdAt: at("2026-03-02T10:00:00Z") });
  await buildContact(db(), c, { createdAt: at("2026-03-20T10:00:00Z") });
  await buildContact(db(), c, { isGroup: true, createdAt: at("2026-03-20T10:00:00Z") });

  const t1 = await buildTicket(db(), c, {
    status: "closed",
    userId: ana.id,
    createdAt: at("2026-03-10T10:00:00Z"),
    closedAt: at("2026-03-10T10:50:00Z"),
  });
  await say(db(), c, t1.id, "2026-03-10T10:00:00Z", false);
  await say(db(), c, t1.id, "2026-03-10T10:05:00Z", true);
  await log(db(), c, t1.id, "create", "2026-03-10T10:00:00Z");
  await log(db(), c, t1.id, "open", "2026-03-10T10:10:00Z");
  await log(db(), c, t1.id, "closed", "2026-03-10T10:50:00Z");

  const t2 = await buildTicket(db(), c, {
    status: "open",
    userId: ana.id,
    createdAt: at("2026-03-11T09:00:00Z"),
  });
  await say(db(), c, t2.id, "2026-03-11T09:00:00Z", false);
  await say(db(), c, t2.id, "2026-03-11T09:01:00Z", true, true);
  await say(db(), c, t2.id, "2026-03-11T09:20:00Z", true);
  await log(db(), c, t2.id, "open", "2026-03-11T09:30:00Z");

  const t3 = await buildTicket(db(), c, { status: "pending", createdAt: at("2026-03-12T08:00:00Z") });
  await say(db(), c, t3.id, "2026-03-12T08:00:00Z", false);

  const t4 = await buildTicket(db(), c, {
    status: "open",
    userId: bruno.id,
    createdAt: at("2026-03-12T12:00:00Z"),
  });
  await say(db(), c, t4.id, "2026-03-12T12:00:00Z", true);
  await say(db(), c, t4.id, "2026-03-12T12:10:00Z", false);
  await log(db(), c, t4.id, "open", "2026-03-12T12:00:00Z");

  await buildTicket(db(), c, { status: "group", isGroup: true, createdAt: at("2026-03-15T10:00:00Z") });
  await buildTicket(db(), c, { status: "closed", userId: ana.id, createdAt: at("2026-02-28T10:00:00Z") });
  const lateNight = await buildTicket(db(), c, {
    status: "pending",
    createdAt: at("2026-04-01T01:00:00Z"),
  });

  const other = await buildCompany(db());
  const stranger = await buildUser(db(), other.id, { name: "Stranger" });
  await buildContact(db(), other.id, { createdAt: at("2026-03-05T10:00:00Z") });
  for (const status of ["open", "pending", "closed"]) {
    const foreign = await buildTicket(db(), other.id, {
      status,
      userId: stranger.id,
      createdAt: at("2026-03-10T10:00:00Z"),
      closedAt: status === "closed" ? at("2026-03-10T11:00:00Z") : null,
    });
    await say(db(), other.id, foreign.id, "2026-03-10T10:00:00Z", false);
    await say(db(), other.id, foreign.id, "2026-03-10T10:30:00Z", true);
    await log(db(), other.id, foreign.id, "open", "2026-03-10T10:01:00Z");
  }
  return { team, ana, bruno, lateNight };
}

describe("GET /dashboard", () => {
  it("counts the range's tickets of the company exactly", async () => {
    const { team, ana, bruno } = await buildMarch();
    const body = await dashboard(team.adminSession, { date_from: "2026-03-01", date_to: "2026-03-31" });
    expect(body.dateFrom).toBe("2026-03-01");
    expect(body.dateTo).toBe("2026-03-31");
    expect(body.counters).toEqual({
      supportHappening: 2,
      supportPending: 1,
      supportFinished: 1,
      leads: 2,
      activeTickets: 1,
      passiveTickets: 3,
      avgResponseTime: 12.5,
      maxResponseTime: 20,
      avgSupportTime: 40,
      avgWaitTime: 13.33,
      // No contact rated anything (ratings.test.ts has them).
      avgRating: null,
      countRating: 0,
      nps: null,
    });
    expect(body.attendants).toEqual([
      {
        id: ana.id,
        name: "Ana",
        online: true,
        rating: null,
        countRating: 0,
        tickets: 2,
        finished: 1,
        open: 1,
        avgWaitTime: 20,
        avgSupportTime: 40,
      },
      {
        id: bruno.id,
        name: "Bruno",
        online: false,
        rating: null,
        countRating: 0,
        tickets: 1,
        finished: 0,
        open: 1,
        avgWaitTime: 0,
        avgSupportTime: null,
      },
      ...[team.admin, team.user]
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((u) => ({
          id: u.id,
          name: u.name,
          online: false,
          rating: null,
          countRating: 0,
          tickets: 0,
          finished: 0,
          open: 0,
          avgWaitTime: null,
          avgSupportTime: null,
        })),
    ]);
    expect(body.ticketsByDay).toHaveLength(31);
    expect(body.ticketsByDay.filter((d) => d.created > 0)).toEqual([
      { date: "2026-03-10", created: 1, finished: 1 },
      { date: "2026-03-11", created: 1, finished: 0 },
      { date: "2026-03-12", created: 2, finished: 0 },
    ]);
  });

  it("measures tickets moved by the lifecycle routes (accept, then resolve)", async () => {
    const team = await buildTeam(server.app, db());
    const c = team.company.id;
    const queue = await buildQueue(db(), c);
    const connection = await buildConnection(db(), c, { channel: "whatsappapi" });
    const ticket = await buildTicket(db(), c, {
      status: "pending",
      queueId: queue.id,
      whatsappId: connection.id,
      createdAt: at(new Date(Date.now() - 30 * 60_000).toISOString()),
    });
    const move = async (payload: object) => {
      const res = await server.app.inject({
        method: "PUT",
        url: `/tickets/${ticket.id}`,
        headers: team.adminSession.headers,
        payload,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    // Half an hour ago may be yesterday (or last month): ask for both days.
    const range = {
      date_from: ticket.createdAt.toISOString().slice(0, 10),
      date_to: new Date().toISOString().slice(0, 10),
    };
    await move({ status: "open", userId: team.admin.id, queueId: queue.id });
    const accepted = await dashboard(team.adminSession, range);
    expect(accepted.counters).toMatchObject({ supportHappening: 1, supportPending: 0, avgSupportTime: null });
    expect(accepted.counters.avgWaitTime).toBeGreaterThanOrEqual(29.9);

    await move({ status: "closed", sendFarewellMessage: false });
    const body = await dashboard(team.adminSession, range);
    expect(body.counters).toMatchObject({ supportHappening: 0, supportFinished: 1, activeTickets: 1 });
    expect(body.counters.avgSupportTime).toBeGreaterThanOrEqual(0);
    expect(body.attendants.find((a) => a.id === team.admin.id)).toMatchObject({
      tickets: 1,
      finished: 1,
      open: 0,
    });
  });

  it("takes the days on the viewer's clock (utcOffset minutes east of UTC)", async () => {
    const { team } = await buildMarch();
    const utc = await dashboard(team.adminSession, { date_from: "2026-03-31", date_to: "2026-03-31" });
    expect(utc.counters.supportPending).toBe(0);
    const brazil = await dashboard(team.adminSession, {
      date_from: "2026-03-31",
      date_to: "2026-03-31",
      utcOffset: -180,
    });
    expect(brazil.counters.supportPending).toBe(1);
    expect(brazil.ticketsByDay).toEqual([{ date: "2026-03-31", created: 1, finished: 0 }]);
    // 10:00 UTC on March 10th is still March 10th three hours west.
    const day10 = await dashboard(team.adminSession, {
      date_from: "2026-03-10",
      date_to: "2026-03-10",
      utcOffset: -180,
    });
    expect(day10.counters.supportFinished).toBe(1);
  });

  it("defaults to the start of the month to today", async () => {
    const team = await buildTeam(server.app, db());
    const body = await dashboard(team.adminSession);
    const today = new Date().toISOString().slice(0, 10);
    expect(body.dateTo).toBe(today);
    expect(body.dateFrom).toBe(`${today.slice(0, 8)}01`);
    expect(body.ticketsByDay.at(-1)?.date).toBe(today);
    const fresh = await buildTicket(db(), team.company.id, { status: "pending" });
    expect(fresh.id).toBeGreaterThan(0);
    expect((await dashboard(team.adminSession)).counters.supportPending).toBe(1);
  });

  it("is for admins and users with showDashboard enabled; others get ERR_NO_PERMISSION", async () => {
    const team = await buildTeam(server.app, db());
    const c = team.company.id;
    const viewer = await buildUser(db(), c, { showDashboard: "enabled" });
    const realtime = await buildUser(db(), c, { allowRealTime: "enabled" });
    const superUser = await buildUser(db(), c, { super: true });
    const cases: [Session, number, number][] = [
      [team.adminSession, 200, 200],
      [await login(server.app, viewer.email), 200, 200],
      [await login(server.app, superUser.email), 200, 200],
      [team.userSession, 403, 403],
      [await login(server.app, realtime.email), 403, 200],
    ];
    for (const [session, dashboardStatus, momentsStatus] of cases) {
      const res = await get(session, "/dashboard");
      expect(res.statusCode, session.user.email).toBe(dashboardStatus);
      if (dashboardStatus === 403) expect(res.json().error).toBe("ERR_NO_PERMISSION");
      const resMoments = await get(session, "/dashboard/moments");
      expect(resMoments.statusCode, session.user.email).toBe(momentsStatus);
      if (momentsStatus === 403) expect(resMoments.json().error).toBe("ERR_NO_PERMISSION");
    }
    const anonymous = await server.app.inject({ method: "GET", url: "/dashboard" });
    expect(anonymous.statusCode).toBe(401);
  });

  it("refuses malformed dates, reversed and oversized ranges with 400", async () => {
    const team = await buildTeam(server.app, db());
    for (const query of [
      "date_from=2026-02-30",
      "date_from=yesterday",
      "date_to=2026-3-1",
      "date_from=2026-03-10&date_to=2026-03-01",
      "date_from=2020-01-01&date_to=2026-01-01",
      "utcOffset=900",
      "utcOffset=abc",
    ]) {
      const res = await server.app.inject({
        method: "GET",
        url: `/dashboard?${query}`,
        headers: team.adminSession.headers,
      });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error).toBe("ERR_VALIDATION");
    }
  });
});

describe("GET /dashboard/moments", () => {
  it("lists open and pending tickets of the range, filtered by status, queue and user", async () => {
    const team = await buildTeam(server.app, db());
    const c = team.company.id;
    const q1 = await buildQueue(db(), c);
    const recent = at(new Date(Date.now() - 60_000).toISOString());
    const open = await buildTicket(db(), c, {
      status: "open",
      userId: team.admin.id,
      queueId: q1.id,
      updatedAt: recent,
    });
    const pending = await buildTicket(db(), c, { status: "pending", updatedAt: recent });
    await buildTicket(db(), c, { status: "closed", updatedAt: recent });
    const old = await buildTicket(db(), c, { status: "pending", updatedAt: at("2020-01-01T00:00:00Z") });
    const other = await buildCompany(db());
    await buildTicket(db(), other.id, { status: "pending", updatedAt: recent });

    const s = team.adminSession;
    const ids = (rows: DashboardMoment[]) => rows.map((r) => r.id).sort((a, b) => a - b);
    expect(ids(await moments(s, { showAll: "true" }))).toEqual([open.id, pending.id].sort((a, b) => a - b));
    expect(ids(await moments(s, { showAll: "true", status: "pending" }))).toEqual([pending.id]);
    expect(ids(await moments(s, { showAll: "true", queueIds: `[${q1.id}]` }))).toEqual([open.id]);
    expect(ids(await moments(s, { showAll: "true", queueIds: "0" }))).toEqual([pending.id]);
    expect(ids(await moments(s, { showAll: "true", userId: team.admin.id }))).toEqual([open.id]);
    expect(
      ids(
        await moments(s, {
          showAll: "true",
          status: "pending",
          dateStart: "2019-12-31",
          dateEnd: "2020-01-01",
        }),
      ),
    ).toEqual([old.id]);

    const [row] = await moments(s, { showAll: "true", userId: team.admin.id });
    expect(row).toMatchObject({
      uuid: open.uuid,
      status: "open",
      userId: team.admin.id,
      user: { id: team.admin.id, name: team.admin.name },
      queue: { id: q1.id, name: q1.name, color: q1.color },
      unreadMessages: 0,
    });
    expect(Object.keys(row?.contact ?? {}).sort()).toEqual(["id", "name", "number", "profilePicUrl"]);
  });

  it("keeps a user without show-all to their own tickets and their queues' waiting ones", async () => {
    const team = await buildTeam(server.app, db());
    const c = team.company.id;
    const q1 = await buildQueue(db(), c);
    const q2 = await buildQueue(db(), c);
    const viewer = await buildUser(db(), c, { showDashboard: "enabled" });
    await db().insert(userQueues).values({ companyId: c, userId: viewer.id, queueId: q1.id });
    const mine = await buildTicket(db(), c, { status: "open", userId: viewer.id, queueId: q2.id });
    const waitingInMyQueue = await buildTicket(db(), c, { status: "pending", queueId: q1.id });
    await buildTicket(db(), c, { status: "pending", queueId: q2.id });
    await buildTicket(db(), c, { status: "open", userId: team.admin.id, queueId: q1.id });
    const session = await login(server.app, viewer.email);
    const rows = await moments(session, { showAll: "true" });
    expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual(
      [mine.id, waitingInMyQueue.id].sort((a, b) => a - b),
    );
  });

  it("masks contact numbers for ordinary users when the company hides them (LGPD); admins see them whole", async () => {
    const team = await buildTeam(server.app, db());
    const c = team.company.id;
    await db()
      .update(companySettings)
      .set({ enableLGPD: "enabled", lgpdHideNumber: "enabled" })
      .where(eq(companySettings.companyId, c));
    server.numbers.invalidate(c);
    const viewer = await buildUser(db(), c, { showDashboard: "enabled", allUserChat: "enabled" });
    const contact = await buildContact(db(), c, { number: "5511912345678" });
    await buildTicket(db(), c, { status: "pending", contactId: contact.id });
    const asViewer = await moments(await login(server.app, viewer.email), { showAll: "true" });
    expect(asViewer.map((m) => m.contact.number)).toEqual(["5511912**-**78"]);
    const asAdmin = await moments(team.adminSession, { showAll: "true" });
    expect(asAdmin.map((m) => m.contact.number)).toEqual(["5511912345678"]);
  });

  it("never answers another company's tickets, even for its user's id", async () => {
    const team = await buildTeam(server.app, db());
    const other = await buildCompany(db());
    const stranger = await buildUser(db(), other.id);
    await buildTicket(db(), other.id, { status: "open", userId: stranger.id });
    expect(await moments(team.adminSession, { showAll: "true", userId: stranger.id })).toEqual([]);
    expect(await moments(team.adminSession, { showAll: "true" })).toEqual([]);
  });

  it("refuses malformed filters with 400", async () => {
    const team = await buildTeam(server.app, db());
    for (const query of [
      "status=bogus",
      "showAll=maybe",
      "queueIds=abc",
      "userId=0",
      "dateStart=2026-13-01",
    ]) {
      const res = await server.app.inject({
        method: "GET",
        url: `/dashboard/moments?${query}`,
        headers: team.adminSession.headers,
      });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error).toBe("ERR_VALIDATION");
    }
  });
});
