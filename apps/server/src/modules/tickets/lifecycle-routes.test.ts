import type { ApiErrorBody, ContactTicketStatusDto, TicketDto, TicketLogEntryDto } from "@inbox/shared";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
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
import {
  companySettings,
  contactTags,
  messages,
  tags,
  ticketLogs,
  tickets,
  userQueues,
} from "../../db/schema/index.js";
import { ticketRooms } from "../../realtime/ticket-audience.js";

/**
 * The ticket lifecycle through HTTP (spec 1 sections 4, 6, 7): every
 * transition, every permission row with its code, the log, the one-open rule
 * and two attendants accepting at once. Messages to the channel are asserted
 * against meta-sim in lifecycle-messages.test.ts.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const db = () => server.database.db;

const put = (session: Session, id: number, payload: object) =>
  server.app.inject({ method: "PUT", url: `/tickets/${id}`, headers: session.headers, payload });
const post = (session: Session, url: string, payload: object) =>
  server.app.inject({ method: "POST", url, headers: session.headers, payload });
const get = (session: Session, url: string) =>
  server.app.inject({ method: "GET", url, headers: session.headers });

async function ok<T>(res: Awaited<ReturnType<typeof put>>, status = 200): Promise<T> {
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
}

function refused(res: Awaited<ReturnType<typeof put>>, status: number, code: string): ApiErrorBody {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json() as ApiErrorBody;
  expect(body.error).toBe(code);
  return body;
}

async function row(id: number) {
  const [t] = await db().select().from(tickets).where(eq(tickets.id, id));
  return t;
}

async function logTypes(ticketId: number) {
  const rows = await db()
    .select()
    .from(ticketLogs)
    .where(eq(ticketLogs.ticketId, ticketId))
    .orderBy(asc(ticketLogs.id));
  return rows.map((r) => r.type);
}

async function setSettings(companyId: number, values: Partial<typeof companySettings.$inferInsert>) {
  await db().update(companySettings).set(values).where(eq(companySettings.companyId, companyId));
}

/** A company with an admin, two attendants in one queue (and one outside it), a connection and a contact. */
async function office(userOverrides: Parameters<typeof buildUser>[2] = {}) {
  const team = await buildTeam(server.app, db());
  const c = team.company.id;
  const queue = await buildQueue(db(), c);
  const otherQueue = await buildQueue(db(), c);
  const connection = await buildConnection(db(), c);
  const contact = await buildContact(db(), c);
  const ana = await buildUser(db(), c, userOverrides);
  const bruno = await buildUser(db(), c, userOverrides);
  const carla = await buildUser(db(), c);
  await db()
    .insert(userQueues)
    .values([
      { companyId: c, userId: ana.id, queueId: queue.id },
      { companyId: c, userId: bruno.id, queueId: queue.id },
      { companyId: c, userId: carla.id, queueId: otherQueue.id },
    ]);
  const pending = (over: Partial<typeof tickets.$inferInsert> = {}) =>
    buildTicket(db(), c, {
      status: "pending",
      queueId: queue.id,
      whatsappId: connection.id,
      contactId: contact.id,
      ...over,
    });
  return {
    ...team,
    c,
    queue,
    otherQueue,
    connection,
    contact,
    ana,
    bruno,
    carla,
    anaS: await login(server.app, ana.email),
    brunoS: await login(server.app, bruno.email),
    carlaS: await login(server.app, carla.email),
    pending,
  };
}

