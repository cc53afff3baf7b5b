import type { AddressInfo } from "node:net";
import { CLIENT_EVENTS, MOMENTS_COLUMN_CAP, type TicketEventPayload, type UsersMoments } from "@inbox/shared";
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
  type Session,
} from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { eventually } from "../../../test/meta.js";
import { TestSockets } from "../../../test/sockets.js";
import { companySettings, tickets } from "../../db/schema/index.js";

/**
 * GET /usersMoments and the panel's room (spec 2: the attendance panel,
 * 'Attendance moment item', section 6 allowRealTime, section 7).
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

async function moments(session: Session): Promise<UsersMoments> {
  const res = await server.app.inject({ method: "GET", url: "/usersMoments", headers: session.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as UsersMoments;
}

/**
 * A company with an admin, a watcher (profile user, allowRealTime), two
 * attendants, a queue and a connection; attendant A holds an open ticket,
 * a pending ticket waits, an open ticket nobody holds, a closed one.
 */
async function world() {
  const company = await buildCompany(db());
  const cid = company.id;
  const admin = await buildAdmin(db(), cid, { name: "Ana Admin" });
  const watcher = await buildUser(db(), cid, { name: "Walter Watcher", allowRealTime: "enabled" });
  const plain = await buildUser(db(), cid, { name: "Paula Plain" });
  const attendantA = await buildUser(db(), cid, { name: "Bruno Attendant" });
  const queue = await buildQueue(db(), cid);
  const connection = await buildConnection(db(), cid, { channel: "whatsappapi" });
  const number = `55119${String(Date.now()).slice(-8)}`;
  const contact = await buildContact(db(), cid, {
    name: "Maria da Silva Pereira dos Santos Oliveira",
    number,
    profilePicUrl: "/public/company1/profile/maria.jpg",
  });
  const held = await buildTicket(db(), cid, {
    contactId: contact.id,
    status: "open",
    userId: attendantA.id,
    queueId: queue.id,
    whatsappId: connection.id,
    lastMessage: "Bom dia, preciso de ajuda",
    unreadMessages: 3,
    updatedAt: new Date(Date.now() - 60_000),
  });
  const waiting = await buildTicket(db(), cid, { status: "pending", queueId: queue.id });
  const unheld = await buildTicket(db(), cid, { status: "open", userId: null });
  const closed = await buildTicket(db(), cid, { status: "closed", userId: attendantA.id });
  return {
    cid,
    admin,
    watcher,
    plain,
    attendantA,
    queue,
    connection,
    contact,
    number,
    held,
    waiting,
    unheld,
    closed,
    adminSession: await login(server.app, admin.email),
    watcherSession: await login(server.app, watcher.email),
    plainSession: await login(server.app, plain.email),
  };
}

