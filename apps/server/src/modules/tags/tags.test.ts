import type { ContactDto, TagDto } from "@inbox/shared";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { buildContact, buildQueue, buildTeam, buildTicket, unique } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { tags, ticketTags } from "../../db/schema/index.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
afterEach(() => vi.restoreAllMocks());

const db = () => server.database.db;
const inject = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, headers: object, payload?: object) =>
  server.app.inject({ method, url, headers: headers as Record<string, string>, payload });

async function buildTag(companyId: number, overrides: Partial<typeof tags.$inferInsert> = {}) {
  const [row] = await db()
    .insert(tags)
    .values({ companyId, name: unique("tag"), color: "#123456", ...overrides })
    .returning();
  return row!;
}

describe("tags", () => {
  it("any user creates a tag; a short name answers 'Tag muito curta!'; a taken name answers that tag", async () => {
    const team = await buildTeam(server.app, db());
    const emit = vi.spyOn(server.realtime, "toCompany");
    const created = await inject("POST", "/tags", team.userSession.headers, {
      name: "VIP",
      kanban: 0,
      color: "#FF0000",
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: "VIP", color: "#FF0000", kanban: 0 });
    expect(emit).toHaveBeenCalledWith(team.company.id, "tag", { action: "create", tag: created.json() });

    const short = await inject("POST", "/tags", team.userSession.headers, { name: "ab" });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({
      error: "ERR_VALIDATION",
      field: "name",
      message: "Tag muito curta!",
    });

    const again = await inject("POST", "/tags", team.userSession.headers, { name: "VIP", kanban: 1 });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(created.json().id);

    const defaults = await inject("POST", "/tags", team.userSession.headers, { name: "Lane", kanban: true });
    expect(defaults.json()).toMatchObject({ kanban: 1, color: expect.stringMatching(/^#/) });
    const badColor = await inject("POST", "/tags", team.userSession.headers, {
      name: "Cor ruim",
      color: "red",
    });
    expect(badColor.statusCode).toBe(400);
  });

  it("GET /tags/list lists the company's tags, optionally kanban lanes only", async () => {
    const team = await buildTeam(server.app, db());
    const lane = await buildTag(team.company.id, { name: "B lane", kanban: 1 });
    const plain = await buildTag(team.company.id, { name: "A plain" });
    const other = await buildTeam(server.app, db());
    await buildTag(other.company.id, { name: "Theirs" });
    const all = (await inject("GET", "/tags/list", team.userSession.headers)).json() as TagDto[];
    expect(all.map((t) => t.id)).toEqual([plain.id, lane.id]);
    const lanes = (await inject("GET", "/tags/list?kanban=1", team.userSession.headers)).json() as TagDto[];
    expect(lanes.map((t) => t.id)).toEqual([lane.id]);
    const notLanes = (
      await inject("GET", "/tags/list?kanban=0", team.userSession.headers)
    ).json() as TagDto[];
    expect(notLanes.map((t) => t.id)).toEqual([plain.id]);
  });
});

describe("ticket tags", () => {
  it("tags a ticket (idempotent), and DELETE takes the ticket out of its kanban lane only; lists hear it", async () => {
    const team = await buildTeam(server.app, db());
    const ticket = await buildTicket(db(), team.company.id, { status: "open", userId: team.admin.id });
    const lane = await buildTag(team.company.id, { kanban: 1 });
    const plain = await buildTag(team.company.id);
    const changed = vi.spyOn(server.realtime, "toRooms");
    for (const tag of [lane, plain, plain]) {
      const res = await inject("PUT", `/ticket-tags/${ticket.id}/${tag.id}`, team.adminSession.headers);
      expect(res.statusCode).toBe(200);
    }
    expect(changed).toHaveBeenCalledWith(
      team.company.id,
      expect.any(Array),
      "ticket",
      expect.objectContaining({ action: "update", ticket: expect.objectContaining({ id: ticket.id }) }),
    );
    const linked = async () =>
      (await db().select().from(ticketTags).where(eq(ticketTags.ticketId, ticket.id)))
        .map((r) => r.tagId)
        .sort();
    expect(await linked()).toEqual([lane.id, plain.id].sort());
    const removed = await inject("DELETE", `/ticket-tags/${ticket.id}`, team.adminSession.headers);
    expect(removed.statusCode).toBe(200);
    expect(await linked()).toEqual([plain.id]);
  });

  it("refuses a tag or a ticket of another company, and a ticket the user may not see", async () => {
    const team = await buildTeam(server.app, db());
    const other = await buildTeam(server.app, db());
    const ticket = await buildTicket(db(), team.company.id);
    const foreignTag = await buildTag(other.company.id);
    const res = await inject("PUT", `/ticket-tags/${ticket.id}/${foreignTag.id}`, team.adminSession.headers);
    expect(res.statusCode).toBe(404);
    const tag = await buildTag(team.company.id);
    const foreignTicket = await buildTicket(db(), other.company.id);
    const res2 = await inject("PUT", `/ticket-tags/${foreignTicket.id}/${tag.id}`, team.adminSession.headers);
    expect(res2.statusCode).toBe(404);
    expect(res2.json().error).toBe("ERR_NO_TICKET_FOUND");
    // An ordinary user outside the ticket's queue, with it assigned to someone else.
    const queue = await buildQueue(db(), team.company.id);
    const hidden = await buildTicket(db(), team.company.id, {
      status: "open",
      queueId: queue.id,
      userId: team.admin.id,
    });
    const res3 = await inject("PUT", `/ticket-tags/${hidden.id}/${tag.id}`, team.userSession.headers);
    expect([403, 404]).toContain(res3.statusCode);
    expect(await db().select().from(ticketTags).where(eq(ticketTags.ticketId, hidden.id))).toEqual([]);
  });
});

describe("contact tags", () => {
  it("POST /tags/sync makes the contact's tags exactly the given ones; GET /contactTags reads them", async () => {
    const team = await buildTeam(server.app, db());
    const contact = await buildContact(db(), team.company.id);
    const [a, b, c] = [
      await buildTag(team.company.id),
      await buildTag(team.company.id),
      await buildTag(team.company.id),
    ];
    const first = await inject("POST", "/tags/sync", team.userSession.headers, {
      contactId: contact.id,
      tags: [{ id: a.id, name: a.name }, { id: b.id }],
    });
    expect(first.statusCode).toBe(200);
    expect((first.json() as ContactDto).tags.map((t) => t.id).sort()).toEqual([a.id, b.id].sort());
    const second = await inject("POST", "/tags/sync", team.userSession.headers, {
      contactId: contact.id,
      tags: [c.id],
    });
    expect((second.json() as ContactDto).tags.map((t) => t.id)).toEqual([c.id]);
    const read = await inject("GET", `/contactTags/${contact.id}`, team.userSession.headers);
    expect(read.json()).toEqual({
      tags: [
        {
          id: c.id,
          name: c.name,
          color: c.color,
          kanban: 0,
          timeLane: 0,
          nextLaneId: null,
          rollbackLaneId: null,
          greetingMessageLane: null,
        },
      ],
    });
    const cleared = await inject("POST", "/tags/sync", team.userSession.headers, {
      contactId: contact.id,
      tags: [],
    });
    expect((cleared.json() as ContactDto).tags).toEqual([]);
  });

  it("refuses another company's tag or contact and changes nothing", async () => {
    const team = await buildTeam(server.app, db());
    const other = await buildTeam(server.app, db());
    const contact = await buildContact(db(), team.company.id);
    const mine = await buildTag(team.company.id);
    await inject("POST", "/tags/sync", team.userSession.headers, { contactId: contact.id, tags: [mine.id] });
    const foreignTag = await buildTag(other.company.id);
    const res = await inject("POST", "/tags/sync", team.userSession.headers, {
      contactId: contact.id,
      tags: [mine.id, foreignTag.id],
    });
    expect(res.statusCode).toBe(400);
    const byOther = await inject("POST", "/tags/sync", other.adminSession.headers, {
      contactId: contact.id,
      tags: [foreignTag.id],
    });
    expect(byOther.statusCode).toBe(404);
    expect(byOther.json().error).toBe("ERR_NO_CONTACT_FOUND");
    const read = await inject("GET", `/contactTags/${contact.id}`, team.userSession.headers);
    expect(read.json().tags.map((t: TagDto) => t.id)).toEqual([mine.id]);
    expect((await inject("GET", `/contactTags/${contact.id}`, other.adminSession.headers)).statusCode).toBe(
      404,
    );
  });
});
