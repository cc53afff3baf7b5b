import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  buildAdmin,
  buildCompany,
  buildConnection,
  buildQueue,
  buildTicket,
  buildUser,
  login,
  unique,
} from "../../test/factories.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { TestSockets } from "../../test/sockets.js";
import type { InboundEvent } from "../channels/types.js";
import { tickets } from "../db/schema/index.js";
import { CoalescingWebSocket } from "./coalescing-ws.js";

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

async function teamOf() {
  const company = await buildCompany(server.database.db);
  const admin = await buildAdmin(server.database.db, company.id);
  return { company, admin, session: await login(server.app, admin.email) };
}

const settle = (ms = 300) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => boolean, timeoutMs = 3000) {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error("timed out waiting");
    await settle(20);
  }
}

describe("realtime", () => {
  it("writes each socket's frames through CoalescingWebSocket (a burst of events in one write)", async () => {
    const team = await teamOf();
    const bound = vi.spyOn(CoalescingWebSocket.prototype, "setSocket");
    try {
      await clients.open(team.session.token);
      expect(bound).toHaveBeenCalledTimes(1);
    } finally {
      bound.mockRestore();
    }
  });

  it("logout closes the user's sockets without the 'signed in elsewhere' event, and tells the company", async () => {
    const team = await teamOf();
    const colleague = await buildUser(server.database.db, team.company.id);
    const colleagueSession = await login(server.app, colleague.email);
    const watcher = await clients.hearingAll(team.session.token);
    const leaving = await clients.hearingAll(colleagueSession.token);
    const closed = new Promise<void>((resolve) => leaving.socket.once("disconnect", () => resolve()));
    const res = await server.app.inject({
      method: "DELETE",
      url: "/auth/logout",
      headers: colleagueSession.headers,
    });
    expect(res.statusCode).toBe(204);
    await closed;
    expect(leaving.events.filter((e) => e.name.endsWith("-auth"))).toEqual([]);
    await until(() => watcher.events.some((e) => e.name === `company-${team.company.id}-user`));
    expect(watcher.events.find((e) => e.name === `company-${team.company.id}-user`)?.payload).toMatchObject({
      action: "update",
      user: { id: colleague.id, online: false, email: colleague.email },
    });
  });

  it("refuses a socket without a token, with a forged token, or with an ended session", async () => {
    const refused = async (auth: Record<string, string>) => {
      const { outcome } = await clients.handshake(undefined, { auth });
      if (outcome === "connected") throw new Error("connected");
      return outcome;
    };
    expect(await refused({})).toBe("ERR_SESSION_EXPIRED");
    expect(await refused({ token: "not.a.jwt" })).toBe("ERR_SESSION_EXPIRED");
    const team = await teamOf();
    await login(server.app, team.admin.email); // a newer session ends the first one
    expect(await refused({ token: team.session.token })).toBe("ERR_SESSION_EXPIRED");
  });

  it("a socket of company B never receives company A's events", async () => {
    const a = await teamOf();
    const b = await teamOf();
    const sa = await clients.hearingAll(a.session.token);
    const sb = await clients.hearingAll(b.session.token);
    // B even tries to join A's rooms by name and A's ticket by id.
    const ticketOfA = await buildTicket(server.database.db, a.company.id);
    sb.socket.emit("joinChatBox", ticketOfA.id);
    sb.socket.emit("joinTickets", "pending");
    sb.socket.emit("joinNotification");
    sa.socket.emit("joinChatBox", ticketOfA.id);
    await settle();

    const created = await server.app.inject({
      method: "POST",
      url: "/users",
      headers: a.session.headers,
      payload: { name: "Nova Pessoa", email: `${unique("n")}@example.com`, password: "12345" },
    });
    expect(created.statusCode).toBe(201);
    sa.socket.emit("user_typing", { ticketId: ticketOfA.id });
    await until(() => sa.events.some((e) => e.name === `company-${a.company.id}-user`));
    await settle();

    const userEvent = sa.events.find((e) => e.name === `company-${a.company.id}-user`);
    expect(userEvent?.payload).toMatchObject({ action: "create", user: { name: "Nova Pessoa" } });
    expect(JSON.stringify(userEvent?.payload)).not.toMatch(/passwordHash|scrypt/);
    expect(sb.events.filter((e) => e.name.startsWith(`company-${a.company.id}-`))).toEqual([]);
    expect(sb.events).toEqual([]);
  });

  it("tells the old tab it was signed in elsewhere, then closes its socket", async () => {
    const team = await teamOf();
    const old = await clients.hearingAll(team.session.token);
    const disconnected = new Promise<void>((resolve) => old.socket.once("disconnect", () => resolve()));
    const newer = await login(server.app, team.admin.email);
    await until(() => old.events.some((e) => e.name === `company-${team.company.id}-auth`));
    expect(old.events.find((e) => e.name === `company-${team.company.id}-auth`)?.payload).toEqual({
      action: "update",
      user: { id: team.admin.id },
      tokenVersion: newer.user.tokenVersion,
    });
    await disconnected;
  });

  it("userStatus marks the user online and tells the company", async () => {
    const team = await teamOf();
    const colleague = await buildUser(server.database.db, team.company.id);
    const watcher = await clients.hearingAll(team.session.token);
    const pinger = await clients.hearingAll((await login(server.app, colleague.email)).token);
    pinger.socket.emit("userStatus");
    await until(() =>
      watcher.events.some(
        (e) =>
          e.name === `company-${team.company.id}-user` &&
          (e.payload as { user?: { id: number; online: boolean } }).user?.id === colleague.id,
      ),
    );
    const event = watcher.events.find((e) => e.name === `company-${team.company.id}-user`);
    expect(event?.payload).toMatchObject({ action: "update", user: { id: colleague.id, online: true } });
  });

  it("ticket and message events reach only the sockets whose user may see the ticket, and follow changed rights", async () => {
    const team = await teamOf();
    const db = server.database.db;
    const cid = team.company.id;
    const [q1, q2] = [await buildQueue(db, cid), await buildQueue(db, cid)];
    const connection = await buildConnection(db, cid, { channel: "whatsappapi", allowGroup: true });
    const inQueue1 = await buildUser(db, cid);
    const inQueue2 = await buildUser(db, cid, { allowGroup: true });
    const noRights = await buildUser(db, cid);
    for (const [user, queueIds] of [
      [inQueue1, [q1.id]],
      [inQueue2, [q2.id]],
    ] as const) {
      const res = await server.app.inject({
        method: "PUT",
        url: `/users/${user.id}`,
        headers: team.session.headers,
        payload: { queueIds },
      });
      expect(res.statusCode).toBe(200);
    }
    const sockets = {
      admin: await clients.hearingAll(team.session.token),
      inQueue1: await clients.hearingAll((await login(server.app, inQueue1.email)).token),
      inQueue2: await clients.hearingAll((await login(server.app, inQueue2.email)).token),
      noRights: await clients.hearingAll((await login(server.app, noRights.email)).token),
    };
    const heard = (who: keyof typeof sockets, body: string) =>
      sockets[who].events.some(
        (e) =>
          e.name === `company-${cid}-appMessage` &&
          (e.payload as { message?: { body?: string } }).message?.body === body,
      );
    const write = async (body: string, group?: { id: string; name: string }) => {
      const event: InboundEvent = {
        kind: "message",
        message: {
          providerMessageId: unique("wamid"),
          timestamp: new Date(),
          fromMe: false,
          contact: { id: "5511955554444", name: "Cliente" },
          body,
          mediaType: "chat",
          isForwarded: false,
          ...(group ? { group } : {}),
        },
      };
      await server.ingest.deliver(connection, [event]);
      await until(() => heard("admin", body));
      await settle(150);
    };
    const hearers = (body: string) =>
      (Object.keys(sockets) as (keyof typeof sockets)[]).filter((w) => heard(w, body));

    // A new pending ticket without a queue: admins (and users allowed tickets without a queue).
    await write("sem fila");
    expect(hearers("sem fila")).toEqual(["admin"]);

    // In queue 2: the users of that queue hear it, the others do not.
    await db.update(tickets).set({ queueId: q2.id }).where(eq(tickets.companyId, cid));
    await write("na fila 2");
    expect(hearers("na fila 2")).toEqual(["admin", "inQueue2"]);

    // A group conversation without a queue: only users allowed groups.
    await write("no grupo", { id: "120363000000000001@g.us", name: "Grupo" });
    expect(hearers("no grupo")).toEqual(["admin", "inQueue2"]);

    // Rights change: the user's open sockets follow at once.
    const res = await server.app.inject({
      method: "PUT",
      url: `/users/${inQueue1.id}`,
      headers: team.session.headers,
      payload: { queueIds: [q1.id, q2.id] },
    });
    expect(res.statusCode).toBe(200);
    await settle(150);
    await write("agora na fila de todos");
    expect(hearers("agora na fila de todos")).toEqual(["admin", "inQueue1", "inQueue2"]);

    // Joining the conversation of a ticket one may not see is refused.
    const [ticket] = await db.select().from(tickets).where(eq(tickets.companyId, cid)).limit(1);
    sockets.noRights.socket.emit("joinChatBox", ticket?.id);
    await settle(150);
    await write("só para quem pode");
    expect(heard("noRights", "só para quem pode")).toBe(false);
  });
});