describe("POST /tickets", () => {
  it("opens a ticket assigned to the signed-in user, logged create, announced", async () => {
    const o = await office();
    const emit = vi.spyOn(server.realtime, "toRooms");
    try {
      const t = await ok<TicketDto>(
        await post(o.anaS, "/tickets", {
          contactId: o.contact.id,
          queueId: o.queue.id,
          whatsappId: o.connection.id,
          userId: o.ana.id,
          status: "open",
          companyId: 999,
        }),
        201,
      );
      expect(t).toMatchObject({
        status: "open",
        userId: o.ana.id,
        queueId: o.queue.id,
        whatsappId: o.connection.id,
        channel: "whatsapp",
        user: { name: o.ana.name },
        queue: { name: o.queue.name },
      });
      expect(await logTypes(t.id)).toEqual(["create"]);
      const events = emit.mock.calls.filter(([company, , topic]) => company === o.c && topic === "ticket");
      expect(events.map(([, , , payload]) => (payload as { action: string }).action)).toEqual(["create"]);
    } finally {
      emit.mockRestore();
    }
  });

  it("opens pending without a user when asked; group contacts open as group", async () => {
    const o = await office();
    const t = await ok<TicketDto>(
      await post(o.anaS, "/tickets", {
        contactId: o.contact.id,
        queueId: o.queue.id,
        whatsappId: o.connection.id,
        status: "pending",
      }),
      201,
    );
    expect(t).toMatchObject({ status: "pending", userId: null });
    const group = await buildContact(db(), o.c, { isGroup: true });
    const g = await ok<TicketDto>(
      await post(o.adminSession, "/tickets", {
        contactId: group.id,
        queueId: o.queue.id,
        whatsappId: o.connection.id,
      }),
      201,
    );
    expect(g).toMatchObject({ status: "group", isGroup: true, userId: o.admin.id });
  });

  it("a second open ticket for the contact and connection: 409 ERR_OTHER_OPEN_TICKET naming user, queue and uuid", async () => {
    const o = await office();
    const first = await o.pending({ status: "open", userId: o.bruno.id });
    const body = refused(
      await post(o.anaS, "/tickets", {
        contactId: o.contact.id,
        queueId: o.queue.id,
        whatsappId: o.connection.id,
      }),
      409,
      "ERR_OTHER_OPEN_TICKET",
    );
    expect(body.ticket).toEqual({
      id: first.id,
      uuid: first.uuid,
      status: "open",
      userId: o.bruno.id,
      user: { id: o.bruno.id, name: o.bruno.name },
      queue: { id: o.queue.id, name: o.queue.name },
    });
    // Another connection is another conversation.
    const other = await buildConnection(db(), o.c);
    await ok(
      await post(o.anaS, "/tickets", { contactId: o.contact.id, queueId: o.queue.id, whatsappId: other.id }),
      201,
    );
  });

  it("two creates at once: one ticket, the other answer names it", async () => {
    const o = await office();
    const payload = { contactId: o.contact.id, queueId: o.queue.id, whatsappId: o.connection.id };
    const answers = await Promise.all([
      post(o.anaS, "/tickets", payload),
      post(o.brunoS, "/tickets", payload),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const created = answers.find((a) => a.statusCode === 201)?.json() as TicketDto;
    const conflict = answers.find((a) => a.statusCode === 409)?.json() as ApiErrorBody;
    expect(conflict.ticket?.uuid).toBe(created.uuid);
    const open = await db().select().from(tickets).where(eq(tickets.contactId, o.contact.id));
    expect(open).toHaveLength(1);
  });

  it("needs a queue; refuses another company's contact, connection, queue or user", async () => {
    const o = await office();
    const base = { contactId: o.contact.id, queueId: o.queue.id, whatsappId: o.connection.id };
    const noQueue = refused(
      await post(o.anaS, "/tickets", { ...base, queueId: undefined }),
      400,
      "ERR_VALIDATION",
    );
    expect([noQueue.field, noQueue.message]).toEqual(["queueId", "Selecione uma fila"]);
    const stranger = await buildCompany(db());
    const theirs = {
      contact: await buildContact(db(), stranger.id),
      connection: await buildConnection(db(), stranger.id),
      queue: await buildQueue(db(), stranger.id),
      user: await buildUser(db(), stranger.id),
    };
    refused(
      await post(o.anaS, "/tickets", { ...base, contactId: theirs.contact.id }),
      404,
      "ERR_NO_CONTACT_FOUND",
    );
    refused(
      await post(o.anaS, "/tickets", { ...base, whatsappId: theirs.connection.id }),
      404,
      "ERR_NO_WAPP_FOUND",
    );
    expect(
      refused(await post(o.anaS, "/tickets", { ...base, queueId: theirs.queue.id }), 400, "ERR_VALIDATION")
        .field,
    ).toBe("queueId");
    refused(await post(o.anaS, "/tickets", { ...base, userId: theirs.user.id }), 404, "ERR_NO_USER_FOUND");
    expect(await db().select().from(tickets).where(eq(tickets.contactId, o.contact.id))).toEqual([]);
  });
});

describe("PUT /tickets/{id}: accept", () => {
  it("pending -> open for the current user; answers id, uuid, userId, user.name, queue.name; logged open", async () => {
    const o = await office();
    const t = await o.pending();
    const answer = await ok<TicketDto>(
      await put(o.anaS, t.id, { status: "open", userId: o.ana.id, queueId: o.queue.id }),
    );
    expect(answer).toMatchObject({
      id: t.id,
      uuid: t.uuid,
      status: "open",
      userId: o.ana.id,
      user: { name: o.ana.name },
      queue: { name: o.queue.name },
    });
    expect(await logTypes(t.id)).toEqual(["open"]);
  });

  it("a pending ticket without a queue needs one: 'Selecione uma fila', then the chosen queue is set", async () => {
    const o = await office();
    const t = await o.pending({ queueId: null });
    const body = refused(await put(o.adminSession, t.id, { status: "open" }), 400, "ERR_VALIDATION");
    expect([body.field, body.message]).toEqual(["queueId", "Selecione uma fila"]);
    expect((await row(t.id))?.status).toBe("pending");
    const answer = await ok<TicketDto>(
      await put(o.adminSession, t.id, { status: "open", queueId: o.queue.id }),
    );
    expect(answer).toMatchObject({ status: "open", queueId: o.queue.id, userId: o.admin.id });
  });

  it("a group ticket accepted stays in the group tab", async () => {
    const o = await office();
    const group = await buildContact(db(), o.c, { isGroup: true });
    const t = await o.pending({ contactId: group.id, isGroup: true });
    expect((await ok<TicketDto>(await put(o.adminSession, t.id, { status: "open" }))).status).toBe("group");
  });

  it("two attendants accept at once: one wins, the other is told who handles it", async () => {
    const o = await office();
    for (let round = 0; round < 5; round++) {
      const t = await buildTicket(db(), o.c, {
        status: "pending",
        queueId: o.queue.id,
        whatsappId: o.connection.id,
      });
      const [a, b] = await Promise.all([
        put(o.anaS, t.id, { status: "open", userId: o.ana.id, queueId: o.queue.id }),
        put(o.brunoS, t.id, { status: "open", userId: o.bruno.id, queueId: o.queue.id }),
      ]);
      const answers = [await ok<TicketDto>(a), await ok<TicketDto>(b)];
      const winner = (await row(t.id))?.userId;
      expect([o.ana.id, o.bruno.id]).toContain(winner);
      // Both answers name the winner: the loser's app shows 'already being handled' with user and queue.
      for (const answer of answers)
        expect(answer).toMatchObject({
          userId: winner,
          user: { name: expect.any(String) },
          queue: { name: o.queue.name },
        });
      expect(await logTypes(t.id)).toEqual(["open"]);
    }
  });

  it("a late accept of a ticket of one's queue answers it unchanged; outside one's queues it is refused", async () => {
    const o = await office();
    const t = await o.pending({ status: "open", userId: o.bruno.id });
    const answer = await ok<TicketDto>(await put(o.anaS, t.id, { status: "open", userId: o.ana.id }));
    expect(answer).toMatchObject({ userId: o.bruno.id, user: { name: o.bruno.name } });
    refused(await put(o.carlaS, t.id, { status: "open", userId: o.carla.id }), 403, "ERR_NO_PERMISSION");
    expect(await row(t.id)).toMatchObject({ status: "open", userId: o.bruno.id });
    expect(await logTypes(t.id)).toEqual([]);
  });

  it("the lists hear the move: rooms that see it open the update, rooms that saw it pending only its removal", async () => {
    const o = await office();
    const t = await o.pending();
    const emit = vi.spyOn(server.realtime, "toRoomsByNumbers");
    try {
      await ok(await put(o.anaS, t.id, { status: "open" }));
      const calls = emit.mock.calls.filter(([company, , topic]) => company === o.c && topic === "ticket");
      const actionOf = (payload: unknown) => (payload as { whole?: { action?: string } }).whole?.action;
      const call = calls.find((c) => actionOf(c[3]) === "update");
      const removal = calls.find((c) => actionOf(c[3]) === "delete");
      const before = ticketRooms(o.c, {
        status: "pending",
        userId: null,
        queueId: o.queue.id,
        isGroup: false,
      });
      const after = ticketRooms(o.c, {
        status: "open",
        userId: o.ana.id,
        queueId: o.queue.id,
        isGroup: false,
      });
      // Those who lose sight of it (the queue's pending list) hear only its id, not its new holder.
      for (const room of after) expect(call?.[1]).toContain(room);
      const lost = before.filter((room) => !after.includes(room));
      expect(lost.length).toBeGreaterThan(0);
      for (const room of lost) {
        expect(removal?.[1]).toContain(room);
        expect(call?.[1]).not.toContain(room);
      }
      expect(call?.[3]).toMatchObject({ whole: { action: "update", ticket: { id: t.id, status: "open" } } });
      expect(removal?.[3]).toMatchObject({ whole: { action: "delete", ticketId: t.id } });
    } finally {
      emit.mockRestore();
    }
  });
});

describe("PUT /tickets/{id}: return, resolve, ignore, reopen", () => {
  it("return to queue: open -> pending without a user, logged pending", async () => {
    const o = await office();
    const t = await o.pending({ status: "open", userId: o.ana.id });
    const answer = await ok<TicketDto>(await put(o.anaS, t.id, { status: "pending", userId: null }));
    expect(answer).toMatchObject({ status: "pending", userId: null, user: null });
    expect(await logTypes(t.id)).toEqual(["pending"]);
  });

  it("resolve: open -> closed with closedAt, logged closed; closing again changes nothing", async () => {
    const o = await office();
    const t = await o.pending({ status: "open", userId: o.ana.id });
    const answer = await ok<TicketDto>(
      await put(o.anaS, t.id, { status: "closed", userId: o.ana.id, sendFarewellMessage: false }),
    );
    expect(answer.status).toBe("closed");
    expect((await row(t.id))?.closedAt).toBeInstanceOf(Date);
    await ok(await put(o.anaS, t.id, { status: "closed" }));
    expect(await logTypes(t.id)).toEqual(["closed"]);
  });

  it("resolve with the original client's promptId/integrationId null closes; an id is refused, never dropped", async () => {
    const o = await office();
    const t = await o.pending({ status: "open", userId: o.ana.id });
    const resolve = { status: "closed", userId: o.ana.id, sendFarewellMessage: false };
    refused(await put(o.anaS, t.id, { ...resolve, promptId: 7 }), 400, "ERR_VALIDATION");
    refused(await put(o.anaS, t.id, { ...resolve, integrationId: 3 }), 400, "ERR_VALIDATION");
    expect((await row(t.id))?.status).toBe("open");
    const answer = await ok<TicketDto>(
      await put(o.anaS, t.id, { ...resolve, promptId: null, integrationId: null }),
    );
    expect(answer.status).toBe("closed");
  });

  it("requiredTag: resolving without a tag on the contact is refused (ERR_TAG_REQUIRED); with one it closes", async () => {
    const o = await office();
    await setSettings(o.c, { requiredTag: "enabled" });
    const t = await o.pending({ status: "open", userId: o.ana.id });
    refused(
      await put(o.anaS, t.id, { status: "closed", sendFarewellMessage: true }),
      400,
      "ERR_TAG_REQUIRED",
    );
    expect((await row(t.id))?.status).toBe("open");
    expect(await logTypes(t.id)).toEqual([]);
    const [tag] = await db()
      .insert(tags)
      .values({ companyId: o.c, name: "cliente", color: "#0f0" })
      .returning();
    await db().insert(contactTags).values({ companyId: o.c, contactId: o.contact.id, tagId: tag!.id });
    expect((await ok<TicketDto>(await put(o.anaS, t.id, { status: "closed" }))).status).toBe("closed");
  });

  it("ignore: pending or lgpd -> closed without farewell, amountUsedBotQueues 0", async () => {
    const o = await office();
    for (const status of ["pending", "lgpd"]) {
      const contact = await buildContact(db(), o.c);
      const t = await o.pending({ status, contactId: contact.id, amountUsedBotQueues: 2 });
      await ok(
        await put(o.anaS, t.id, {
          status: "closed",
          userId: o.ana.id,
          sendFarewellMessage: false,
          amountUsedBotQueues: 0,
        }),
      );
      expect(await row(t.id)).toMatchObject({ status: "closed", amountUsedBotQueues: 0 });
      expect(await logTypes(t.id)).toEqual(["closed"]);
    }
  });

  it("ignore needs admin or userClosePendingTicket (ERR_NO_PERMISSION); requiredTag does not apply to it", async () => {
    const o = await office({ userClosePendingTicket: "disabled" });
    await setSettings(o.c, { requiredTag: "enabled" });
    const t = await o.pending();
    refused(
      await put(o.anaS, t.id, { status: "closed", sendFarewellMessage: false }),
      403,
      "ERR_NO_PERMISSION",
    );
    expect((await row(t.id))?.status).toBe("pending");
    // The same user may still resolve a ticket they hold.
    const held = await o.pending({
      status: "open",
      userId: o.ana.id,
      contactId: (await buildContact(db(), o.c)).id,
    });
    await setSettings(o.c, { requiredTag: "disabled" });
    await ok(await put(o.anaS, held.id, { status: "closed" }));
    await setSettings(o.c, { requiredTag: "enabled" });
    await ok(await put(o.adminSession, t.id, { status: "closed", sendFarewellMessage: false }));
    expect((await row(t.id))?.status).toBe("closed");
  });

  it("reopen: closed -> open for the current user, logged reopen", async () => {
    const o = await office();
    const t = await o.pending({ status: "closed", userId: o.bruno.id, closedAt: new Date() });
    const answer = await ok<TicketDto>(
      await put(o.adminSession, t.id, { status: "open", userId: o.admin.id }),
    );
    expect(answer).toMatchObject({ status: "open", userId: o.admin.id, user: { name: o.admin.name } });
    expect((await row(t.id))?.closedAt).toBeNull();
    expect(await logTypes(t.id)).toEqual(["reopen"]);
  });

  it("reopen while another ticket of the contact is open on the connection: ERR_OTHER_OPEN_TICKET", async () => {
    const o = await office();
    const closed = await o.pending({ status: "closed" });
    const open = await o.pending({ status: "open", userId: o.bruno.id });
    const body = refused(
      await put(o.adminSession, closed.id, { status: "open" }),
      409,
      "ERR_OTHER_OPEN_TICKET",
    );
    expect(body.ticket).toMatchObject({ uuid: open.uuid, user: { name: o.bruno.name } });
    expect((await row(closed.id))?.status).toBe("closed");
  });

  it("lgpd and nps are not for attendants; return of a closed ticket is refused", async () => {
    const o = await office();
    const t = await o.pending({ status: "closed" });
    expect(refused(await put(o.adminSession, t.id, { status: "pending" }), 400, "ERR_VALIDATION").field).toBe(
      "status",
    );
    expect(refused(await put(o.adminSession, t.id, { status: "nps" }), 400, "ERR_VALIDATION").field).toBe(
      "status",
    );
  });
});

describe("PUT /tickets/{id}: transfer", () => {
  it("to a user: open for them in the new queue, logged transfered", async () => {
    const o = await office();
    const t = await o.pending({ status: "open", userId: o.ana.id });
    const answer = await ok<TicketDto>(
      await put(o.anaS, t.id, {
        userId: o.carla.id,
        queueId: o.otherQueue.id,
        status: "open",
        isTransfered: true,
      }),
    );
    expect(answer).toMatchObject({
      status: "open",
      userId: o.carla.id,
      user: { name: o.carla.name },
      queue: { name: o.otherQueue.name },
    });
    expect(await logTypes(t.id)).toEqual(["transfered", "receivedTransfer"]);
    const [sent, received] = await db()
      .select()
      .from(ticketLogs)
      .where(eq(ticketLogs.ticketId, t.id))
      .orderBy(ticketLogs.id);
    expect(sent).toMatchObject({ userId: o.ana.id, queueId: o.otherQueue.id });
    expect(received).toMatchObject({ userId: o.carla.id, queueId: o.otherQueue.id });
  });

  it("without a user: pending in the new queue", async () => {
    const o = await office();
    const t = await o.pending({ status: "open", userId: o.ana.id });
    const answer = await ok<TicketDto>(
      await put(o.anaS, t.id, { userId: null, queueId: o.otherQueue.id, isTransfered: true }),
    );
    expect(answer).toMatchObject({ status: "pending", userId: null, queueId: o.otherQueue.id });
  });

  it("needs a queue; refuses another company's user or queue", async () => {
    const o = await office();
    const t = await o.pending({ status: "open", userId: o.ana.id, queueId: null });
    expect(
      refused(await put(o.anaS, t.id, { userId: o.bruno.id, isTransfered: true }), 400, "ERR_VALIDATION")
        .message,
    ).toBe("Selecione uma fila");
    const stranger = await buildCompany(db());
    const theirUser = await buildUser(db(), stranger.id);
    const theirQueue = await buildQueue(db(), stranger.id);
    refused(
      await put(o.anaS, t.id, { userId: theirUser.id, queueId: o.queue.id, isTransfered: true }),
      404,
      "ERR_NO_USER_FOUND",
    );
    refused(
      await put(o.anaS, t.id, { userId: o.bruno.id, queueId: theirQueue.id, isTransfered: true }),
      400,
      "ERR_VALIDATION",
    );
    expect(await row(t.id)).toMatchObject({ userId: o.ana.id, queueId: null, status: "open" });
  });

  it("a ticket the user may not see is refused (ERR_NO_PERMISSION), another company's is not found", async () => {
    const o = await office();
    const t = await o.pending({ status: "open", userId: o.bruno.id });
    refused(await put(o.carlaS, t.id, { status: "pending" }), 403, "ERR_NO_PERMISSION");
    refused(
      await put(o.carlaS, t.id, { userId: o.carla.id, queueId: o.otherQueue.id, isTransfered: true }),
      403,
      "ERR_NO_PERMISSION",
    );
    const stranger = await buildCompany(db());
    const intruder = await buildAdmin(db(), stranger.id);
    refused(
      await put(await login(server.app, intruder.email), t.id, { status: "closed" }),
      404,
      "ERR_NO_TICKET_FOUND",
    );
    expect(await row(t.id)).toMatchObject({ status: "open", userId: o.bruno.id });
  });
});

describe("DELETE /tickets/{id} and POST /tickets/closeAll (admin only)", () => {
  it("delete: a user gets ERR_NO_PERMISSION; an admin removes the ticket with its messages; lists hear it", async () => {
    const o = await office();
    const t = await o.pending({ status: "open", userId: o.ana.id });
    await db().insert(messages).values({ companyId: o.c, ticketId: t.id, body: "oi" });
    refused(
      await server.app.inject({ method: "DELETE", url: `/tickets/${t.id}`, headers: o.anaS.headers }),
      403,
      "ERR_NO_PERMISSION",
    );
    const emit = vi.spyOn(server.realtime, "toRooms");
    try {
      await ok(
        await server.app.inject({
          method: "DELETE",
          url: `/tickets/${t.id}`,
          headers: o.adminSession.headers,
        }),
      );
      const call = emit.mock.calls.find(([company, , topic]) => company === o.c && topic === "ticket");
      expect(call?.[3]).toMatchObject({ action: "delete", ticketId: t.id });
    } finally {
      emit.mockRestore();
    }
    expect(await row(t.id)).toBeUndefined();
    expect(await db().select().from(messages).where(eq(messages.ticketId, t.id))).toEqual([]);
    refused(
      await server.app.inject({ method: "DELETE", url: `/tickets/${t.id}`, headers: o.adminSession.headers }),
      404,
      "ERR_NO_TICKET_FOUND",
    );
  });

  it("closeAll: admins close every ticket of the status in the selected queues, one log each", async () => {
    const o = await office();
    const contact = () => buildContact(db(), o.c).then((c) => c.id);
    const inQueue = await o.pending({ contactId: await contact() });
    const inOther = await o.pending({ contactId: await contact(), queueId: o.otherQueue.id });
    const noQueue = await o.pending({ contactId: await contact(), queueId: null });
    const open = await o.pending({ contactId: await contact(), status: "open", userId: o.ana.id });
    refused(await post(o.anaS, "/tickets/closeAll", { status: "pending" }), 403, "ERR_NO_PERMISSION");
    expect(
      await ok(
        await post(o.adminSession, "/tickets/closeAll", {
          status: "pending",
          selectedQueueIds: [o.queue.id, 0],
        }),
      ),
    ).toEqual({ closed: 2 });
    expect((await row(inQueue.id))?.status).toBe("closed");
    expect((await row(noQueue.id))?.status).toBe("closed");
    expect((await row(inOther.id))?.status).toBe("pending");
    expect((await row(open.id))?.status).toBe("open");
    expect(await logTypes(inQueue.id)).toEqual(["closed"]);
    expect(await ok(await post(o.adminSession, "/tickets/closeAll", { status: "pending" }))).toEqual({
      closed: 1,
    });
    // Another company's tickets are never touched.
    const stranger = await buildCompany(db());
    const theirs = await buildTicket(db(), stranger.id, { status: "pending" });
    await ok(await post(o.adminSession, "/tickets/closeAll", { status: "pending" }));
    expect((await row(theirs.id))?.status).toBe("pending");
  });
});

describe("GET /tickets-log/{ticketId}", () => {
  it("the timeline with user and queue names, oldest first; hidden tickets refused", async () => {
    const o = await office();
    const created = await ok<TicketDto>(
      await post(o.anaS, "/tickets", {
        contactId: o.contact.id,
        queueId: o.queue.id,
        whatsappId: o.connection.id,
      }),
      201,
    );
    await ok(await put(o.anaS, created.id, { status: "pending", userId: null }));
    await ok(await put(o.brunoS, created.id, { status: "open" }));
    await ok(await put(o.brunoS, created.id, { userId: o.ana.id, queueId: o.queue.id, isTransfered: true }));
    await ok(await put(o.anaS, created.id, { status: "closed" }));
    await ok(await put(o.anaS, created.id, { status: "open" }));
    const log = await ok<TicketLogEntryDto[]>(await get(o.anaS, `/tickets-log/${created.id}`));
    expect(log.map((e) => [e.type, e.user?.name, e.queue?.name])).toEqual([
      ["create", o.ana.name, o.queue.name],
      ["pending", o.ana.name, o.queue.name],
      ["open", o.bruno.name, o.queue.name],
      ["transfered", o.bruno.name, o.queue.name],
      ["receivedTransfer", o.ana.name, o.queue.name],
      ["closed", o.ana.name, o.queue.name],
      ["reopen", o.ana.name, o.queue.name],
    ]);
    refused(await get(o.carlaS, `/tickets-log/${created.id}`), 403, "ERR_NO_PERMISSION");
    refused(await get(o.anaS, "/tickets-log/2147483647"), 404, "ERR_NO_TICKET_FOUND");
  });
});

describe("access log entries", () => {
  it("opening a ticket (GET /tickets/u/{uuid}) logs access once per run of the same user's views", async () => {
    const o = await office();
    const t = await o.pending();
    await ok(await get(o.anaS, `/tickets/u/${t.uuid}`));
    await ok(await get(o.anaS, `/tickets/u/${t.uuid}`));
    await ok(await get(o.brunoS, `/tickets/u/${t.uuid}`));
    await ok(await put(o.anaS, t.id, { status: "open" }));
    await ok(await get(o.anaS, `/tickets/u/${t.uuid}`));
    const log = await ok<TicketLogEntryDto[]>(await get(o.anaS, `/tickets-log/${t.id}`));
    expect(log.map((e) => [e.type, e.user?.name])).toEqual([
      ["access", o.ana.name],
      ["access", o.bruno.name],
      ["open", o.ana.name],
      ["access", o.ana.name],
    ]);
    // Someone who may not see the ticket leaves no trace.
    refused(await get(o.carlaS, `/tickets/u/${t.uuid}`), 403, "ERR_NO_PERMISSION");
    expect(await logTypes(t.id)).toEqual(["access", "access", "open", "access"]);
  });

  it("a peek (GET /tickets/u/{uuid}?peek=true) answers the ticket and logs nothing; it still refuses a hidden one", async () => {
    const o = await office();
    const t = await o.pending();
    const peeked = await ok<TicketDto>(await get(o.anaS, `/tickets/u/${t.uuid}?peek=true`));
    expect(peeked).toMatchObject({ id: t.id, uuid: t.uuid, status: "pending" });
    refused(await get(o.carlaS, `/tickets/u/${t.uuid}?peek=true`), 403, "ERR_NO_PERMISSION");
    expect(await logTypes(t.id)).toEqual([]);
    await ok(await get(o.anaS, `/tickets/u/${t.uuid}?peek=false`));
    expect(await logTypes(t.id)).toEqual(["access"]);
  });
});

describe("GET /contacts/{id}/status", () => {
  it("free, in queue, or being attended by a named user; another company's contact is not found", async () => {
    const o = await office();
    const status = () =>
      get(o.anaS, `/contacts/${o.contact.id}/status`).then((r) => ok<ContactTicketStatusDto>(r));
    expect(await status()).toEqual({ inQueue: false, beingAttendedBy: null, ticket: null });
    const t = await o.pending();
    expect(await status()).toMatchObject({ inQueue: true, beingAttendedBy: null, ticket: { id: t.id } });
    await db()
      .update(tickets)
      .set({ status: "open", userId: o.bruno.id })
      .where(and(eq(tickets.id, t.id), eq(tickets.companyId, o.c)));
    expect(await status()).toMatchObject({
      inQueue: false,
      beingAttendedBy: { id: o.bruno.id, name: o.bruno.name },
      ticket: { uuid: t.uuid },
    });
    const stranger = await buildCompany(db());
    const theirs = await buildContact(db(), stranger.id);
    refused(await get(o.anaS, `/contacts/${theirs.id}/status`), 404, "ERR_NO_CONTACT_FOUND");
  });
});
