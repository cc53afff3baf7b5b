import type { TicketNoteDto } from "@inbox/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildContact, buildQueue, buildTeam, buildTicket, buildUser } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const db = () => server.database.db;
const inject = (method: "GET" | "POST" | "DELETE", url: string, headers: object, payload?: object) =>
  server.app.inject({ method, url, headers: headers as Record<string, string>, payload });

describe("ticket notes", () => {
  it("adds notes with the author's name and lists them newest first, by contact and by ticket", async () => {
    const team = await buildTeam(server.app, db());
    const ticket = await buildTicket(db(), team.company.id, { status: "open", userId: team.user.id });
    const older = await buildTicket(db(), team.company.id, {
      status: "closed",
      contactId: ticket.contactId,
      userId: team.user.id,
    });
    const first = await inject("POST", "/ticket-notes", team.userSession.headers, {
      note: "Cliente pediu retorno",
      ticketId: ticket.id,
      contactId: ticket.contactId,
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      note: "Cliente pediu retorno",
      ticketId: ticket.id,
      contactId: ticket.contactId,
      user: { id: team.user.id, name: team.user.name },
    });
    await inject("POST", "/ticket-notes", team.adminSession.headers, {
      note: "Segunda nota",
      ticketId: ticket.id,
      contactId: ticket.contactId,
    });
    await inject("POST", "/ticket-notes", team.adminSession.headers, {
      note: "Do atendimento antigo",
      ticketId: older.id,
      contactId: ticket.contactId,
    });
    const byTicket = (
      await inject(
        "GET",
        `/ticket-notes/list?ticketId=${ticket.id}&contactId=${ticket.contactId}`,
        team.userSession.headers,
      )
    ).json() as TicketNoteDto[];
    expect(byTicket.map((n) => [n.note, n.user?.name])).toEqual([
      ["Segunda nota", team.admin.name],
      ["Cliente pediu retorno", team.user.name],
    ]);
    const byContact = (
      await inject("GET", `/ticket-notes/list?contactId=${ticket.contactId}`, team.userSession.headers)
    ).json() as TicketNoteDto[];
    expect(byContact).toHaveLength(3);
  });

  it("answers the spec's messages and refuses a contact that is not the ticket's", async () => {
    const team = await buildTeam(server.app, db());
    const ticket = await buildTicket(db(), team.company.id, { status: "open", userId: team.user.id });
    for (const [note, message] of [
      ["a", "Too Short!"],
      ["", "Required"],
      ["   ", "Required"],
    ] as const) {
      const res = await inject("POST", "/ticket-notes", team.userSession.headers, {
        note,
        ticketId: ticket.id,
        contactId: ticket.contactId,
      });
      expect(res.statusCode, note).toBe(400);
      expect(res.json()).toMatchObject({ error: "ERR_VALIDATION", field: "note", message });
    }
    const stranger = await buildContact(db(), team.company.id);
    const wrong = await inject("POST", "/ticket-notes", team.userSession.headers, {
      note: "ok ok",
      ticketId: ticket.id,
      contactId: stranger.id,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().field).toBe("contactId");
  });

  it("the author or an admin deletes a note; another attendant may not", async () => {
    const team = await buildTeam(server.app, db());
    const ticket = await buildTicket(db(), team.company.id, { status: "open", userId: team.user.id });
    const add = async (headers: object) =>
      (
        await inject("POST", "/ticket-notes", headers, {
          note: "nota",
          ticketId: ticket.id,
          contactId: ticket.contactId,
        })
      ).json() as TicketNoteDto;
    const byAdmin = await add(team.adminSession.headers);
    const byUser = await add(team.userSession.headers);
    const refused = await inject("DELETE", `/ticket-notes/${byAdmin.id}`, team.userSession.headers);
    expect(refused.statusCode).toBe(403);
    expect((await inject("DELETE", `/ticket-notes/${byUser.id}`, team.userSession.headers)).statusCode).toBe(
      200,
    );
    expect(
      (await inject("DELETE", `/ticket-notes/${byAdmin.id}`, team.adminSession.headers)).statusCode,
    ).toBe(200);
    const left = await inject(
      "GET",
      `/ticket-notes/list?contactId=${ticket.contactId}`,
      team.adminSession.headers,
    );
    expect(left.json()).toEqual([]);
  });

  it("another company's tickets, contacts and notes are not found", async () => {
    const team = await buildTeam(server.app, db());
    const other = await buildTeam(server.app, db());
    const ticket = await buildTicket(db(), team.company.id, { status: "pending" });
    const note = (
      await inject("POST", "/ticket-notes", team.adminSession.headers, {
        note: "segredo",
        ticketId: ticket.id,
        contactId: ticket.contactId,
      })
    ).json() as TicketNoteDto;
    const write = await inject("POST", "/ticket-notes", other.adminSession.headers, {
      note: "intrusa",
      ticketId: ticket.id,
      contactId: ticket.contactId,
    });
    expect(write.statusCode).toBe(404);
    const read = await inject(
      "GET",
      `/ticket-notes/list?contactId=${ticket.contactId}`,
      other.adminSession.headers,
    );
    expect(read.statusCode).toBe(404);
    const del = await inject("DELETE", `/ticket-notes/${note.id}`, other.adminSession.headers);
    expect(del.statusCode).toBe(404);
    const still = await inject(
      "GET",
      `/ticket-notes/list?contactId=${ticket.contactId}`,
      team.adminSession.headers,
    );
    expect((still.json() as TicketNoteDto[]).map((n) => n.id)).toEqual([note.id]);
  });

  it("a contact's notes list only the notes of tickets the user may see (spec 1 section 6)", async () => {
    const team = await buildTeam(server.app, db());
    const colleague = await buildUser(db(), team.company.id);
    const otherQueue = await buildQueue(db(), team.company.id);
    const contact = await buildContact(db(), team.company.id);
    const mine = await buildTicket(db(), team.company.id, {
      status: "closed",
      contactId: contact.id,
      userId: team.user.id,
    });
    // The colleague's conversation in a queue the user is not in: not the user's to read.
    const theirs = await buildTicket(db(), team.company.id, {
      status: "open",
      contactId: contact.id,
      userId: colleague.id,
      queueId: otherQueue.id,
    });
    for (const [ticket, note] of [
      [mine, "Nota do meu atendimento"],
      [theirs, "Nota confidencial do colega"],
    ] as const) {
      const res = await inject("POST", "/ticket-notes", team.adminSession.headers, {
        note,
        ticketId: ticket.id,
        contactId: contact.id,
      });
      expect(res.statusCode).toBe(201);
    }

    const asUser = await inject(
      "GET",
      `/ticket-notes/list?contactId=${contact.id}`,
      team.userSession.headers,
    );
    expect(asUser.statusCode).toBe(200);
    expect((asUser.json() as TicketNoteDto[]).map((n) => n.note)).toEqual(["Nota do meu atendimento"]);
    expect(asUser.body).not.toContain("confidencial");

    const byHiddenTicket = await inject(
      "GET",
      `/ticket-notes/list?contactId=${contact.id}&ticketId=${theirs.id}`,
      team.userSession.headers,
    );
    expect(byHiddenTicket.statusCode).toBe(403);

    const asAdmin = await inject(
      "GET",
      `/ticket-notes/list?contactId=${contact.id}`,
      team.adminSession.headers,
    );
    expect((asAdmin.json() as TicketNoteDto[]).map((n) => n.note).sort()).toEqual([
      "Nota confidencial do colega",
      "Nota do meu atendimento",
    ]);
  });
});
