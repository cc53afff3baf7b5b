import { DEFAULT_LANE, type KanbanBoard, laneOfTags, type TicketDto } from "@inbox/shared";
import { eq, sql } from "drizzle-orm";
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
  unique,
} from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { companySettings, plans, tags, tickets, ticketTags, userQueues } from "../../db/schema/index.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const db = () => server.database.db;
const get = (url: string, headers: object) =>
  server.app.inject({ method: "GET", url, headers: headers as Record<string, string> });

const DAY_MS = 86_400_000;
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY_MS).toISOString().slice(0, 10);
/** Yesterday to today (UTC): the tests' tickets are updated within the last minutes. */
const RECENT = `startDate=${day(-1)}&endDate=${day(0)}`;

async function buildTag(companyId: number, overrides: Partial<typeof tags.$inferInsert> = {}) {
  const [row] = await db()
    .insert(tags)
    .values({ companyId, name: unique("tag"), color: "#123456", ...overrides })
    .returning();
  return row!;
}

async function tagTicket(companyId: number, ticketId: number, tagIds: number[]) {
  for (const tagId of tagIds) await db().insert(ticketTags).values({ companyId, ticketId, tagId });
}

/** Sets updated_at exactly (microseconds included): the board's order and cursors rest on it. */
async function setUpdatedAt(ticketId: number, at: string) {
  await db().execute(sql`UPDATE ${tickets} SET updated_at = ${at}::timestamptz WHERE id = ${ticketId}`);
}

