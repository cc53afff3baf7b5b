import type { AddressInfo } from "node:net";
import { canSeeTicket, type TicketDto, ticketScope } from "@inbox/shared";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  buildAdmin,
  buildCompany,
  buildConnection,
  buildContact,
  buildQueue,
  buildTicket,
  buildUser,
  login,
} from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { TestSockets } from "../../../test/sockets.js";
import { companySettings, userQueues } from "../../db/schema/index.js";

/**
 * Lists move tickets between tabs and attendants live (spec 1 section 4, live
 * list rules): over real sockets, every lifecycle change reaches the users
 * who saw the ticket before and those who see it after, and nobody else.
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

const db = () => server.database.db;

type TicketEvent = { action: string; ticket?: TicketDto; ticketId?: number; assignedBy?: number };

/** A socket that keeps the ticket events of its company. */
async function listen(token: string, companyId: number) {
  return (await clients.hearing<TicketEvent>(token, `company-${companyId}-ticket`)).heard;
}

async function until(check: () => boolean, timeoutMs = 3000) {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 20));
  }
}
const settle = () => new Promise((r) => setTimeout(r, 300));

describe("lifecycle events over sockets", () => {
  it("accept, transfer and delete reach the lists that held the ticket and those that hold it now", async () => {
    const company = await buildCompany(db());
    const c = company.id;
    const sales = await buildQueue(db(), c);
    const support = await buildQueue(db(), c);
    const admin = await buildAdmin(db(), c);
    const ana = await buildUser(db(), c);
    const bruno = await buildUser(db(), c);
    const carla = await buildUser(db(), c);
    await db()
      .insert(userQueues)
      .values([
        { companyId: c, userId: ana.id, queueId: sales.id },
        { companyId: c, userId: bruno.id, queueId: sales.id },
        { companyId: c, userId: carla.id, queueId: support.id },
      ]);
    const connection = await buildConnection(db(), c);
    const contact = await buildContact(db(), c);
    const ticket = await buildTicket(db(), c, {
      status: "pending",
      queueId: sales.id,
      whatsappId: connection.id,
      contactId: contact.id,
    });
    const sessions = {
      admin: await login(server.app, admin.email),
      ana: await login(server.app, ana.email),
      bruno: await login(server.app, bruno.email),
      carla: await login(server.app, carla.email),
    };
    const heard = {
      admin: await listen(sessions.admin.token, c),
      ana: await listen(sessions.ana.token, c),
      bruno: await listen(sessions.bruno.token, c),
      carla: await listen(sessions.carla.token, c),
    };

    // Ana accepts: Bruno's pending list must hear it (to drop it), Carla never saw it.
    const accept = await server.app.inject({
      method: "PUT",
      url: `/tickets/${ticket.id}`,
      headers: sessions.ana.headers,
      payload: { status: "open" },
    });
    expect(accept.statusCode, accept.body).toBe(200);
    await until(() => heard.bruno.length === 1 && heard.ana.length === 1 && heard.admin.length === 1);
    const moved = heard.ana[0]?.ticket as TicketDto;
    expect(moved).toMatchObject({ id: ticket.id, status: "open", userId: ana.id });
    // Ana took it herself: nobody handed it to her.
    expect(heard.ana[0]?.assignedBy).toBeUndefined();
    // Bruno may no longer see it: he hears only its removal, not who took it.
    expect(canSeeTicket(ticketScope({ ...bruno, queueIds: [sales.id] }, false), moved)).toBe(false);
    expect(heard.bruno[0]).toEqual({ action: "delete", ticketId: ticket.id });

    // Ana transfers to Carla in support: Ana and Carla hear it, Bruno no longer does.
    const transfer = await server.app.inject({
      method: "PUT",
      url: `/tickets/${ticket.id}`,
      headers: sessions.ana.headers,
      payload: { userId: carla.id, queueId: support.id, isTransfered: true },
    });
    expect(transfer.statusCode, transfer.body).toBe(200);
    await until(() => heard.ana.length === 2 && heard.carla.length === 1);
    expect(heard.carla[0]?.ticket).toMatchObject({ status: "open", userId: carla.id, queueId: support.id });
    // Carla's screen learns that Ana handed it to her (her sound and bell entry).
    expect(heard.carla[0]?.assignedBy).toBe(ana.id);
    // Ana works in sales only: the ticket leaves her sight, she hears its removal and nothing of its new place.
    expect(heard.ana[1]).toEqual({ action: "delete", ticketId: ticket.id });

    // The admin deletes it: Carla's list drops it by id.
    const removed = await server.app.inject({
      method: "DELETE",
      url: `/tickets/${ticket.id}`,
      headers: sessions.admin.headers,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    await until(() => heard.carla.length === 2);
    expect(heard.carla[1]).toMatchObject({ action: "delete", ticketId: ticket.id });
    await settle();
    expect(heard.bruno).toHaveLength(1);
    expect(heard.admin.map((e) => e.action)).toEqual(["update", "update", "delete"]);
  });

  it("a conversation left by a transfer goes quiet for the attendant who may no longer see it", async () => {
    const company = await buildCompany(db());
    const c = company.id;
    const sales = await buildQueue(db(), c);
    const support = await buildQueue(db(), c);
    const ana = await buildUser(db(), c);
    const carla = await buildUser(db(), c);
    await db()
      .insert(userQueues)
      .values([
        { companyId: c, userId: ana.id, queueId: sales.id },
        { companyId: c, userId: carla.id, queueId: support.id },
      ]);
    const ticket = await buildTicket(db(), c, { status: "open", userId: ana.id, queueId: sales.id });
    const sessions = { ana: await login(server.app, ana.email), carla: await login(server.app, carla.email) };
    const { socket: anaSocket, heard: anaHeard } = await clients.hearing<TicketEvent>(
      sessions.ana.token,
      `company-${c}-ticket`,
    );
    const anaMessages: string[] = [];
    anaSocket.on(`company-${c}-appMessage`, (p: { action: string; message?: { body: string } }) => {
      if (p.action === "create") anaMessages.push(p.message?.body ?? "");
    });
    anaSocket.emit("joinChatBox", ticket.id);
    await settle();
    const note = (session: typeof sessions.ana, body: string) =>
      server.app.inject({
        method: "POST",
        url: `/messages/${ticket.id}`,
        headers: session.headers,
        payload: { body, isPrivate: true },
      });
    expect((await note(sessions.ana, "before the transfer")).statusCode).toBe(200);
    await until(() => anaMessages.length === 1);
    await settle();
    const heardBefore = anaHeard.length;

    const transfer = await server.app.inject({
      method: "PUT",
      url: `/tickets/${ticket.id}`,
      headers: sessions.ana.headers,
      payload: { userId: carla.id, queueId: support.id, isTransfered: true },
    });
    expect(transfer.statusCode, transfer.body).toBe(200);
    await settle();
    expect((await note(sessions.carla, "after the transfer")).statusCode).toBe(200);
    await settle();
    expect(anaMessages).toEqual(["before the transfer"]);
    // Her list and her open conversation hear the removal once, and never the ticket in its new queue.
    expect(anaHeard.slice(heardBefore)).toEqual([{ action: "delete", ticketId: ticket.id }]);
  });

  it("with numbers hidden (LGPD), the attendant who loses sight still hears only the removal", async () => {
    const company = await buildCompany(db());
    const c = company.id;
    await db()
      .update(companySettings)
      .set({ enableLGPD: "enabled", lgpdHideNumber: "enabled" })
      .where(eq(companySettings.companyId, c));
    server.numbers.invalidate(c);
    const sales = await buildQueue(db(), c);
    const support = await buildQueue(db(), c);
    const ana = await buildUser(db(), c);
    const carla = await buildUser(db(), c);
    await db()
      .insert(userQueues)
      .values([
        { companyId: c, userId: ana.id, queueId: sales.id },
        { companyId: c, userId: carla.id, queueId: support.id },
      ]);
    const ticket = await buildTicket(db(), c, { status: "open", userId: ana.id, queueId: sales.id });
    const sessions = { ana: await login(server.app, ana.email), carla: await login(server.app, carla.email) };
    const anaHeard = await listen(sessions.ana.token, c);
    const carlaHeard = await listen(sessions.carla.token, c);
    // Back to the support queue, waiting: Carla's queue sees it, Ana's does not.
    const transfer = await server.app.inject({
      method: "PUT",
      url: `/tickets/${ticket.id}`,
      headers: sessions.ana.headers,
      payload: { userId: null, queueId: support.id, status: "pending", isTransfered: true },
    });
    expect(transfer.statusCode, transfer.body).toBe(200);
    await until(() => anaHeard.length === 1 && carlaHeard.length === 1);
    await settle();
    expect(anaHeard).toEqual([{ action: "delete", ticketId: ticket.id }]);
    expect(carlaHeard[0]?.ticket).toMatchObject({ id: ticket.id, status: "pending", queueId: support.id });
    expect(carlaHeard).toHaveLength(1);
  });

  it("another company's sockets hear nothing", async () => {
    const mine = await buildCompany(db());
    const theirs = await buildCompany(db());
    const admin = await buildAdmin(db(), mine.id);
    const outsider = await buildAdmin(db(), theirs.id);
    const queue = await buildQueue(db(), mine.id);
    const ticket = await buildTicket(db(), mine.id, { status: "pending", queueId: queue.id });
    const session = await login(server.app, admin.email);
    const outsiderSession = await login(server.app, outsider.email);
    const heardMine = await listen(outsiderSession.token, mine.id);
    const heardTheirs = await listen(outsiderSession.token, theirs.id);
    const res = await server.app.inject({
      method: "PUT",
      url: `/tickets/${ticket.id}`,
      headers: session.headers,
      payload: { status: "open" },
    });
    expect(res.statusCode, res.body).toBe(200);
    await settle();
    expect([...heardMine, ...heardTheirs]).toEqual([]);
  });
});
