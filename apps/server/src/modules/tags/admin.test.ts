import type { KanbanTagDto, TagPageDto, TagWithCountDto } from "@inbox/shared";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { buildContact, buildTeam, buildTicket, unique } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { contactTags, tags, ticketTags } from "../../db/schema/index.js";

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

const tagRow = async (id: number) => (await db().select().from(tags).where(eq(tags.id, id)))[0];

describe("GET /tags/", () => {
  it("pages by name then id: every tag exactly once across pages, each with its contact count", async () => {
    const team = await buildTeam(server.app, db());
    // 45 tags: three pages of 20; another company's tag of the same name stays out.
    const made: Awaited<ReturnType<typeof buildTag>>[] = [];
    for (let i = 0; i < 45; i++)
      made.push(await buildTag(team.company.id, { name: `t-${String(i).padStart(2, "0")}` }));
    const contactsOf = [3, 0, 1];
    for (const [index, n] of contactsOf.entries())
      for (let k = 0; k < n; k++) {
        const contact = await buildContact(db(), team.company.id);
        await db()
          .insert(contactTags)
          .values({ companyId: team.company.id, contactId: contact.id, tagId: made[index]!.id });
      }
    const other = await buildTeam(server.app, db());
    await buildTag(other.company.id, { name: "t-00" });

    const seen: TagWithCountDto[] = [];
    for (let page = 1; ; page++) {
      const res = await inject("GET", `/tags/?pageNumber=${page}`, team.userSession.headers);
      expect(res.statusCode).toBe(200);
      const body = res.json() as TagPageDto;
      expect(body.count).toBe(45);
      seen.push(...body.tags);
      if (!body.hasMore) break;
    }
    expect(seen.map((t) => t.id)).toEqual(made.map((t) => t.id));
    expect(seen.slice(0, 4).map((t) => t.contactsCount)).toEqual([3, 0, 1, 0]);
  });

  it("searches the name (case ignored, LIKE characters literal), filters kanban and leaves tagId out", async () => {
    const team = await buildTeam(server.app, db());
    const lane = await buildTag(team.company.id, { name: "Lane Alpha", kanban: 1 });
    const lane2 = await buildTag(team.company.id, { name: "Lane Beta", kanban: 1 });
    const plain = await buildTag(team.company.id, { name: "Cliente 100%" });
    const ids = async (query: string) =>
      ((await inject("GET", `/tags?${query}`, team.userSession.headers)).json() as TagPageDto).tags.map(
        (t) => t.id,
      );
    expect(await ids("searchParam=lane")).toEqual([lane.id, lane2.id]);
    expect(await ids("searchParam=100%25")).toEqual([plain.id]);
    expect(await ids("searchParam=%25")).toEqual([plain.id]);
    expect(await ids("kanban=1")).toEqual([lane.id, lane2.id]);
    expect(await ids("kanban=0")).toEqual([plain.id]);
    expect(await ids(`kanban=1&tagId=${lane.id}`)).toEqual([lane2.id]);
    expect((await inject("GET", "/tags?pageNumber=0", team.userSession.headers)).statusCode).toBe(400);
  });
});

describe("GET /tags/{id}", () => {
  it("answers the tag with its contact count; another company's is 404", async () => {
    const team = await buildTeam(server.app, db());
    const tag = await buildTag(team.company.id, { kanban: 1, timeLane: 4, greetingMessageLane: "Oi" });
    const contact = await buildContact(db(), team.company.id);
    await db()
      .insert(contactTags)
      .values({ companyId: team.company.id, contactId: contact.id, tagId: tag.id });
    const res = await inject("GET", `/tags/${tag.id}`, team.userSession.headers);
    expect(res.json()).toMatchObject({
      id: tag.id,
      kanban: 1,
      timeLane: 4,
      greetingMessageLane: "Oi",
      contactsCount: 1,
    });
    const other = await buildTeam(server.app, db());
    expect((await inject("GET", `/tags/${tag.id}`, other.adminSession.headers)).statusCode).toBe(404);
  });
});

