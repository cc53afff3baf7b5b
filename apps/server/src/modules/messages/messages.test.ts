import { LIMITS, type MessageList, type TicketDto } from "@inbox/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  buildCompany,
  buildConnection,
  buildQueue,
  buildTeam,
  buildTicket,
  type Session,
} from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import type { InboundEvent } from "../../channels/types.js";
import { messages, tickets } from "../../db/schema/index.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const db = () => server.database.db;

async function page(session: Session, ticketId: number, pageNumber = 1) {
  return server.app.inject({
    method: "GET",
    url: `/messages/${ticketId}?pageNumber=${pageNumber}`,
    headers: session.headers,
  });
}

const inbound = (from: string, id: string, body: string, at = new Date()): InboundEvent => ({
  kind: "message",
  message: {
    providerMessageId: id,
    timestamp: at,
    fromMe: false,
    contact: { id: from, name: "Cliente" },
    body,
    mediaType: "chat",
    isForwarded: false,
  },
});

describe("GET /messages/{ticketId}", () => {
  it("pages from the newest, oldest first within a page, with the ticket and the count", async () => {
    const team = await buildTeam(server.app, db());
    const c = team.company.id;
    const ticket = await buildTicket(db(), c, { status: "pending" });
    const total = LIMITS.pageSize + 5;
    const start = Date.parse("2026-02-01T12:00:00Z");
    await db()
      .insert(messages)
      .values(
        Array.from({ length: total }, (_, i) => ({
          companyId: c,
          ticketId: ticket.id,
          body: `m${i}`,
          fromMe: i % 2 === 0,
          ack: i % 2 === 0 ? 2 : 0,
          // Two messages share each second: the id keeps them in order.
          createdAt: new Date(start + Math.floor(i / 2) * 1000),
        })),
      );

    const first = await page(team.adminSession, ticket.id);
    expect(first.statusCode).toBe(200);
    const newest = first.json() as MessageList;
    expect(newest.count).toBe(total);
    expect(newest.hasMore).toBe(true);
    expect(newest.ticket).toMatchObject({ id: ticket.id, uuid: ticket.uuid } satisfies Partial<TicketDto>);
    expect(newest.messages.map((m) => m.body)).toEqual(
      Array.from({ length: LIMITS.pageSize }, (_, i) => `m${i + 5}`),
    );
    const older = (await page(team.adminSession, ticket.id, 2)).json() as MessageList;
    expect(older.hasMore).toBe(false);
    expect(older.messages.map((m) => m.body)).toEqual(["m0", "m1", "m2", "m3", "m4"]);
    expect(older.messages[0]).toMatchObject({ fromMe: true, ack: 2 });
    expect(older.count).toBe(total);
    // A page past the end is empty and still tells the count.
    const past = (await page(team.adminSession, ticket.id, 3)).json() as MessageList;
    expect([past.messages.length, past.count, past.hasMore]).toEqual([0, total, false]);
  });

  it("opening the conversation reads it: the unread counter goes to 0 and the lists hear it", async () => {
    const team = await buildTeam(server.app, db());
    const connection = await buildConnection(db(), team.company.id, { channel: "whatsappapi" });
    await server.ingest.deliver(connection, [
      inbound("5511955550001", "wamid.r1", "Oi"),
      inbound("5511955550001", "wamid.r2", "Tem alguém?"),
    ]);
    const [ticket] = await db().select().from(tickets).where(eq(tickets.companyId, team.company.id));
    expect(ticket?.unreadMessages).toBe(2);
    const emit = vi.spyOn(server.realtime, "toRooms");
    try {
      const body = (await page(team.adminSession, ticket!.id)).json() as MessageList;
      expect(body.ticket.unreadMessages).toBe(0);
      expect(body.messages.map((m) => [m.body, m.read])).toEqual([
        ["Oi", true],
        ["Tem alguém?", true],
      ]);
      expect(emit).toHaveBeenCalledWith(
        team.company.id,
        // Everyone who may see the ticket (admins hear every ticket), never the whole company.
        expect.arrayContaining([`c:${team.company.id}:see:all`]),
        "ticket",
        { action: "update", ticket: expect.objectContaining({ id: ticket!.id, unreadMessages: 0 }) },
      );
      // Reading again changes nothing and says nothing.
      emit.mockClear();
      await page(team.adminSession, ticket!.id);
      expect(emit).not.toHaveBeenCalled();
    } finally {
      emit.mockRestore();
    }
    const [after] = await db().select().from(tickets).where(eq(tickets.id, ticket!.id));
    expect(after?.updatedAt.getTime()).toBe(ticket?.updatedAt.getTime());
  });

  it("follows the ticket's visibility: 403 for a hidden ticket, 404 for another company's", async () => {
    const team = await buildTeam(server.app, db());
    const queue = await buildQueue(db(), team.company.id);
    const hidden = await buildTicket(db(), team.company.id, { status: "pending", queueId: queue.id });
    const foreign = await buildTicket(db(), (await buildCompany(db())).id, { unreadMessages: 3 });
    expect((await page(team.userSession, hidden.id)).statusCode).toBe(403);
    const res = await page(team.userSession, foreign.id);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe("ERR_NO_TICKET_FOUND");
    const [untouched] = await db().select().from(tickets).where(eq(tickets.id, foreign.id));
    expect(untouched?.unreadMessages).toBe(3);
  });
});

describe("live events of the message path carry what the ticket list needs", () => {
  it("a new message announces the ticket with its contact, last message, unread count, status and time", async () => {
    const team = await buildTeam(server.app, db());
    const connection = await buildConnection(db(), team.company.id, {
      channel: "whatsappapi",
      accessToken: "EAAG-event-secret",
    });
    const emit = vi.spyOn(server.realtime, "toRooms");
    try {
      await server.ingest.deliver(connection, [inbound("5511955550002", "wamid.e1", "Bom dia")]);
      // Events wait for the company's LGPD setting when it is not known yet (privacy/number-privacy.ts).
      const ofCompany = () => emit.mock.calls.filter(([company]) => company === team.company.id);
      await vi.waitFor(() => expect(ofCompany().map(([, , topic]) => topic)).toContain("ticket"));
      const calls = ofCompany();
      const ticketEvent = calls.find(([, , topic]) => topic === "ticket")?.[3] as {
        action: string;
        ticket: TicketDto;
      };
      expect(ticketEvent).toMatchObject({
        action: "update",
        ticket: {
          status: "pending",
          lastMessage: "Bom dia",
          unreadMessages: 1,
          whatsappId: connection.id,
          contact: { name: "Cliente", number: "5511955550002" },
        },
      });
      expect(Number.isNaN(Date.parse(ticketEvent.ticket.updatedAt))).toBe(false);
      const messageEvent = calls.find(([, , topic]) => topic === "appMessage")?.[3];
      expect(messageEvent).toMatchObject({
        action: "create",
        message: { body: "Bom dia", fromMe: false },
        ticket: { id: ticketEvent.ticket.id },
      });
      expect(JSON.stringify(calls)).not.toContain("EAAG-event-secret");
    } finally {
      emit.mockRestore();
    }
  });
});
