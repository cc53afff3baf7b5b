import type { DashboardDto, TicketDto, TicketList } from "@inbox/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTeam, buildTicket, buildUser, type Session } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { userRatings } from "../../db/schema/index.js";

/**
 * Ratings come alive (issue 9 rule 6): the NPS scores contacts gave
 * (user_ratings rows, 0 to 10) reach the ticket list as `userRating.rate`
 * and the dashboard as per-attendant averages and counts of the range, each
 * company seeing only its own.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const db = () => server.database.db;

async function get<T>(session: Session, url: string): Promise<T> {
  const res = await server.app.inject({ method: "GET", url, headers: session.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

async function rate(
  companyId: number,
  ticketId: number,
  userId: number | null,
  value: number,
  createdAt: string,
) {
  await db()
    .insert(userRatings)
    .values({ companyId, ticketId, userId, rate: value, createdAt: new Date(createdAt) });
}

/** A company whose contacts rated Ana and Bruno in March 2026, and once in February. */
async function ratedCompany() {
  const team = await buildTeam(server.app, db());
  const c = team.company.id;
  const ana = await buildUser(db(), c, { name: "Ana" });
  const bruno = await buildUser(db(), c, { name: "Bruno" });
  const t1 = await buildTicket(db(), c, { status: "closed", userId: ana.id });
  const t2 = await buildTicket(db(), c, { status: "closed", userId: ana.id });
  const t3 = await buildTicket(db(), c, { status: "closed", userId: bruno.id });
  const t4 = await buildTicket(db(), c, { status: "closed", userId: null });
  const unrated = await buildTicket(db(), c, { status: "closed", userId: bruno.id });
  await rate(c, t1.id, ana.id, 10, "2026-03-02T12:00:00Z");
  await rate(c, t2.id, ana.id, 6, "2026-03-15T12:00:00Z");
  await rate(c, t3.id, bruno.id, 9, "2026-03-31T23:59:00Z");
  // The resolving user was deleted afterwards: counted for the company, for no attendant.
  await rate(c, t4.id, null, 3, "2026-03-20T12:00:00Z");
  // Out of the range: February.
  await rate(c, t3.id, bruno.id, 0, "2026-02-27T12:00:00Z");
  return { team, ana, bruno, t1, t2, t3, t4, unrated };
}

describe("ratings on the dashboard", () => {
  it("averages and counts each attendant's ratings of the range, and the company's with its NPS", async () => {
    const { team, ana, bruno } = await ratedCompany();
    // Another company's ratings of its own attendant, in the same range: never counted here.
    const other = await ratedCompany();

    const body = await get<DashboardDto>(
      team.adminSession,
      "/dashboard?date_from=2026-03-01&date_to=2026-03-31",
    );
    const row = (id: number) => body.attendants.find((a) => a.id === id);
    expect(row(ana.id)).toMatchObject({ rating: 8, countRating: 2 });
    expect(row(bruno.id)).toMatchObject({ rating: 9, countRating: 1 });
    expect(row(team.admin.id)).toMatchObject({ rating: null, countRating: 0 });
    expect(body.attendants.map((a) => a.id)).not.toContain(other.ana.id);
    // 10, 6, 9, 3: average 7; promoters 2 of 4, detractors 2 of 4: NPS 0.
    expect(body.counters).toMatchObject({ avgRating: 7, countRating: 4, nps: 0 });

    // February alone: only Bruno's 0.
    const february = await get<DashboardDto>(
      team.adminSession,
      "/dashboard?date_from=2026-02-01&date_to=2026-02-28",
    );
    expect(february.attendants.find((a) => a.id === bruno.id)).toMatchObject({ rating: 0, countRating: 1 });
    expect(february.counters).toMatchObject({ avgRating: 0, countRating: 1, nps: -100 });

    // The range is the viewer's days: at UTC-3, Bruno's 9 (23:59 UTC on March 31st) is still March.
    const shifted = await get<DashboardDto>(
      team.adminSession,
      "/dashboard?date_from=2026-04-01&date_to=2026-04-30&utcOffset=-180",
    );
    expect(shifted.counters).toMatchObject({ avgRating: null, countRating: 0, nps: null });
  });
});

describe("ratings on tickets", () => {
  it("GET /tickets carries each ticket's latest rate (null when unrated); the ticket page too", async () => {
    const { team, t1, t3, unrated } = await ratedCompany();
    const other = await ratedCompany();
    const list = await get<TicketList>(team.adminSession, "/tickets?status=closed&showAll=true");
    const rateOf = (id: number) => list.tickets.find((t) => t.id === id)?.userRating;
    expect(rateOf(t1.id)).toEqual({ rate: 10 });
    // Rated 0 in February and 9 in March: the latest counts.
    expect(rateOf(t3.id)).toEqual({ rate: 9 });
    expect(rateOf(unrated.id)).toBeNull();
    expect(list.tickets.every((t) => t.userRating !== undefined)).toBe(true);
    // Only this company's tickets, with this company's ratings.
    expect(list.tickets.map((t) => t.id)).not.toContain(other.t1.id);

    const shown = await get<TicketDto>(team.adminSession, `/tickets/u/${t3.uuid}`);
    expect(shown.userRating).toEqual({ rate: 9 });
    const otherShown = await get<TicketDto>(other.team.adminSession, `/tickets/u/${other.unrated.uuid}`);
    expect(otherShown.userRating).toBeNull();
    const refused = await server.app.inject({
      method: "GET",
      url: `/tickets/u/${other.t1.uuid}`,
      headers: team.adminSession.headers,
    });
    expect(refused.statusCode).toBe(404);
  });

  it("a whole page of rated tickets gets every rate right", async () => {
    const team = await buildTeam(server.app, db());
    const c = team.company.id;
    const rated: { id: number; rate: number }[] = [];
    for (let i = 0; i < 25; i++) {
      const ticket = await buildTicket(db(), c, { status: "closed", userId: team.admin.id });
      // Two ratings each: the later one is the ticket's.
      await rate(c, ticket.id, team.admin.id, (i + 3) % 11, "2026-03-01T10:00:00Z");
      await rate(c, ticket.id, team.admin.id, i % 11, "2026-03-01T11:00:00Z");
      rated.push({ id: ticket.id, rate: i % 11 });
    }
    const list = await get<TicketList>(team.adminSession, "/tickets?status=closed&showAll=true");
    expect(list.tickets).toHaveLength(25);
    for (const { id, rate: expected } of rated)
      expect(list.tickets.find((t) => t.id === id)?.userRating).toEqual({ rate: expected });
  });
});