async function board(url: string, headers: object): Promise<KanbanBoard> {
  const res = await get(url, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as KanbanBoard;
}

/** Every card of every lane, following each lane's cursor to its end. */
async function wholeBoard(headers: object, query: string, limit: number) {
  const first = await board(`/ticket/kanban?${query}&limit=${limit}`, headers);
  const lanes = new Map<number, TicketDto[]>();
  for (const lane of first.lanes) {
    const cards = [...lane.tickets];
    let { hasMore, nextCursor } = lane;
    while (hasMore) {
      expect(nextCursor).not.toBeNull();
      const next = await board(
        `/ticket/kanban?${query}&limit=${limit}&lane=${lane.id}&cursor=${encodeURIComponent(nextCursor!)}`,
        headers,
      );
      expect(next.lanes.map((l) => l.id)).toEqual([lane.id]);
      cards.push(...next.lanes[0]!.tickets);
      ({ hasMore, nextCursor } = next.lanes[0]!);
    }
    lanes.set(lane.id, cards);
  }
  return { first, lanes };
}

const byBoardOrder = (a: { updatedAt: string; id: number }, b: { updatedAt: string; id: number }) =>
  a.updatedAt === b.updatedAt ? b.id - a.id : a.updatedAt < b.updatedAt ? 1 : -1;

describe("GET /ticket/kanban", () => {
  it("pages each lane by itself; every open or pending ticket lies once, in the lane of its smallest kanban tag", async () => {
    const team = await buildTeam(server.app, db());
    const companyId = team.company.id;
    const laneB = await buildTag(companyId, { name: unique("B lane"), kanban: 1, color: "#0000ff" });
    const laneA = await buildTag(companyId, { name: unique("A lane"), kanban: 1, color: "#ff0000" });
    const laneC = await buildTag(companyId, { name: unique("C lane"), kanban: 1 });
    const plain = await buildTag(companyId, { name: unique("plain") });
    const laneIds = new Set([laneA.id, laneB.id, laneC.id]);
    const tagSets = [
      [],
      [plain.id],
      [laneA.id],
      [laneB.id, plain.id],
      [laneA.id, laneB.id],
      [laneC.id, laneB.id, plain.id],
      [laneC.id],
    ];
    const expected = new Map<number, number>();
    const base = Date.now() - 60_000;
    for (let i = 0; i < 42; i++) {
      const ticket = await buildTicket(db(), companyId, { status: i % 3 === 0 ? "pending" : "open" });
      const tagIds = tagSets[i % tagSets.length]!;
      await tagTicket(companyId, ticket.id, tagIds);
      // Pairs share one instant to the microsecond: the id breaks the tie, across a page's end too.
      const at = new Date(base + Math.floor(i / 2) * 1000).toISOString().replace("Z", "123Z");
      await setUpdatedAt(ticket.id, at);
      expected.set(ticket.id, laneOfTags(tagIds, laneIds));
    }
    // Closed tickets leave the board whatever their tags.
    const closed = await buildTicket(db(), companyId, { status: "closed" });
    await tagTicket(companyId, closed.id, [laneA.id]);

    const { first, lanes } = await wholeBoard(team.adminSession.headers, RECENT, 4);
    // The default lane first, then the kanban tags by name, each with its colour.
    expect(first.lanes.map((l) => l.id)).toEqual([DEFAULT_LANE, laneA.id, laneB.id, laneC.id]);
    expect(first.lanes[0]!.tag).toBeNull();
    expect(first.lanes[1]!.tag).toEqual({ id: laneA.id, name: laneA.name, color: "#ff0000" });

    const exactlyOnce = (pages: Map<number, TicketDto[]>) => {
      const seen = new Map<number, number>();
      for (const [lane, cards] of pages) {
        expect(cards).toEqual([...cards].sort(byBoardOrder));
        for (const card of cards) {
          expect(seen.has(card.id), `ticket ${card.id} shown twice`).toBe(false);
          seen.set(card.id, lane);
        }
      }
      expect(seen).toEqual(expected);
    };
    exactlyOnce(lanes);
    // Pages of 1: the first pages' shared walk (20 tickets for 4 lanes) ends before the lanes fill,
    // and each lane goes on by its own walk from where it stopped.
    exactlyOnce((await wholeBoard(team.adminSession.headers, RECENT, 1)).lanes);
    // An ordinary user (no queues, no show-all) sees none of these unassigned tickets.
    const none = await wholeBoard(team.userSession.headers, RECENT, 1);
    expect([...none.lanes.values()].flat()).toEqual([]);
    // B was made first (smaller id): lane B holds [B, plain], [A, B] and [C, B, plain], 18 tickets in
    // five pages of 4; [A, B] shows there with both tags.
    expect(lanes.get(laneB.id)).toHaveLength(18);
    const multi = lanes.get(laneB.id)!.find((card) => card.tags!.some((t) => t.id === laneA.id))!;
    expect(multi.tags!.map((t) => t.id).sort()).toEqual([laneA.id, laneB.id].sort());
    expect(lanes.get(laneA.id)).toHaveLength(6);
  });

  it("cards carry contact, connection, user, last message and tags; numbers masked for ordinary users under LGPD", async () => {
    const team = await buildTeam(server.app, db());
    const companyId = team.company.id;
    await db()
      .update(companySettings)
      .set({ enableLGPD: "enabled", lgpdHideNumber: "enabled" })
      .where(eq(companySettings.companyId, companyId));
    server.numbers.invalidate(companyId);
    const connection = await buildConnection(db(), companyId, { name: "Vendas WA", channel: "whatsapp" });
    const contact = await buildContact(db(), companyId, { name: "Maria", number: "5511912345678" });
    const ticket = await buildTicket(db(), companyId, {
      status: "open",
      contactId: contact.id,
      whatsappId: connection.id,
      userId: team.user.id,
      lastMessage: "Olá, preciso de ajuda",
    });
    const lane = await buildTag(companyId, { kanban: 1 });
    await tagTicket(companyId, ticket.id, [lane.id]);

    const asUser = await board("/ticket/kanban", team.userSession.headers);
    const card = asUser.lanes.find((l) => l.id === lane.id)!.tickets[0]!;
    expect(card).toMatchObject({
      id: ticket.id,
      uuid: ticket.uuid,
      channel: "whatsapp",
      lastMessage: "Olá, preciso de ajuda",
      contact: { name: "Maria", number: "5511912**-**78" },
      whatsapp: { name: "Vendas WA", channel: "whatsapp" },
      user: { id: team.user.id, name: team.user.name },
      tags: [{ id: lane.id, name: lane.name, color: lane.color }],
    });
    const asAdmin = await board("/ticket/kanban", team.adminSession.headers);
    expect(asAdmin.lanes.find((l) => l.id === lane.id)!.tickets[0]!.contact!.number).toBe("5511912345678");
  });

  it("shows what GET /tickets would: an ordinary user sees their own and the waiting tickets of their queues", async () => {
    const team = await buildTeam(server.app, db());
    const companyId = team.company.id;
    const mine = await buildQueue(db(), companyId);
    const other = await buildQueue(db(), companyId);
    await db().insert(userQueues).values({ companyId, userId: team.user.id, queueId: mine.id });
    const colleague = await buildUser(db(), companyId);
    const own = await buildTicket(db(), companyId, {
      status: "open",
      userId: team.user.id,
      queueId: other.id,
    });
    const waiting = await buildTicket(db(), companyId, { status: "pending", queueId: mine.id });
    const colleagues = await buildTicket(db(), companyId, {
      status: "open",
      userId: colleague.id,
      queueId: mine.id,
    });
    const otherQueue = await buildTicket(db(), companyId, { status: "pending", queueId: other.id });
    const noQueue = await buildTicket(db(), companyId, { status: "pending" });

    const ids = (b: KanbanBoard) => b.lanes.flatMap((l) => l.tickets.map((t) => t.id)).sort();
    expect(ids(await board("/ticket/kanban", team.userSession.headers))).toEqual([own.id, waiting.id].sort());
    expect(ids(await board("/ticket/kanban", team.adminSession.headers))).toEqual(
      [own.id, waiting.id, colleagues.id, otherQueue.id, noQueue.id].sort(),
    );
    // queueIds narrows (0: without queue), as a JSON list.
    const filtered = await board(
      `/ticket/kanban?queueIds=${encodeURIComponent(JSON.stringify([mine.id, 0]))}`,
      team.adminSession.headers,
    );
    expect(ids(filtered)).toEqual([waiting.id, colleagues.id, noQueue.id].sort());
    // Another company's tickets never show.
    const stranger = await buildTeam(server.app, db());
    expect(ids(await board("/ticket/kanban", stranger.adminSession.headers))).toEqual([]);
  });

  it("the date range matches updatedAt on the viewer's days; default today", async () => {
    const team = await buildTeam(server.app, db());
    const companyId = team.company.id;
    const today = await buildTicket(db(), companyId, { status: "open" });
    const old = await buildTicket(db(), companyId, { status: "open" });
    await setUpdatedAt(old.id, `${day(-3)}T12:00:00.000000Z`);
    const ids = (b: KanbanBoard) => b.lanes.flatMap((l) => l.tickets.map((t) => t.id)).sort();

    // Near midnight UTC the ticket made "now" may be on the viewer's yesterday: ask with UTC's clock.
    expect(
      ids(await board(`/ticket/kanban?startDate=${day(0)}&endDate=${day(0)}`, team.adminSession.headers)),
    ).toEqual([today.id]);
    expect(
      ids(await board(`/ticket/kanban?startDate=${day(-3)}&endDate=${day(-3)}`, team.adminSession.headers)),
    ).toEqual([old.id]);
    expect(
      ids(await board(`/ticket/kanban?startDate=${day(-5)}&endDate=${day(0)}`, team.adminSession.headers)),
    ).toEqual([today.id, old.id].sort());
    // A viewer 14 hours east: 11:00 UTC four days ago is 01:00 of their day three days ago; 12:00 UTC
    // three days ago is already the next day there.
    await setUpdatedAt(today.id, `${day(-4)}T11:00:00.000000Z`);
    const east = await board(
      `/ticket/kanban?startDate=${day(-3)}&endDate=${day(-3)}&utcOffset=840`,
      team.adminSession.headers,
    );
    expect(ids(east)).toEqual([today.id]);
  });

  it("refuses bad input with 400 and a lane the company does not have with 404", async () => {
    const team = await buildTeam(server.app, db());
    const h = team.adminSession.headers;
    const foreign = await buildTag((await buildCompany(db())).id, { kanban: 1 });
    const plain = await buildTag(team.company.id);
    const cases: [string, number][] = [
      [`/ticket/kanban?startDate=${day(0)}&endDate=${day(-1)}`, 400],
      ["/ticket/kanban?startDate=2026-02-30", 400],
      ["/ticket/kanban?cursor=2026-01-01T00:00:00.000000Z_5", 400],
      ["/ticket/kanban?lane=0&cursor=yesterday", 400],
      ["/ticket/kanban?lane=-1", 400],
      ["/ticket/kanban?limit=1000", 400],
      ["/ticket/kanban?queueIds=[abc]", 400],
      [`/ticket/kanban?lane=${foreign.id}`, 404],
      [`/ticket/kanban?lane=${plain.id}`, 404],
    ];
    for (const [url, status] of cases) {
      const res = await get(url, h);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(status);
    }
    const none = await board("/ticket/kanban?lane=none", h);
    expect(none.lanes.map((l) => l.id)).toEqual([DEFAULT_LANE]);
  });

  it("needs the plan's useKanban flag", async () => {
    const team = await buildTeam(server.app, db());
    await db().update(plans).set({ useKanban: false }).where(eq(plans.id, team.company.planId));
    server.app.planFeatures.invalidate(team.company.id);
    const res = await get("/ticket/kanban", team.adminSession.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: "ERR_PLAN_NO_KANBAN" });
    const again = await login(server.app, team.user.email);
    expect((await get("/ticket/kanban", again.headers)).statusCode).toBe(403);
  });
});