describe("PUT /tags/{id}", () => {
  it("admins change name, colour, kanban and lanes; the change is announced", async () => {
    const team = await buildTeam(server.app, db());
    const next = await buildTag(team.company.id, { kanban: 1 });
    const back = await buildTag(team.company.id, { kanban: 1 });
    const tag = await buildTag(team.company.id);
    const emit = vi.spyOn(server.realtime, "toCompany");
    const res = await inject("PUT", `/tags/${tag.id}`, team.adminSession.headers, {
      name: "  Em negociação ",
      color: "#00FF00",
      kanban: true,
      timeLane: "6",
      nextLaneId: next.id,
      rollbackLaneId: back.id,
      greetingMessageLane: "Bem-vindo",
    });
    expect(res.statusCode, res.body).toBe(200);
    const expected = {
      id: tag.id,
      name: "Em negociação",
      color: "#00FF00",
      kanban: 1,
      timeLane: 6,
      nextLaneId: next.id,
      rollbackLaneId: back.id,
      greetingMessageLane: "Bem-vindo",
    };
    expect(res.json()).toEqual(expected);
    expect(await tagRow(tag.id)).toMatchObject(expected);
    expect(emit).toHaveBeenCalledWith(team.company.id, "tag", { action: "update", tag: expected });
    // "no lane" comes as null or false.
    const cleared = await inject("PUT", `/tags/${tag.id}`, team.adminSession.headers, {
      nextLaneId: false,
      rollbackLaneId: null,
    });
    expect(cleared.json()).toMatchObject({ nextLaneId: null, rollbackLaneId: null, name: "Em negociação" });
  });

  it("validates with the spec's messages and clear codes, changing nothing", async () => {
    const team = await buildTeam(server.app, db());
    const tag = await buildTag(team.company.id, { kanban: 1 });
    const taken = await buildTag(team.company.id);
    const plain = await buildTag(team.company.id);
    const foreignLane = await buildTag((await buildTeam(server.app, db())).company.id, { kanban: 1 });
    const before = await tagRow(tag.id);
    const put = (body: object) => inject("PUT", `/tags/${tag.id}`, team.adminSession.headers, body);
    const cases: [object, object][] = [
      [{ name: "" }, { error: "ERR_VALIDATION", field: "name", message: "Obrigatório" }],
      [{ name: "ab" }, { error: "ERR_VALIDATION", field: "name", message: "Mensagem muito curta" }],
      [{ name: taken.name }, { error: "ERR_TAG_NAME_ALREADY_EXISTS", field: "name" }],
      [{ timeLane: -1 }, { error: "ERR_VALIDATION", field: "timeLane" }],
      [{ timeLane: 1.5 }, { error: "ERR_VALIDATION", field: "timeLane" }],
      [{ color: "red" }, { error: "ERR_VALIDATION", field: "color" }],
      [{ nextLaneId: tag.id }, { error: "ERR_TAG_INVALID_LANE", field: "nextLaneId" }],
      [{ nextLaneId: plain.id }, { error: "ERR_TAG_INVALID_LANE", field: "nextLaneId" }],
      [{ rollbackLaneId: foreignLane.id }, { error: "ERR_TAG_INVALID_LANE", field: "rollbackLaneId" }],
      [{ rollbackLaneId: 2_000_000_000 }, { error: "ERR_TAG_INVALID_LANE", field: "rollbackLaneId" }],
    ];
    for (const [body, error] of cases) {
      const res = await put(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject(error);
    }
    expect(await tagRow(tag.id)).toEqual(before);
  });

  it("an ordinary user may not edit or delete; an unknown tag is 404", async () => {
    const team = await buildTeam(server.app, db());
    const tag = await buildTag(team.company.id);
    const before = await tagRow(tag.id);
    const edit = await inject("PUT", `/tags/${tag.id}`, team.userSession.headers, { name: "Renamed" });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().error).toBe("ERR_NO_PERMISSION");
    expect((await inject("DELETE", `/tags/${tag.id}`, team.userSession.headers)).statusCode).toBe(403);
    expect(await tagRow(tag.id)).toEqual(before);
    expect(
      (await inject("PUT", "/tags/2000000000", team.adminSession.headers, { name: "Nada" })).statusCode,
    ).toBe(404);
    expect((await inject("DELETE", "/tags/2000000000", team.adminSession.headers)).statusCode).toBe(404);
  });

  it("a lane turned into a plain tag is cleared from the tags that move tickets to it", async () => {
    const team = await buildTeam(server.app, db());
    const lane = await buildTag(team.company.id, { kanban: 1 });
    const pointing = await buildTag(team.company.id, {
      kanban: 1,
      nextLaneId: lane.id,
      rollbackLaneId: lane.id,
    });
    const emit = vi.spyOn(server.realtime, "toCompany");
    expect(
      (await inject("PUT", `/tags/${lane.id}`, team.adminSession.headers, { kanban: 0 })).statusCode,
    ).toBe(200);
    expect(await tagRow(pointing.id)).toMatchObject({ nextLaneId: null, rollbackLaneId: null });
    expect(emit).toHaveBeenCalledWith(team.company.id, "tag", {
      action: "update",
      tag: expect.objectContaining({ id: pointing.id, nextLaneId: null }),
    });
  });
});

