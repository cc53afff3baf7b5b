import type { TicketDto } from "@inbox/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCompany, buildConnection, buildQueue, buildTicket, buildUser } from "../../test/factories.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { ticketLogs, tickets } from "../db/schema/index.js";
import type { TicketEvents } from "../realtime/ticket-events.js";
import { closeIdleTickets } from "./close-idle-tickets.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
const db = () => server.database.db;

/** Records what the job announces, in the shape TicketEvents.ticketChanged takes. */
function recordingEvents() {
  const heard: { companyId: number; ticket: TicketDto; before?: { status: string } }[] = [];
  const events = {
    ticketChanged: (companyId: number, ticket: TicketDto, _action?: string, before?: { status: string }) =>
      heard.push({ companyId, ticket, before }),
  } as unknown as TicketEvents;
  return { heard, events };
}

/**
 * The job works across companies, and on PostgreSQL other test files share the database: the
 * tickets here are decades old and the threshold is as long, so nothing of theirs qualifies.
 */
const HOURS = 200_000;

describe("closing idle tickets (TICKETS_AUTO_CLOSE_HOURS)", () => {
  it("closes open tickets idle for longer than the hours, logs and announces each; leaves the rest", async () => {
    const company = await buildCompany(db());
    const c = company.id;
    const queue = await buildQueue(db(), c);
    const user = await buildUser(db(), c);
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
    const idle = await buildTicket(db(), c, { status: "open", userId: user.id, queueId: queue.id });
    const recent = await buildTicket(db(), c, { status: "open", userId: user.id });
    const waiting = await buildTicket(db(), c, { status: "pending", queueId: queue.id });
    await db()
      .update(tickets)
      .set({ updatedAt: hoursAgo(HOURS + 1) })
      .where(eq(tickets.id, idle.id));
    await db()
      .update(tickets)
      .set({ updatedAt: hoursAgo(HOURS - 1) })
      .where(eq(tickets.id, recent.id));
    await db()
      .update(tickets)
      .set({ updatedAt: hoursAgo(HOURS * 2) })
      .where(eq(tickets.id, waiting.id));

    const { heard, events } = recordingEvents();
    expect(await closeIdleTickets({ db: db(), events, hours: HOURS })).toBeGreaterThanOrEqual(1);
    const status = async (id: number) =>
      (await db().select().from(tickets).where(eq(tickets.id, id)))[0]?.status;
    expect([await status(idle.id), await status(recent.id), await status(waiting.id)]).toEqual([
      "closed",
      "open",
      "pending",
    ]);
    const logs = await db().select().from(ticketLogs).where(eq(ticketLogs.ticketId, idle.id));
    expect(logs.map((l) => [l.type, l.userId, l.queueId])).toEqual([["closed", null, queue.id]]);
    const announced = heard.filter((h) => h.companyId === c);
    expect(announced.map((h) => [h.ticket.id, h.ticket.status, h.before?.status])).toEqual([
      [idle.id, "closed", "open"],
    ]);

    // A second pass finds nothing more to close here.
    const again = recordingEvents();
    await closeIdleTickets({ db: db(), events: again.events, hours: HOURS });
    expect(again.heard.filter((h) => h.companyId === c)).toEqual([]);
  });

  it("with 0 hours closes nothing", async () => {
    const company = await buildCompany(db());
    const ticket = await buildTicket(db(), company.id, { status: "open" });
    await db()
      .update(tickets)
      .set({ updatedAt: new Date(Date.now() - 2 * HOURS * 3_600_000) })
      .where(eq(tickets.id, ticket.id));
    const { heard, events } = recordingEvents();
    expect(await closeIdleTickets({ db: db(), events, hours: 0 })).toBe(0);
    expect(heard).toEqual([]);
    expect((await db().select().from(tickets).where(eq(tickets.id, ticket.id)))[0]?.status).toBe("open");
  });

  it("leaves tickets of a connection with expiresTicket alone: that connection closes its own (automation/inactivity.ts)", async () => {
    const company = await buildCompany(db());
    const user = await buildUser(db(), company.id);
    const own = await buildConnection(db(), company.id, { expiresTicket: 60 });
    const ticket = await buildTicket(db(), company.id, {
      status: "open",
      userId: user.id,
      whatsappId: own.id,
    });
    await db()
      .update(tickets)
      .set({ updatedAt: new Date(Date.now() - (HOURS + 5) * 3_600_000) })
      .where(eq(tickets.id, ticket.id));
    await closeIdleTickets({ db: db(), events: recordingEvents().events, hours: HOURS });
    const [row] = await db().select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(row?.status).toBe("open");
  });
});
