import { canSeeTicket, LIMITS, type TicketList, ticketScope } from "@inbox/shared";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildAdmin,
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
import { tags, tickets, ticketTags, userQueues } from "../../db/schema/index.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const db = () => server.database.db;

async function list(session: Session, query: Record<string, string | number> = {}): Promise<TicketList> {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  const res = await server.app.inject({ method: "GET", url: `/tickets?${search}`, headers: session.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TicketList;
}

const ids = (page: TicketList) => page.tickets.map((t) => t.id);
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

describe("GET /tickets: filters", () => {
  it("filters by status, unread, group, connection, queue (with 'without queue') and tags", async () => {
    const team = await buildTeam(server.app, db());
    const c = team.company.id;
    const q1 = await buildQueue(db(), c);
    const q2 = await buildQueue(db(), c);
    const conn = await buildConnection(db(), c);
    const pendingQ1 = await buildTicket(db(), c, { status: "pending", queueId: q1.id, unreadMessages: 2 });
    const pendingNone = await buildTicket(db(), c, { status: "pending", whatsappId: conn.id });
    const openQ2 = await buildTicket(db(), c, { status: "open", queueId: q2.id, userId: team.admin.id });
    const closed = await buildTicket(db(), c, { status: "closed", queueId: q1.id });
    const group = await buildTicket(db(), c, { status: "group", isGroup: true });
    const [tag] = await db().insert(tags).values({ companyId: c, name: "vip", color: "#f00" }).returning();
    await db().insert(ticketTags).values({ companyId: c, ticketId: openQ2.id, tagId: tag!.id });

    const admin = team.adminSession;
    const all = { showAll: "true" };
    expect(sorted(ids(await list(admin, { ...all, status: "pending" })))).toEqual(
      sorted([pendingQ1.id, pendingNone.id]),
    );
    expect(ids(await list(admin, { ...all, status: "closed" }))).toEqual([closed.id]);
    expect(ids(await list(admin, { ...all, withUnreadMessages: "true" }))).toEqual([pendingQ1.id]);
    expect(ids(await list(admin, { ...all, isGroup: "true" }))).toEqual([group.id]);
    expect(ids(await list(admin, { ...all, whatsapps: `[${conn.id}]` }))).toEqual([pendingNone.id]);
    expect(ids(await list(admin, { ...all, tags: String(tag!.id) }))).toEqual([openQ2.id]);
    // The original app's JSON array, with 0 for "without queue".
    expect(sorted(ids(await list(admin, { ...all, status: "pending", queueIds: `[0,${q2.id}]` })))).toEqual([
      pendingNone.id,
    ]);
    expect(sorted(ids(await list(admin, { ...all, queueIds: `${q1.id},${q2.id}` })))).toEqual(
      sorted([pendingQ1.id, openQ2.id, closed.id]),
    );
    expect(sorted(ids(await list(admin, { ...all, statusFilter: '["open","closed"]' })))).toEqual(
      sorted([openQ2.id, closed.id]),
    );
  });

  it("searches the contact's name and number, lower-cased, and inside messages only when asked", async () => {
    const team = await buildTeam(server.app, db());
    const c = team.company.id;
    const maria = await buildContact(db(), c, { name: "Maria Clara", number: "5511990001111" });
    const joao = await buildContact(db(), c, { name: "João", number: "5511990002222" });
    const byName = await buildTicket(db(), c, { contactId: maria.id, status: "pending" });
    const byNumber = await buildTicket(db(), c, { contactId: joao.id, status: "pending" });
    const s = team.adminSession;
    expect(ids(await list(s, { showAll: "true", searchParam: "MARIA" }))).toEqual([byName.id]);
    expect(ids(await list(s, { showAll: "true", searchParam: "0002222" }))).toEqual([byNumber.id]);
    expect(ids(await list(s, { showAll: "true", searchParam: "100%" }))).toEqual([]);

    await server.ingest.deliver(await buildConnection(db(), c, { channel: "whatsappapi" }), [
      {
        kind: "message",
        message: {
          providerMessageId: "wamid.search",
          timestamp: new Date(),
          fromMe: false,
          contact: { id: "5511990003333", name: "Pedro" },
          body: "Quero um orçamento de pintura",
          mediaType: "chat",
          isForwarded: false,
        },
      },
    ]);
    expect(ids(await list(s, { showAll: "true", searchParam: "pintura" }))).toEqual([]);
    const found = await list(s, { showAll: "true", searchParam: "pintura", searchOnMessages: "true" });
    expect(found.tickets.map((t) => t.contact?.name)).toEqual(["Pedro"]);
  });

  it("refuses malformed parameters with 400", async () => {
    const team = await buildTeam(server.app, db());
    for (const query of [
      "status=bogus",
      "pageNumber=0",
      "queueIds=abc",
      "showAll=maybe",
      "queueIds=[1,-2]",
    ]) {
      const res = await server.app.inject({
        method: "GET",
        url: `/tickets?${query}`,
        headers: team.adminSession.headers,
      });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error).toBe("ERR_VALIDATION");
    }
  });
});

describe("GET /tickets: order and paging", () => {
  it("most recently updated first, id as tiebreak: every ticket exactly once across pages", async () => {
    const team = await buildTeam(server.app, db());
    const c = team.company.id;
    const total = LIMITS.pageSize * 2 + 7;
    const contact = await buildContact(db(), c);
    const sameInstant = new Date("2026-01-01T10:00:00Z");
    const created: { id: number; updatedAt: Date }[] = [];
    for (let i = 0; i < total; i++) {
      // Many share one updatedAt, so only the tiebreak keeps the pages apart.
      const updatedAt = i % 3 === 0 ? sameInstant : new Date(sameInstant.getTime() + i * 1000);
      const [row] = await db()
        .insert(tickets)
        .values({ companyId: c, contactId: contact.id, status: "closed", updatedAt })
        .returning();
      created.push({ id: row!.id, updatedAt });
    }
    const pages: TicketList[] = [];
    for (let page = 1; page <= 3; page++) {
      pages.push(await list(team.adminSession, { status: "closed", pageNumber: page }));
    }
    expect(pages.map((p) => p.tickets.length)).toEqual([LIMITS.pageSize, LIMITS.pageSize, 7]);
    expect(pages.map((p) => p.hasMore)).toEqual([true, true, false]);
    expect(pages.every((p) => p.count === total)).toBe(true);
    const seen = pages.flatMap(ids);
    expect(new Set(seen).size).toBe(total);
    const expected = [...created]
      .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime() || b.id - a.id)
      .map((t) => t.id);
    expect(seen).toEqual(expected);
    const ascending = await list(team.adminSession, { status: "closed", sortTickets: "ASC" });
    expect(ids(ascending)).toEqual([...expected].reverse().slice(0, LIMITS.pageSize));
    // A page past the end is empty and still tells the tab's count.
    const past = await list(team.adminSession, { status: "closed", pageNumber: 4 });
    expect([past.tickets.length, past.count, past.hasMore]).toEqual([0, total, false]);
  });

  it("a search is paged by hasMore; its count is what was found up to the page", async () => {
    const team = await buildTeam(server.app, db());
    const c = team.company.id;
    const found = await buildContact(db(), c, { name: "Maria Boleto" });
    const other = await buildContact(db(), c, { name: "Outra Pessoa" });
    for (let i = 0; i < LIMITS.pageSize + 10; i++) {
      await db()
        .insert(tickets)
        .values({ companyId: c, contactId: i % 9 === 0 ? other.id : found.id, status: "closed" });
    }
    const matching = LIMITS.pageSize + 10 - Math.ceil((LIMITS.pageSize + 10) / 9);
    const first = await list(team.adminSession, { searchParam: "BOLETO", showAll: "true" });
    expect([first.tickets.length, first.count, first.hasMore]).toEqual([
      LIMITS.pageSize,
      LIMITS.pageSize,
      true,
    ]);
    const second = await list(team.adminSession, { searchParam: "boleto", showAll: "true", pageNumber: 2 });
    expect([second.tickets.length, second.count, second.hasMore]).toEqual([
      matching - LIMITS.pageSize,
      matching,
      false,
    ]);
    expect(new Set([...ids(first), ...ids(second)]).size).toBe(matching);
  });

  it("a ticket visible by several rules (own, and waiting in two queues) is listed once, across statuses and pages", async () => {
    const team = await buildTeam(server.app, db());
    const c = team.company.id;
    const [q1, q2, hidden] = [
      await buildQueue(db(), c),
      await buildQueue(db(), c),
      await buildQueue(db(), c),
    ];
    await db()
      .insert(userQueues)
      .values([q1, q2].map((q) => ({ companyId: c, userId: team.user.id, queueId: q.id })));
    const contact = await buildContact(db(), c);
    const start = new Date("2026-02-01T10:00:00Z").getTime();
    const visible: { id: number; updatedAt: Date }[] = [];
    for (let i = 0; i < LIMITS.pageSize * 2 + 30; i++) {
      const kind = i % 5;
      const values = {
        companyId: c,
        contactId: contact.id,
        // Own pending tickets in an own queue match two branches; closed ones only the first.
        status: kind === 3 ? "closed" : "pending",
        queueId: [q1.id, q2.id, q1.id, q2.id, hidden.id][kind],
        userId: kind === 0 || kind === 3 ? team.user.id : kind === 4 ? team.admin.id : null,
        updatedAt: new Date(start + (i % 7) * 1000),
      };
      const [row] = await db().insert(tickets).values(values).returning();
      if (kind !== 4) visible.push({ id: row!.id, updatedAt: values.updatedAt });
    }
    const expected = visible
      .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime() || b.id - a.id)
      .map((t) => t.id);
    const pages: TicketList[] = [];
    for (let page = 1; page <= 3; page++) pages.push(await list(team.userSession, { pageNumber: page }));
    expect(pages.flatMap(ids)).toEqual(expected);
    expect(pages.map((p) => p.hasMore)).toEqual([true, true, false]);
    expect(pages[0]!.count).toBe(expected.length);
    const pending = await list(team.userSession, { status: "pending", queueIds: `${q2.id}` });
    expect(pending.count).toBe(pending.tickets.length);
    expect(sorted(ids(pending))).toEqual(
      sorted(
        (await db().select().from(tickets))
          .filter((t) => t.companyId === c && t.status === "pending" && t.queueId === q2.id)
          .map((t) => t.id),
      ),
    );
  });
});