describe("DELETE /tags/{id}", () => {
  it("deletes the tag and its links, clears lane references to it, and announces it", async () => {
    const team = await buildTeam(server.app, db());
    const lane = await buildTag(team.company.id, { kanban: 1 });
    const keep = await buildTag(team.company.id, { kanban: 1 });
    const next = await buildTag(team.company.id, { kanban: 1, nextLaneId: lane.id, rollbackLaneId: keep.id });
    const back = await buildTag(team.company.id, { kanban: 1, nextLaneId: keep.id, rollbackLaneId: lane.id });
    const ticket = await buildTicket(db(), team.company.id, { status: "open" });
    await db().insert(ticketTags).values({ companyId: team.company.id, ticketId: ticket.id, tagId: lane.id });
    await db()
      .insert(contactTags)
      .values({ companyId: team.company.id, contactId: ticket.contactId, tagId: lane.id });
    const emit = vi.spyOn(server.realtime, "toCompany");
    const res = await inject("DELETE", `/tags/${lane.id}`, team.adminSession.headers);
    expect(res.statusCode).toBe(200);
    expect(await tagRow(lane.id)).toBeUndefined();
    expect(await tagRow(next.id)).toMatchObject({ nextLaneId: null, rollbackLaneId: keep.id });
    expect(await tagRow(back.id)).toMatchObject({ nextLaneId: keep.id, rollbackLaneId: null });
    expect(await db().select().from(ticketTags).where(eq(ticketTags.tagId, lane.id))).toEqual([]);
    expect(await db().select().from(contactTags).where(eq(contactTags.tagId, lane.id))).toEqual([]);
    expect(emit).toHaveBeenCalledWith(team.company.id, "tag", { action: "delete", tagId: lane.id });
    expect(emit).toHaveBeenCalledWith(team.company.id, "tag", {
      action: "update",
      tag: expect.objectContaining({ id: next.id, nextLaneId: null }),
    });
  });
});

describe("POST /tags lanes", () => {
  it("refuses a lane that is not a kanban tag of the company; a tag without a colour gets a random one", async () => {
    const team = await buildTeam(server.app, db());
    const plain = await buildTag(team.company.id);
    const res = await inject("POST", "/tags", team.userSession.headers, {
      name: unique("x"),
      kanban: 1,
      nextLaneId: plain.id,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: "ERR_TAG_INVALID_LANE", field: "nextLaneId" });
    // The tags page's form asks with ?unique=1: a taken name is refused instead of answered.
    const taken = await inject("POST", "/tags?unique=1", team.userSession.headers, { name: plain.name });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({ error: "ERR_TAG_NAME_ALREADY_EXISTS", field: "name" });
    const colours = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const made = await inject("POST", "/tags", team.userSession.headers, { name: unique("cor") });
      expect(made.json().color).toMatch(/^#[0-9a-f]{6}$/);
      colours.add(made.json().color);
    }
    expect(colours.size).toBeGreaterThan(1);
  });
});

describe("tag contacts", () => {
  it("GET /tags-contacts/{tagId} pages the tag's contacts; DELETE /tags-contacts/{tagId}/{contactId} removes one", async () => {
    const team = await buildTeam(server.app, db());
    const tag = await buildTag(team.company.id);
    const made: Awaited<ReturnType<typeof buildContact>>[] = [];
    for (let i = 0; i < 23; i++) {
      const contact = await buildContact(db(), team.company.id, { name: `c-${String(i).padStart(2, "0")}` });
      made.push(contact);
      await db()
        .insert(contactTags)
        .values({ companyId: team.company.id, contactId: contact.id, tagId: tag.id });
    }
    const first = (await inject("GET", `/tags-contacts/${tag.id}`, team.userSession.headers)).json();
    const second = (
      await inject("GET", `/tags-contacts/${tag.id}?pageNumber=2`, team.userSession.headers)
    ).json();
    expect(first).toMatchObject({ count: 23, hasMore: true });
    expect(second.hasMore).toBe(false);
    expect([...first.contacts, ...second.contacts].map((c: { id: number }) => c.id)).toEqual(
      made.map((c) => c.id),
    );

    const emit = vi.spyOn(server.realtime, "toCompanyByNumbers");
    const res = await inject("DELETE", `/tags-contacts/${tag.id}/${made[0]!.id}`, team.userSession.headers);
    expect(res.statusCode).toBe(200);
    expect(emit).toHaveBeenCalledWith(team.company.id, "contact", expect.anything());
    const left = await db().select().from(contactTags).where(eq(contactTags.tagId, tag.id));
    expect(left).toHaveLength(22);
    expect(left.some((row) => row.contactId === made[0]!.id)).toBe(false);
    expect((await inject("GET", `/tags/${tag.id}`, team.userSession.headers)).json().contactsCount).toBe(22);
    const other = await buildTeam(server.app, db());
    expect(
      (await inject("DELETE", `/tags-contacts/${tag.id}/${made[1]!.id}`, other.adminSession.headers))
        .statusCode,
    ).toBe(404);
  });
});

describe("GET /tag/kanban/", () => {
  it("answers the kanban tags with their open and pending tickets as lista", async () => {
    const team = await buildTeam(server.app, db());
    const a = await buildTag(team.company.id, { name: "A lane", kanban: 1 });
    const b = await buildTag(team.company.id, { name: "B lane", kanban: 1 });
    await buildTag(team.company.id, { name: "C plain" });
    for (const status of ["open", "pending", "closed"] as const) {
      const ticket = await buildTicket(db(), team.company.id, { status });
      await db().insert(ticketTags).values({ companyId: team.company.id, ticketId: ticket.id, tagId: a.id });
    }
    const res = await inject("GET", "/tag/kanban/", team.userSession.headers);
    expect(res.statusCode).toBe(200);
    const lista = res.json().lista as KanbanTagDto[];
    expect(lista.map((t) => [t.id, t.ticketsCount])).toEqual([
      [a.id, 2],
      [b.id, 0],
    ]);
  });
});
