import type { AddressInfo } from "node:net";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildAdmin, buildCompany, buildTicket, buildUser, login, unique } from "../../test/factories.js";
import { startTestServer, type TestServer } from "../../test/harness.js";

let server: TestServer;
let url: string;
const open: Socket[] = [];

beforeAll(async () => {
  server = await startTestServer();
  await server.app.listen({ port: 0, host: "127.0.0.1" });
  url = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
});
afterEach(() => {
  for (const s of open.splice(0)) s.disconnect();
});
afterAll(() => server.close());

/** A connected socket that records every event it receives. */
async function socketFor(
  token: string,
): Promise<{ socket: Socket; events: { name: string; payload: unknown }[] }> {
  const socket = connect(url, {
    auth: { token },
    transports: ["websocket"],
    reconnection: false,
    forceNew: true,
  });
  open.push(socket);
  const events: { name: string; payload: unknown }[] = [];
  socket.onAny((name, payload) => events.push({ name, payload }));
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", reject);
  });
  return { socket, events };
}

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
  it("logout closes the user's sockets without the 'signed in elsewhere' event, and tells the company", async () => {
    const team = await teamOf();
    const colleague = await buildUser(server.database.db, team.company.id);
    const colleagueSession = await login(server.app, colleague.email);
    const watcher = await socketFor(team.session.token);
    const leaving = await socketFor(colleagueSession.token);
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
      const socket = connect(url, { auth, transports: ["websocket"], reconnection: false, forceNew: true });
      open.push(socket);
      return new Promise<string>((resolve, reject) => {
        socket.once("connect", () => reject(new Error("connected")));
        socket.once("connect_error", (err) => resolve(err.message));
      });
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
    const sa = await socketFor(a.session.token);
    const sb = await socketFor(b.session.token);
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
    const old = await socketFor(team.session.token);
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
    const watcher = await socketFor(team.session.token);
    const pinger = await socketFor((await login(server.app, colleague.email)).token);
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
});