describe("GET /tickets: who sees what (spec 1 section 6)", () => {
  async function world() {
    const company = await buildCompany(db());
    const c = company.id;
    const mine = await buildQueue(db(), c);
    const other = await buildQueue(db(), c);
    const attendant = await buildUser(db(), c);
    const colleague = await buildUser(db(), c);
    await db().insert(userQueues).values({ companyId: c, userId: attendant.id, queueId: mine.id });
    const t = {
      ownOtherQueue: await buildTicket(db(), c, { status: "open", queueId: other.id, userId: attendant.id }),
      pendingMine: await buildTicket(db(), c, { status: "pending", queueId: mine.id }),
      colleagueOpenMine: await buildTicket(db(), c, {
        status: "open",
        queueId: mine.id,
        userId: colleague.id,
      }),
      pendingOther: await buildTicket(db(), c, { status: "pending", queueId: other.id }),
      pendingNoQueue: await buildTicket(db(), c, { status: "pending" }),
      group: await buildTicket(db(), c, { status: "group", isGroup: true }),
    };
    return { company, attendant, colleague, mine, other, t };
  }

  const visibleIds = async (session: Session, showAll = false) =>
    sorted(ids(await list(session, showAll ? { showAll: "true" } : {})));

  it("an attendant sees own tickets and the unassigned ones of own queues; nothing else", async () => {
    const w = await world();
    const session = await login(server.app, w.attendant.email);
    const expected = sorted([w.t.ownOtherQueue.id, w.t.pendingMine.id]);
    expect(await visibleIds(session)).toEqual(expected);
    // show-all is not theirs to ask for (allUserChat disabled).
    expect(await visibleIds(session, true)).toEqual(expected);
  });

  it("allTicket adds tickets without a queue; allowGroup adds group tickets; allUserChat enables show-all", async () => {
    const w = await world();
    const c = w.company.id;
    const noQueue = await buildUser(db(), c, { allTicket: "enable" });
    const groups = await buildUser(db(), c, { allowGroup: true });
    const allChats = await buildUser(db(), c, { allUserChat: "enabled" });
    expect(await visibleIds(await login(server.app, noQueue.email))).toEqual([w.t.pendingNoQueue.id]);
    expect(await visibleIds(await login(server.app, groups.email))).toEqual([w.t.group.id]);
    const all = await visibleIds(await login(server.app, allChats.email), true);
    // Everything but the group ticket, which stays behind allowGroup.
    expect(all).toEqual(sorted(Object.values(w.t).flatMap((t) => (t.isGroup ? [] : [t.id]))));
  });

  it("an admin sees everything with show-all, and like an attendant (plus no-queue and groups) without", async () => {
    const w = await world();
    const admin = await buildAdmin(db(), w.company.id);
    await db().insert(userQueues).values({ companyId: w.company.id, userId: admin.id, queueId: w.mine.id });
    const session = await login(server.app, admin.email);
    expect(await visibleIds(session, true)).toEqual(sorted(Object.values(w.t).map((t) => t.id)));
    expect(await visibleIds(session)).toEqual(
      sorted([w.t.pendingMine.id, w.t.pendingNoQueue.id, w.t.group.id]),
    );
  });

  it("the SQL scope and the shared canSeeTicket agree on every ticket, for every kind of viewer", async () => {
    const w = await world();
    const c = w.company.id;
    const viewers = [
      w.attendant,
      await buildUser(db(), c, { allTicket: "enable", allowGroup: true }),
      await buildUser(db(), c, { allUserChat: "enabled" }),
      await buildAdmin(db(), c),
    ];
    const all = Object.values(w.t);
    for (const viewer of viewers) {
      const session = await login(server.app, viewer.email);
      const queueIds = viewer.id === w.attendant.id ? [w.mine.id] : [];
      for (const showAll of [false, true]) {
        const scope = ticketScope({ ...viewer, queueIds }, showAll);
        const expected = sorted(all.filter((t) => canSeeTicket(scope, t)).map((t) => t.id));
        expect(await visibleIds(session, showAll), `${viewer.email} showAll=${showAll}`).toEqual(expected);
      }
    }
  });

  it("each tab lists and counts every visible ticket once where the visibility rules overlap", async () => {
    const c = (await buildCompany(db())).id;
    const mine = await buildQueue(db(), c);
    const other = await buildQueue(db(), c);
    const colleague = await buildUser(db(), c);
    const viewers = [
      await buildUser(db(), c, { allTicket: "enable", allowGroup: true }),
      await buildUser(db(), c, { allowGroup: true }),
      await buildUser(db(), c),
    ];
    for (const viewer of viewers)
      await db().insert(userQueues).values({ companyId: c, userId: viewer.id, queueId: mine.id });
    // Every mix of status, queue, holder and group: own tickets in the own queue, held groups, …
    const made = [];
    for (const status of ["pending", "open", "closed"] as const)
      for (const queueId of [mine.id, other.id, null])
        for (const userId of [viewers[0]!.id, viewers[1]!.id, colleague.id, null])
          for (const isGroup of [false, true])
            made.push(await buildTicket(db(), c, { status, queueId, userId, isGroup }));
    for (const viewer of viewers) {
      const session = await login(server.app, viewer.email);
      const scope = ticketScope({ ...viewer, queueIds: [mine.id] }, false);
      for (const status of ["pending", "open", "closed"]) {
        const page = await list(session, { status });
        const expected = sorted(
          made.filter((t) => t.status === status && canSeeTicket(scope, t)).map((t) => t.id),
        );
        expect([viewer.email, status, sorted(ids(page)), page.count]).toEqual([
          viewer.email,
          status,
          expected,
          expected.length,
        ]);
      }
    }
  });

  it("a tab's count stops at LIMITS.ticketListCountCap, and is exact below it over overlapping branches", async () => {
    const team = await buildTeam(server.app, db());
    const c = team.company.id;
    const [a, b] = [await buildQueue(db(), c), await buildQueue(db(), c)];
    const attendant = await buildUser(db(), c);
    for (const queue of [a, b])
      await db().insert(userQueues).values({ companyId: c, userId: attendant.id, queueId: queue.id });
    const contact = await buildContact(db(), c);
    const insert = (count: number, status: string, queueId: number, userId: number | null) =>
      server.database.db.execute(sql`INSERT INTO tickets (company_id, contact_id, status, queue_id, user_id)
        SELECT ${c}::int, ${contact.id}::int, ${status}, ${queueId}::int, ${userId}::int FROM generate_series(1, ${count})`);
    const cap = LIMITS.ticketListCountCap;
    // Pending: each branch below the cap (own, queue a, queue b), together above it; the own ones overlap a queue.
    await insert(cap - 400, "pending", a.id, null);
    await insert(cap - 400, "pending", b.id, null);
    await insert(300, "pending", a.id, attendant.id);
    // Open: below the cap in all, the own ones waiting in no branch twice.
    await insert(200, "open", a.id, null);
    await insert(150, "open", b.id, attendant.id);

    const session = await login(server.app, attendant.email);
    expect((await list(session, { status: "pending" })).count).toBe(cap);
    expect((await list(session, { status: "open" })).count).toBe(350);
    expect((await list(team.adminSession, { status: "pending", showAll: "true" })).count).toBe(cap);
    expect((await list(team.adminSession, { status: "open", showAll: "true" })).count).toBe(350);
    const below = { status: "pending", queueIds: `[${b.id}]` };
    expect((await list(session, below)).count).toBe(cap - 400);
  });

  it("another company's tickets never appear", async () => {
    const w = await world();
    const stranger = await buildTeam(server.app, db());
    expect((await list(stranger.adminSession, { showAll: "true" })).count).toBe(0);
    expect(w.t.pendingMine.companyId).toBe(w.company.id);
  });
});

