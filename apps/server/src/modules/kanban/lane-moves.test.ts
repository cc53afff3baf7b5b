import type { TicketLogEntryDto } from "@inbox/shared";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { buildTeam, buildTicket, unique } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { tags, ticketLogs, ticketTags } from "../../db/schema/index.js";

/** PUT and DELETE /ticket-tags as the kanban board's drag and drop uses them (spec 2). */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
afterEach(() => vi.restoreAllMocks());

const db = () => server.database.db;
const inject = (method: "GET" | "PUT" | "DELETE", url: string, headers: object) =>
  server.app.inject({ method, url, headers: headers as Record<string, string> });

async function buildTag(companyId: number, overrides: Partial<typeof tags.$inferInsert> = {}) {
  const [row] = await db()
    .insert(tags)
    .values({ companyId, name: unique("lane"), color: "#123456", ...overrides })
    .returning();
  return row!;
}

async function board() {
  const team = await buildTeam(server.app, db());
  const ticket = await buildTicket(db(), team.company.id, { status: "open", userId: team.admin.id });
  const todo = await buildTag(team.company.id, { kanban: 1, name: unique("A fazer") });
  const doing = await buildTag(team.company.id, { kanban: 1, name: unique("Fazendo") });
  const plain = await buildTag(team.company.id);
  const linked = async () =>
    (await db().select().from(ticketTags).where(eq(ticketTags.ticketId, ticket.id)))
      .map((r) => r.tagId)
      .sort();
  const laneLogs = () =>
    db()
      .select()
      .from(ticketLogs)
      .where(and(eq(ticketLogs.ticketId, ticket.id), eq(ticketLogs.type, "lane")))
      .orderBy(ticketLogs.id);
  const put = (tagId: number) =>
    inject("PUT", `/ticket-tags/${ticket.id}/${tagId}`, team.adminSession.headers);
  return { team, ticket, todo, doing, plain, linked, laneLogs, put };
}

type TicketPayload = { whole: { action: string; ticket: { id: number; tags: { id: number }[] } } };

/** The ticket updates the company's screens heard, with the tag ids they carried. */
function ticketUpdates(spy: { mock: { calls: unknown[][] } }, ticketId: number): number[][] {
  return spy.mock.calls
    .filter((call) => call[2] === "ticket")
    .map((call) => (call[3] as TicketPayload).whole)
    .filter((payload) => payload.action === "update" && payload.ticket.id === ticketId)
    .map((payload) => payload.ticket.tags.map((t) => t.id).sort());
}

describe("lane moves", () => {
  it("a kanban tag replaces the ticket's lane; a plain tag is added beside it", async () => {
    const b = await board();
    expect((await b.put(b.todo.id)).json()).toEqual({ message: "Tag added to the ticket" });
    expect((await b.put(b.plain.id)).statusCode).toBe(200);
    expect(await b.linked()).toEqual([b.todo.id, b.plain.id].sort());
    expect((await b.put(b.doing.id)).statusCode).toBe(200);
    expect(await b.linked()).toEqual([b.doing.id, b.plain.id].sort());
    const removed = await inject("DELETE", `/ticket-tags/${b.ticket.id}`, b.team.adminSession.headers);
    expect(removed.json()).toEqual({ message: "Kanban tags removed from the ticket" });
    expect(await b.linked()).toEqual([b.plain.id]);
  });

  it("each change is logged with who and the lanes; the screens hear the ticket's new tags", async () => {
    const b = await board();
    const emitted = vi.spyOn(server.realtime, "toRoomsByNumbers");
    await b.put(b.todo.id);
    await b.put(b.doing.id);
    await inject("DELETE", `/ticket-tags/${b.ticket.id}`, b.team.adminSession.headers);
    expect((await b.laneLogs()).map((l) => [l.userId, l.fromTagId, l.toTagId])).toEqual([
      [b.team.admin.id, null, b.todo.id],
      [b.team.admin.id, b.todo.id, b.doing.id],
      [b.team.admin.id, b.doing.id, null],
    ]);
    expect(ticketUpdates(emitted, b.ticket.id)).toEqual([[b.todo.id], [b.doing.id], []]);

    // The log dialog names the lanes.
    const res = await inject("GET", `/tickets-log/${b.ticket.id}`, b.team.adminSession.headers);
    const lanes = (res.json() as TicketLogEntryDto[]).filter((e) => e.type === "lane");
    expect(lanes[1]).toMatchObject({
      user: { id: b.team.admin.id },
      fromLane: { id: b.todo.id, name: b.todo.name, color: b.todo.color },
      toLane: { id: b.doing.id, name: b.doing.name },
    });
    expect(lanes[2]).toMatchObject({ fromLane: { id: b.doing.id }, toLane: null });
  });

  it("moving to the lane the ticket is in, or out of no lane, changes nothing: no log, no event", async () => {
    const b = await board();
    await b.put(b.todo.id);
    const emitted = vi.spyOn(server.realtime, "toRoomsByNumbers");
    const [entry] = await db().select().from(ticketTags).where(eq(ticketTags.ticketId, b.ticket.id));
    expect((await b.put(b.todo.id)).statusCode).toBe(200);
    const [after] = await db().select().from(ticketTags).where(eq(ticketTags.ticketId, b.ticket.id));
    expect(after?.laneEntry).toBe(entry?.laneEntry);
    await inject("DELETE", `/ticket-tags/${b.ticket.id}`, b.team.adminSession.headers);
    await inject("DELETE", `/ticket-tags/${b.ticket.id}`, b.team.adminSession.headers);
    expect(await b.laneLogs()).toHaveLength(2);
    expect(ticketUpdates(emitted, b.ticket.id)).toEqual([[]]);
  });

  it("concurrent moves of one ticket take turns: it ends in exactly one lane, every move logged", async () => {
    const b = await board();
    const third = await buildTag(b.team.company.id, { kanban: 1 });
    const answers = await Promise.all([
      b.put(b.todo.id),
      b.put(b.doing.id),
      b.put(third.id),
      b.put(b.todo.id),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    const links = await b.linked();
    expect(links).toHaveLength(1);
    const logs = await b.laneLogs();
    // The log chains: each move starts where the previous one ended, and the last ends in the lane.
    for (let i = 1; i < logs.length; i++) expect(logs[i]?.fromTagId).toBe(logs[i - 1]?.toTagId);
    expect(logs.at(-1)?.toTagId).toBe(links[0]);
  });

  it("an older ticket in two lanes keeps only the one it is moved to", async () => {
    const b = await board();
    await db()
      .insert(ticketTags)
      .values([
        { companyId: b.team.company.id, ticketId: b.ticket.id, tagId: b.todo.id },
        { companyId: b.team.company.id, ticketId: b.ticket.id, tagId: b.doing.id },
      ]);
    await b.put(b.doing.id);
    expect(await b.linked()).toEqual([b.doing.id]);
  });

  it("refuses another company's lane and another company's ticket, changing nothing", async () => {
    const b = await board();
    const other = await buildTeam(server.app, db());
    const foreign = await buildTag(other.company.id, { kanban: 1 });
    expect((await b.put(foreign.id)).statusCode).toBe(404);
    const foreignTicket = await buildTicket(db(), other.company.id);
    const res = await inject(
      "PUT",
      `/ticket-tags/${foreignTicket.id}/${b.todo.id}`,
      b.team.adminSession.headers,
    );
    expect(res.statusCode).toBe(404);
    expect(await db().select().from(ticketTags).where(eq(ticketTags.ticketId, foreignTicket.id))).toEqual([]);
    expect(await b.linked()).toEqual([]);
  });
});