describe("GET /usersMoments", () => {
  it("admins, super users and users with allowRealTime; others 403 ERR_NO_PERMISSION", async () => {
    const w = await world();
    const superUser = await buildUser(db(), w.cid, { super: true });
    const dashboardOnly = await buildUser(db(), w.cid, { showDashboard: "enabled" });
    for (const session of [w.adminSession, w.watcherSession, await login(server.app, superUser.email)])
      await moments(session);
    for (const session of [w.plainSession, await login(server.app, dashboardOnly.email)]) {
      const res = await server.app.inject({ method: "GET", url: "/usersMoments", headers: session.headers });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe("ERR_NO_PERMISSION");
    }
  });

  it("answers the company's open and pending tickets as moment items, its users and every column's size", async () => {
    const w = await world();
    const body = await moments(w.watcherSession);

    expect(body.users.map((u) => u.name)).toEqual([
      "Ana Admin",
      "Bruno Attendant",
      "Paula Plain",
      "Walter Watcher",
    ]);
    expect(body.users.every((u) => typeof u.online === "boolean")).toBe(true);
    expect(body.columns).toEqual(
      expect.arrayContaining([
        { userId: null, count: 2 },
        { userId: w.attendantA.id, count: 1 },
      ]),
    );
    expect(body.columns).toHaveLength(2);
    expect(body.tickets.map((t) => t.id).sort((a, b) => a - b)).toEqual(
      [w.held.id, w.waiting.id, w.unheld.id].sort((a, b) => a - b),
    );
    // Most recently updated first: the held ticket was touched a minute ago.
    expect(body.tickets.at(-1)?.id).toBe(w.held.id);
    expect(body.tickets.find((t) => t.id === w.held.id)).toEqual({
      id: w.held.id,
      uuid: w.held.uuid,
      status: "open",
      userId: w.attendantA.id,
      queueId: w.queue.id,
      whatsappId: w.connection.id,
      contact: {
        id: w.contact.id,
        name: "Maria da Silva Pereira dos Santos Oliveira",
        number: w.number,
        profilePicUrl: "/public/company1/profile/maria.jpg",
      },
      lastMessage: "Bom dia, preciso de ajuda",
      unreadMessages: 3,
      createdAt: w.held.createdAt.toISOString(),
      updatedAt: w.held.updatedAt.toISOString(),
    });
    expect(body.queues).toEqual([{ id: w.queue.id, name: w.queue.name, color: w.queue.color }]);
    expect(body.whatsapps).toEqual([
      { id: w.connection.id, name: w.connection.name, channel: "whatsappapi" },
    ]);
  });

  it("LGPD: with number hiding on, the watcher (profile user) gets numbers masked, the admin whole", async () => {
    const w = await world();
    await db()
      .update(companySettings)
      .set({ enableLGPD: "enabled", lgpdHideNumber: "enabled" })
      .where(eq(companySettings.companyId, w.cid));
    server.numbers.invalidate(w.cid);
    const masked = (await moments(w.watcherSession)).tickets.find((t) => t.id === w.held.id);
    expect(masked?.contact.number).toBe(`${w.number.slice(0, -6)}**-**${w.number.slice(-2)}`);
    expect(JSON.stringify(await moments(w.watcherSession))).not.toContain(w.number);
    const whole = (await moments(w.adminSession)).tickets.find((t) => t.id === w.held.id);
    expect(whole?.contact.number).toBe(w.number);
  });

  it(`a column carries its ${MOMENTS_COLUMN_CAP} most recent tickets and counts them all`, async () => {
    const w = await world();
    const extra = 5;
    // Newer than the fixture's held ticket (a minute old), 100 ms apart.
    const base = Date.now() - 50_000;
    const contact = await buildContact(db(), w.cid);
    // Tickets without a connection: the one-open-ticket rule (contact, connection) does not bind them.
    const rows = (status: "open" | "pending", userId: number | null, n: number) =>
      Array.from({ length: n }, (_, i) => ({
        companyId: w.cid,
        contactId: contact.id,
        status,
        userId,
        lastMessage: `${status}-${i}`,
        updatedAt: new Date(base + i * 100),
      }));
    await db()
      .insert(tickets)
      .values(rows("open", w.attendantA.id, MOMENTS_COLUMN_CAP + extra));
    await db()
      .insert(tickets)
      .values(rows("pending", null, MOMENTS_COLUMN_CAP + extra));

    const body = await moments(w.adminSession);
    const heldCards = body.tickets.filter((t) => t.status === "open" && t.userId === w.attendantA.id);
    const pendingCards = body.tickets.filter((t) => t.status === "pending" || t.userId === null);
    expect(heldCards).toHaveLength(MOMENTS_COLUMN_CAP);
    expect(pendingCards).toHaveLength(MOMENTS_COLUMN_CAP);
    expect(body.columns).toEqual(
      expect.arrayContaining([
        { userId: w.attendantA.id, count: MOMENTS_COLUMN_CAP + extra + 1 },
        { userId: null, count: MOMENTS_COLUMN_CAP + extra + 2 },
      ]),
    );
    // The most recent ones: the oldest bulk tickets and the fixture's older held ticket are left out.
    const heldMessages = new Set(heldCards.map((t) => t.lastMessage));
    expect(heldMessages.has(`open-${MOMENTS_COLUMN_CAP + extra - 1}`)).toBe(true);
    expect(heldMessages.has("open-0")).toBe(false);
    expect(heldCards.some((t) => t.id === w.held.id)).toBe(false);
    // Each ticket once.
    expect(new Set(body.tickets.map((t) => t.id)).size).toBe(body.tickets.length);
  });

  it("another company's users and tickets never appear", async () => {
    const a = await world();
    const b = await world();
    const body = await moments(b.adminSession);
    const ids = new Set(body.tickets.map((t) => t.id));
    for (const t of [a.held, a.waiting, a.unheld]) expect(ids.has(t.id)).toBe(false);
    expect(body.users.map((u) => u.id)).not.toContain(a.attendantA.id);
    expect(body.queues.map((q) => q.id)).not.toContain(a.queue.id);
    expect(body.whatsapps.map((c) => c.id)).not.toContain(a.connection.id);
    expect(JSON.stringify(body)).not.toContain(a.number);
  });
});

