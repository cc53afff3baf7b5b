import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildConnection, buildContact, buildTeam, buildTicket } from "../../test/factories.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { TestSockets } from "../../test/sockets.js";
import { rooms } from "./realtime.js";

/**
 * Clients written against the specs: live event names exactly as written (company{id}-tag,
 * schedule), a conversation addressed by its uuid (GET /messages/{uuid}, joinChatBox), the search
 * tab's `status=search`.
 */

let server: TestServer;
let url: string;
const clients = new TestSockets(() => url);

beforeAll(async () => {
  server = await startTestServer();
  await server.app.listen({ port: 0, host: "127.0.0.1" });
  url = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
});
afterEach(() => clients.closeAll());
afterAll(() => server.close());

async function until(check: () => boolean | Promise<boolean>) {
  for (let i = 0; i < 250; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error("timed out waiting");
}

describe("live event names as the specs write them", () => {
  it("a tag change is company{id}-tag (no dash), a schedule change is schedule; another company hears neither", async () => {
    const a = await buildTeam(server.app, server.database.db);
    const b = await buildTeam(server.app, server.database.db);
    const sa = await clients.hearingAll(a.adminSession.token);
    const sb = await clients.hearingAll(b.adminSession.token);

    const tag = await server.app.inject({
      method: "POST",
      url: "/tags",
      headers: a.adminSession.headers,
      payload: { name: "Urgente", color: "#ff0000" },
    });
    expect(tag.statusCode).toBe(201);
    await until(() => sa.events.some((e) => e.name === `company${a.company.id}-tag`));
    expect(sa.events.find((e) => e.name === `company${a.company.id}-tag`)?.payload).toMatchObject({
      action: "create",
      tag: { name: "Urgente" },
    });
    expect(sa.events.some((e) => e.name === `company-${a.company.id}-tag`)).toBe(false);

    const connection = await buildConnection(server.database.db, a.company.id, { status: "CONNECTED" });
    const contact = await buildContact(server.database.db, a.company.id);
    const schedule = await server.app.inject({
      method: "POST",
      url: "/schedules",
      headers: a.adminSession.headers,
      payload: {
        body: "Lembrete da consulta",
        contactId: contact.id,
        whatsappId: connection.id,
        sendAt: new Date(Date.now() + 3_600_000).toISOString(),
      },
    });
    expect(schedule.statusCode, schedule.body).toBe(201);
    await until(() => sa.events.some((e) => e.name === "schedule"));
    expect(sa.events.find((e) => e.name === "schedule")?.payload).toMatchObject({
      action: "create",
      schedule: { id: schedule.json().id },
    });

    await new Promise((r) => setTimeout(r, 200));
    expect(sb.events).toEqual([]);
  });
});

describe("a conversation addressed by its uuid", () => {
  it("GET /messages/{uuid} answers as GET /messages/{id}; another company's uuid is not found", async () => {
    const a = await buildTeam(server.app, server.database.db);
    const b = await buildTeam(server.app, server.database.db);
    const ticket = await buildTicket(server.database.db, a.company.id, {
      status: "open",
      userId: a.admin.id,
    });
    const byId = await server.app.inject({ url: `/messages/${ticket.id}`, headers: a.adminSession.headers });
    const byUuid = await server.app.inject({
      url: `/messages/${ticket.uuid}`,
      headers: a.adminSession.headers,
    });
    expect(byUuid.statusCode, byUuid.body).toBe(200);
    expect(byUuid.json()).toEqual(byId.json());
    expect(byUuid.json().ticket.id).toBe(ticket.id);

    const foreign = await server.app.inject({
      url: `/messages/${ticket.uuid}`,
      headers: b.adminSession.headers,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe("ERR_NO_TICKET_FOUND");
    const nonsense = await server.app.inject({
      url: "/messages/not-a-ticket",
      headers: a.adminSession.headers,
    });
    expect(nonsense.statusCode).toBe(400);
  });

  it("joinChatBox and leaving take the uuid too, only for a ticket of the socket's company", async () => {
    const a = await buildTeam(server.app, server.database.db);
    const b = await buildTeam(server.app, server.database.db);
    const ticket = await buildTicket(server.database.db, a.company.id, {
      status: "open",
      userId: a.admin.id,
    });
    const room = rooms.ticket(a.company.id, ticket.id);
    const inRoom = async () => (await server.realtime.server?.in(room).fetchSockets())?.length ?? 0;

    const sb = await clients.hearingAll(b.adminSession.token);
    sb.socket.emit("joinChatBox", ticket.uuid);
    const sa = await clients.hearingAll(a.adminSession.token);
    sa.socket.emit("joinChatBox", ticket.uuid);
    await until(async () => (await inRoom()) === 1);
    const [member] = (await server.realtime.server?.in(room).fetchSockets()) ?? [];
    expect(member?.id).toBe(sa.socket.id);

    sa.socket.emit("joinChatBoxLeave", ticket.uuid);
    await until(async () => (await inRoom()) === 0);
  });
});

describe("GET /tickets?status=search", () => {
  it("is every status, narrowed by statusFilter as the search tab sends it", async () => {
    const team = await buildTeam(server.app, server.database.db);
    const db = server.database.db;
    const closed = await buildTicket(db, team.company.id, { status: "closed" });
    const open = await buildTicket(db, team.company.id, { status: "open", userId: team.admin.id });
    const pending = await buildTicket(db, team.company.id, { status: "pending" });
    const ids = async (query: string) => {
      const res = await server.app.inject({ url: `/tickets?${query}`, headers: team.adminSession.headers });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().tickets as { id: number }[]).map((t) => t.id).sort((x, y) => x - y);
    };
    expect(await ids("status=search&showAll=true")).toEqual([closed.id, open.id, pending.id]);
    expect(
      await ids(`status=search&showAll=true&statusFilter=${encodeURIComponent('["closed","pending"]')}`),
    ).toEqual([closed.id, pending.id]);
  });
});
