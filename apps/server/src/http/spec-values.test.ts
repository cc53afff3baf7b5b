import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildConnection, buildContact, buildTeam, buildTicket, unique } from "../../test/factories.js";
import { startTestServer, type TestServer } from "../../test/harness.js";

/** Booleans sent as 0/1 and "no id" sent as `false`, as clients written against the specs send them. */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const send = (method: "GET" | "POST" | "PUT", url: string, headers: object, payload?: object) =>
  server.app.inject({ method, url, headers: headers as Record<string, string>, payload });

describe("booleans as 0/1", () => {
  it("POST /messages/{ticketId} with read: 1, fromMe: 1, isPrivate: 1 stores a private note", async () => {
    const team = await buildTeam(server.app, server.database.db);
    const connection = await buildConnection(server.database.db, team.company.id);
    const ticket = await buildTicket(server.database.db, team.company.id, {
      status: "open",
      userId: team.admin.id,
      whatsappId: connection.id,
    });
    const res = await send("POST", `/messages/${ticket.id}`, team.adminSession.headers, {
      body: "nota interna",
      read: 1,
      fromMe: 1,
      isPrivate: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ body: "nota interna", isPrivate: true, fromMe: true });
    const refused = await send("POST", `/messages/${ticket.id}`, team.adminSession.headers, {
      body: "x",
      isPrivate: 2,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: "ERR_VALIDATION" });
  });

  it("contacts, users and the ticket list take 1/0 for their flags", async () => {
    const team = await buildTeam(server.app, server.database.db);
    const contact = await send("POST", "/contacts", team.adminSession.headers, {
      name: "Cliente Um",
      // Eight digits always: a shorter draw would be no phone number (E.164 storage refuses it).
      number: `55119${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`,
      disableBot: 1,
    });
    expect(contact.statusCode, contact.body).toBe(201);
    expect(contact.json().disableBot).toBe(true);

    const user = await send("POST", "/users", team.adminSession.headers, {
      name: "Ana Lima",
      email: `${unique("ana")}@example.com`,
      password: "12345",
      allowGroup: 1,
    });
    expect(user.statusCode, user.body).toBe(201);
    expect(user.json().allowGroup).toBe(true);

    for (const query of ["showAll=1&withUnreadMessages=0", "status=open&isGroup=0&searchOnMessages=1"]) {
      const list = await send("GET", `/tickets?${query}`, team.adminSession.headers);
      expect(list.statusCode, `${query}: ${list.body}`).toBe(200);
    }
    expect((await send("GET", "/contacts?isGroup=0", team.adminSession.headers)).statusCode).toBe(200);
    expect((await send("GET", "/tickets?showAll=maybe", team.adminSession.headers)).statusCode).toBe(400);
  });
});

describe("no id sent as false", () => {
  it("a user's default connection: whatsappId false is none, on create and on update", async () => {
    const team = await buildTeam(server.app, server.database.db);
    const connection = await buildConnection(server.database.db, team.company.id);
    const created = await send("POST", "/users", team.adminSession.headers, {
      name: "Bruno Dias",
      email: `${unique("bruno")}@example.com`,
      password: "12345",
      whatsappId: false,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().whatsappId).toBeNull();
    const id = created.json().id as number;
    const linked = await send("PUT", `/users/${id}`, team.adminSession.headers, {
      whatsappId: connection.id,
    });
    expect(linked.json().whatsappId).toBe(connection.id);
    const unlinked = await send("PUT", `/users/${id}`, team.adminSession.headers, { whatsappId: false });
    expect(unlinked.statusCode, unlinked.body).toBe(200);
    expect(unlinked.json().whatsappId).toBeNull();
  });

  it("a schedule with whatsappId false and ticketId false uses the company's default connection", async () => {
    const team = await buildTeam(server.app, server.database.db);
    const connection = await buildConnection(server.database.db, team.company.id, { isDefault: true });
    const contact = await buildContact(server.database.db, team.company.id);
    const res = await send("POST", "/schedules", team.adminSession.headers, {
      body: "Lembrete da consulta",
      contactId: contact.id,
      sendAt: new Date(Date.now() + 3_600_000).toISOString(),
      whatsappId: false,
      ticketId: false,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ ticketId: null, contactId: contact.id });
    expect([null, connection.id]).toContain(res.json().whatsappId);
  });
});
