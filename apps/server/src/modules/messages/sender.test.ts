import type { MessageDto, MessageList } from "@inbox/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTeam, buildTicket } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { messages } from "../../db/schema/index.js";
import { presentMessage } from "./presenter.js";

/**
 * Who sent each message (issue 9 rule 7): the conversation names the user of
 * each outgoing message, says "bot" for the automatic conversation's, and
 * nothing for the contact's.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const db = () => server.database.db;

describe("the sender of a message", () => {
  it("GET /messages names the user of each outgoing message, marks the bot's, and none for the contact's", async () => {
    const team = await buildTeam(server.app, db());
    const companyId = team.company.id;
    const ticket = await buildTicket(db(), companyId, { status: "open", userId: team.user.id });
    const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 12, minute));
    await db()
      .insert(messages)
      .values([
        { companyId, ticketId: ticket.id, body: "Oi", fromMe: false, createdAt: at(0) },
        {
          companyId,
          ticketId: ticket.id,
          body: "Escolha uma fila: 1 - Vendas",
          fromMe: true,
          userId: null,
          extra: { sentBy: "bot" },
          createdAt: at(1),
        },
        {
          companyId,
          ticketId: ticket.id,
          body: "Olá!",
          fromMe: true,
          userId: team.user.id,
          createdAt: at(2),
        },
        {
          companyId,
          ticketId: ticket.id,
          body: "nota",
          fromMe: true,
          isPrivate: true,
          userId: team.admin.id,
          createdAt: at(3),
        },
      ]);
    const res = await server.app.inject({
      method: "GET",
      url: `/messages/${ticket.id}`,
      headers: team.adminSession.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as MessageList;
    expect(list.messages.map((m) => [m.body, m.userId, m.user, m.sentBy])).toEqual([
      ["Oi", null, null, undefined],
      ["Escolha uma fila: 1 - Vendas", null, null, "bot"],
      ["Olá!", team.user.id, { id: team.user.id, name: team.user.name }, undefined],
      ["nota", team.admin.id, { id: team.admin.id, name: team.admin.name }, undefined],
    ]);
  });

  it("a send answers with its user; a private note too", async () => {
    const team = await buildTeam(server.app, db());
    const ticket = await buildTicket(db(), team.company.id, { status: "open", userId: team.admin.id });
    const res = await server.app.inject({
      method: "POST",
      url: `/messages/${ticket.id}`,
      headers: team.adminSession.headers,
      payload: { body: "só para a equipe", isPrivate: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json() as MessageDto).toMatchObject({
      userId: team.admin.id,
      user: { id: team.admin.id, name: team.admin.name },
    });
  });

  it("presentMessage leaves the user out when it does not know them (clients keep theirs)", () => {
    const row = {
      id: 1,
      companyId: 1,
      ticketId: 1,
      contactId: null,
      userId: 5,
      body: "x",
      fromMe: true,
      mediaType: "chat",
      mediaUrl: null,
      ack: 1,
      read: true,
      isPrivate: false,
      isDeleted: false,
      isEdited: false,
      isForwarded: false,
      quotedMsgId: null,
      reactions: [],
      participant: null,
      extra: null,
      sendError: null,
      sendErrorMessage: null,
      createdAt: new Date(0),
      updatedAt: new Date(0),
    } as unknown as Parameters<typeof presentMessage>[0];
    expect("user" in presentMessage(row)).toBe(false);
    expect("user" in presentMessage(row, { id: 6, name: "Outro" })).toBe(false);
    expect(presentMessage(row, { id: 5, name: "Ana" }).user).toEqual({ id: 5, name: "Ana" });
    expect(presentMessage({ ...row, userId: null }).user).toBeNull();
  });
});
