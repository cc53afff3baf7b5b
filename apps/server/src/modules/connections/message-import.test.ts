import type { ImportMessagesPayload } from "@inbox/shared";
import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildQueue, buildTeam } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { eventually } from "../../../test/meta.js";
import {
  type FakeSocket,
  fakeSocketFactory,
  userKey,
  waMessage,
} from "../../channels/whatsapp/test-support.js";
import { messages, ticketAutomations, ticketLogs, tickets, whatsapps } from "../../db/schema/index.js";
import { IMPORT_CLOSE_PENDING } from "./session-actions.js";

/**
 * Message import, restart and closing imported tickets (spec 2 sections 4 and 7), through the
 * server's own WhatsApp sessions on the Baileys test socket: the phone's history arrives as
 * Baileys' `messaging-history.set` events.
 */

let server: TestServer;
const sockets = fakeSocketFactory();
/** importMessages-{id} payloads, by company (the realtime emit is recorded, then made as usual). */
const importEvents = new Map<number, ImportMessagesPayload[]>();

beforeAll(async () => {
  server = await startTestServer({ whatsappSocketFactory: sockets.factory });
  const emit = server.realtime.toCompany.bind(server.realtime);
  server.realtime.toCompany = (companyId, topic, payload) => {
    if (topic === "importMessages")
      importEvents.set(companyId, [...(importEvents.get(companyId) ?? []), payload as ImportMessagesPayload]);
    emit(companyId, topic, payload);
  };
});
afterAll(() => server.close());

const db = () => server.database.db;
const DAY = 86_400_000;
const seconds = (ms: number) => Math.floor(ms / 1000);
const CONTACT = "5511912345678@s.whatsapp.net";
const OTHER = "5511987654321@s.whatsapp.net";
const GROUP = "120363025246125486@g.us";

/** A company whose WhatsApp Web connection is set to import; started and opened on the test socket. */
async function importing(options: { closedTicketsPostImported?: boolean; groups?: boolean } = {}) {
  const team = await buildTeam(server.app, db());
  const companyId = team.company.id;
  const queue = await buildQueue(db(), companyId);
  const [row] = await db()
    .insert(whatsapps)
    .values({
      companyId,
      name: "web",
      channel: "whatsapp",
      importOldMessages: new Date(Date.now() - 30 * DAY),
      importOldMessagesGroups: options.groups ?? false,
      closedTicketsPostImported: options.closedTicketsPostImported ?? false,
      queueIdImportMessages: queue.id,
    })
    .returning();
  const id = row!.id;
  const started = await server.app.inject({
    method: "POST",
    url: `/whatsappsession/${id}`,
    headers: team.adminSession.headers,
  });
  expect(started.statusCode).toBe(200);
  // The start answers once the session opened its socket.
  const socket: FakeSocket = sockets.last();
  socket.open();
  const connection = async () => (await db().select().from(whatsapps).where(eq(whatsapps.id, id)))[0]!;
  await eventually(async () => (await connection()).statusImportMessages, 20_000);
  const ticketsOf = () =>
    db().select().from(tickets).where(eq(tickets.companyId, companyId)).orderBy(asc(tickets.id));
  const messagesOf = () =>
    db().select().from(messages).where(eq(messages.companyId, companyId)).orderBy(asc(messages.id));
  return { team, companyId, queue, id, socket, connection, ticketsOf, messagesOf };
}

const text = (id: string, body: string, at: number, remoteJid = CONTACT, fields = {}) =>
  waMessage(userKey(id, { remoteJid, ...fields }), { conversation: body }, { messageTimestamp: seconds(at) });