describe("GET /tickets/u/{uuid}", () => {
  it("answers the ticket with contact, queue, user, connection and tags, without connection secrets", async () => {
    const team = await buildTeam(server.app, db());
    const c = team.company.id;
    const queue = await buildQueue(db(), c, { name: "Suporte" });
    const connection = await buildConnection(db(), c, {
      channel: "whatsappapi",
      accessToken: "EAAG-very-secret",
      appSecret: "app-secret-value",
    });
    const contact = await buildContact(db(), c, { name: "Ana Cliente" });
    const ticket = await buildTicket(db(), c, {
      contactId: contact.id,
      queueId: queue.id,
      userId: team.admin.id,
      whatsappId: connection.id,
      status: "open",
    });
    const [tag] = await db().insert(tags).values({ companyId: c, name: "vip", color: "#0f0" }).returning();
    await db().insert(ticketTags).values({ companyId: c, ticketId: ticket.id, tagId: tag!.id });

    const res = await server.app.inject({
      method: "GET",
      url: `/tickets/u/${ticket.uuid}`,
      headers: team.adminSession.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: ticket.id,
      uuid: ticket.uuid,
      contact: { id: contact.id, name: "Ana Cliente" },
      queue: { id: queue.id, name: "Suporte" },
      user: { id: team.admin.id, name: team.admin.name },
      whatsapp: { id: connection.id, channel: "whatsappapi" },
      tags: [{ id: tag!.id, name: "vip", color: "#0f0" }],
    });
    expect(res.body).not.toMatch(/EAAG-very-secret|app-secret-value|passwordHash|password_hash/);
  });

  it("refuses a ticket the user may not see (403); another company's, a missing one or an address that is no uuid: ERR_NO_TICKET_FOUND (404)", async () => {
    const team = await buildTeam(server.app, db());
    const queue = await buildQueue(db(), team.company.id);
    const hidden = await buildTicket(db(), team.company.id, { status: "pending", queueId: queue.id });
    const foreign = await buildTicket(db(), (await buildCompany(db())).id);
    const get = (url: string) => server.app.inject({ method: "GET", url, headers: team.userSession.headers });
    expect((await get(`/tickets/u/${hidden.uuid}`)).json().error).toBe("ERR_NO_PERMISSION");
    const other = await get(`/tickets/u/${foreign.uuid}`);
    expect(other.statusCode).toBe(404);
    expect(other.json().error).toBe("ERR_NO_TICKET_FOUND");
    for (const address of ["not-a-uuid", "999999", "00000000-0000-4000-8000-000000000000"]) {
      const missing = await get(`/tickets/u/${address}`);
      expect(missing.statusCode, address).toBe(404);
      expect(missing.json().error, address).toBe("ERR_NO_TICKET_FOUND");
    }
  });

  it("the routes under a ticket's id answer ERR_NO_TICKET_FOUND (404) for a missing or another company's ticket", async () => {
    const team = await buildTeam(server.app, db());
    const foreign = await buildTicket(db(), (await buildCompany(db())).id, { status: "open" });
    const ask = (method: "GET" | "PUT" | "DELETE", url: string, payload?: object) =>
      server.app.inject({ method, url, headers: team.adminSession.headers, ...(payload ? { payload } : {}) });
    for (const id of [999999, foreign.id]) {
      const answers = {
        put: await ask("PUT", `/tickets/${id}`, { status: "open" }),
        log: await ask("GET", `/tickets-log/${id}`),
        messages: await ask("GET", `/messages/${id}`),
        delete: await ask("DELETE", `/tickets/${id}`),
      };
      for (const [route, res] of Object.entries(answers)) {
        expect(res.statusCode, `${route} ${id}: ${res.body}`).toBe(404);
        expect(res.json().error, route).toBe("ERR_NO_TICKET_FOUND");
      }
    }
  });
});