/** A connected socket that records the ticket events it receives. */
const socketFor = (session: Session, companyId: number) =>
  clients.hearing<TicketEventPayload>(session.token, `company-${companyId}-ticket`);

const ticketIdOf = (p: TicketEventPayload) => (p.action === "delete" ? p.ticketId : p.ticket.id);

describe("the panel's room (joinMoments)", () => {
  it("a watcher who joined hears another attendant's tickets; a user without allowRealTime is not let in", async () => {
    const w = await world();
    const watcher = await socketFor(w.watcherSession, w.cid);
    const plain = await socketFor(w.plainSession, w.cid);
    expect(await watcher.socket.emitWithAck(CLIENT_EVENTS.joinMoments)).toBe(true);
    expect(await plain.socket.emitWithAck(CLIENT_EVENTS.joinMoments)).toBe(false);

    // The admin accepts the pending ticket: it moves to the admin's column.
    const accepted = await server.app.inject({
      method: "PUT",
      url: `/tickets/${w.waiting.id}`,
      headers: w.adminSession.headers,
      payload: { status: "open", userId: w.admin.id },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const update = await eventually(async () =>
      watcher.heard.find((p) => p.action === "update" && p.ticket.id === w.waiting.id),
    );
    expect(update.action === "update" && update.ticket.userId).toBe(w.admin.id);

    // The plain user's own ticket events still reach them; the other tickets' never did.
    const own = await buildTicket(db(), w.cid, {
      status: "pending",
      userId: w.plain.id,
      queueId: w.queue.id,
    });
    const mine = await server.app.inject({
      method: "PUT",
      url: `/tickets/${own.id}`,
      headers: w.plainSession.headers,
      payload: { status: "open", userId: w.plain.id, queueId: w.queue.id },
    });
    expect(mine.statusCode, mine.body).toBe(200);
    await eventually(async () => plain.heard.some((p) => ticketIdOf(p) === own.id));
    expect(plain.heard.some((p) => ticketIdOf(p) === w.waiting.id)).toBe(false);
  });

  it("losing allowRealTime drops the socket from the panel's room", async () => {
    const w = await world();
    const watcher = await socketFor(w.watcherSession, w.cid);
    expect(await watcher.socket.emitWithAck(CLIENT_EVENTS.joinMoments)).toBe(true);
    const revoked = await server.app.inject({
      method: "PUT",
      url: `/users/${w.watcher.id}`,
      headers: w.adminSession.headers,
      payload: { name: w.watcher.name, email: w.watcher.email, profile: "user", allowRealTime: "disabled" },
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    const room = `c:${w.cid}:see:moments`;
    await eventually(async () => {
      const inRoom = await server.realtime.server?.in(room).fetchSockets();
      return inRoom !== undefined && inRoom.length === 0;
    });
  });
});