describe("message import", () => {
  it("asks the phone for its history and says it is preparing when the connection opens", async () => {
    const c = await importing();
    expect(c.socket.config.syncFullHistory).toBe(true);
    expect(Number((await c.connection()).statusImportMessages)).toBeGreaterThan(Date.now() - 60_000);
    // The event follows the stored state (the connection is announced between them).
    expect(await eventually(async () => importEvents.get(c.companyId)?.[0], 20_000)).toEqual({
      action: "update",
      whatsappId: c.id,
      status: { this: -1, all: -1 },
    });
  });

  it("imports the history between the dates into tickets of the chosen queue, once, with progress", async () => {
    const c = await importing();
    const now = Date.now();
    c.socket.history([
      text("OLD1", "antes do período", now - 400 * DAY),
      text("IN2", "segunda", now - 2 * DAY),
      text("IN1", "primeira", now - 3 * DAY),
      text("ME1", "nossa resposta", now - 2 * DAY + 60_000, CONTACT, { fromMe: true }),
      text("GRP1", "no grupo", now - 2 * DAY, GROUP, { participant: OTHER }),
    ]);
    // The same chunk again (a resync): nothing is stored twice.
    c.socket.history([text("IN1", "primeira", now - 3 * DAY)]);
    c.socket.history([text("IN3", "terceira", now - DAY, OTHER)], { last: true });

    const connection = await eventually(async () => {
      const row = await c.connection();
      return row.importOldMessages === null && row;
    }, 20_000);
    expect(connection.statusImportMessages).toBe(IMPORT_CLOSE_PENDING);
    expect(connection.importRecentMessages).toBeNull();

    const stored = await c.messagesOf();
    expect(stored.map((m) => m.providerMessageId)).toEqual(["IN1", "IN2", "ME1", "IN3"]);
    const ticketRows = await c.ticketsOf();
    expect(ticketRows).toHaveLength(2);
    for (const ticket of ticketRows) {
      expect(ticket).toMatchObject({
        status: "pending",
        queueId: c.queue.id,
        unreadMessages: 0,
        isGroup: false,
      });
      expect(ticket.importedAt).toBeInstanceOf(Date);
    }
    // History is not news: the automation is not asked to look at the imported tickets.
    const due = await db()
      .select({ ticketId: ticketAutomations.ticketId })
      .from(ticketAutomations)
      .where(
        and(
          inArray(
            ticketAutomations.ticketId,
            ticketRows.map((t) => t.id),
          ),
          isNotNull(ticketAutomations.dueAt),
        ),
      );
    expect(due).toEqual([]);

    const events = await eventually(async () => {
      const heard = importEvents.get(c.companyId) ?? [];
      return heard.at(-1)?.action === "refresh" && heard;
    }, 20_000);
    expect(events.at(-1)).toEqual({ action: "refresh", whatsappId: c.id });
    const progress = events.flatMap((e) => (e.action === "update" && e.status.this > 0 ? [e.status] : []));
    expect(progress.map((p) => [p.this, p.all])).toEqual([
      [3, 3],
      [4, 4],
      [5, 5],
    ]);
    expect(progress[0]?.date).toBe(new Date(seconds(now - 2 * DAY + 60_000) * 1000).toISOString());
  });

  it("POST /closedimported/{id} closes the tickets the import left, logged, and the action goes away", async () => {
    const c = await importing();
    c.socket.history([text("A1", "oi", Date.now() - DAY)], { last: true });
    await eventually(
      async () => (await c.connection()).statusImportMessages === IMPORT_CLOSE_PENDING,
      20_000,
    );
    // A ticket the import did not open stays as it is.
    const [own] = await db()
      .insert(tickets)
      .values({ companyId: c.companyId, contactId: (await c.ticketsOf())[0]!.contactId, status: "open" })
      .returning();

    const refused = await server.app.inject({
      method: "POST",
      url: `/closedimported/${c.id}`,
      headers: c.team.userSession.headers,
    });
    expect(refused.statusCode).toBe(403);

    const res = await server.app.inject({
      method: "POST",
      url: `/closedimported/${c.id}`,
      headers: c.team.adminSession.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ closed: 1 });
    const rows = await c.ticketsOf();
    expect(rows.find((t) => t.importedAt)?.status).toBe("closed");
    expect(rows.find((t) => t.id === own!.id)?.status).toBe("open");
    expect((await c.connection()).statusImportMessages).toBeNull();
    const logs = await db()
      .select()
      .from(ticketLogs)
      .where(and(eq(ticketLogs.companyId, c.companyId), eq(ticketLogs.type, "closed")));
    expect(logs).toHaveLength(1);
    expect(importEvents.get(c.companyId)?.at(-1)).toEqual({ action: "refresh", whatsappId: c.id });
  });

  it("with closedTicketsPostImported, the imported tickets are closed when the sync ends", async () => {
    const c = await importing({ closedTicketsPostImported: true, groups: true });
    c.socket.history([
      text("B1", "oi", Date.now() - DAY),
      text("G1", "no grupo", Date.now() - DAY, GROUP, { participant: OTHER }),
    ]);
    await eventually(async () => (await c.messagesOf()).length === 1, 20_000);
    c.socket.historyPaused();
    const connection = await eventually(async () => {
      const row = await c.connection();
      return row.importOldMessages === null && row;
    }, 20_000);
    expect(connection.statusImportMessages).toBeNull();
    // Groups are kept only where the connection takes groups at all (allowGroup is off here).
    expect((await c.ticketsOf()).map((t) => [t.status, t.isGroup])).toEqual([["closed", false]]);
  });

  it("history without an import waiting is left alone", async () => {
    const team = await buildTeam(server.app, db());
    const [row] = await db()
      .insert(whatsapps)
      .values({ companyId: team.company.id, name: "web", channel: "whatsapp" })
      .returning();
    await server.app.inject({
      method: "POST",
      url: `/whatsappsession/${row!.id}`,
      headers: team.adminSession.headers,
    });
    const socket = sockets.last();
    expect(socket.config.syncFullHistory).toBe(false);
    socket.open();
    socket.history([text("X1", "oi", Date.now() - DAY)], { last: true });
    await eventually(
      async () =>
        (await db().select().from(whatsapps).where(eq(whatsapps.id, row!.id)))[0]?.status === "CONNECTED",
      20_000,
    );
    // A message after the history: once it is stored, the history before it was handled (in order).
    socket.emit("messages.upsert", { messages: [text("LIVE1", "agora", Date.now())], type: "notify" });
    const stored = await eventually(async () => {
      const rows = await db().select().from(messages).where(eq(messages.companyId, team.company.id));
      return rows.length > 0 && rows;
    }, 20_000);
    expect(stored.map((m) => m.providerMessageId)).toEqual(["LIVE1"]);
    expect(importEvents.get(team.company.id)).toBeUndefined();
  });
});

describe("POST /whatsapp-restart", () => {
  it("restarts the company's running sessions with their pairing, and leaves a never-paired one alone", async () => {
    const team = await buildTeam(server.app, db());
    const [running] = await db()
      .insert(whatsapps)
      .values({ companyId: team.company.id, name: "web", channel: "whatsapp" })
      .returning();
    await db()
      .insert(whatsapps)
      .values({ companyId: team.company.id, name: "nunca", channel: "whatsapp", status: "DISCONNECTED" });
    await server.app.inject({
      method: "POST",
      url: `/whatsappsession/${running!.id}`,
      headers: team.adminSession.headers,
    });
    const first = sockets.last();
    first.open();
    const before = sockets.sockets.length;

    const refused = await server.app.inject({
      method: "POST",
      url: "/whatsapp-restart/",
      headers: team.userSession.headers,
    });
    expect(refused.statusCode).toBe(403);

    const res = await server.app.inject({
      method: "POST",
      url: "/whatsapp-restart/",
      headers: team.adminSession.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: "Whatsapp restart.", restarted: 1 });
    expect(first.endCalls).toBe(1);
    expect(first.logoutCalls).toBe(0);
    expect(sockets.sockets.length).toBe(before + 1);
  });
});
