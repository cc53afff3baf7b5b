import type { AddressInfo } from "node:net";
import type { Socket } from "socket.io-client";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildTeam, DEFAULT_PASSWORD, login, type Session } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { TestSockets } from "../../../test/sockets.js";

/**
 * Issue 8 section 5: deleting a user, or changing their password or profile,
 * ends their sessions at once: the access token fails on the next request,
 * the refresh token is refused and their sockets close.
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

const closed = (socket: Socket) => new Promise<void>((resolve) => socket.once("disconnect", () => resolve()));

async function expectEnded(session: Session, socketClosed: Promise<void>) {
  await socketClosed;
  const me = await server.app.inject({ method: "GET", url: "/auth/me", headers: session.headers });
  expect(me.statusCode).toBe(401);
  const refresh = await server.app.inject({
    method: "POST",
    url: "/auth/refresh_token",
    cookies: { jrt: session.refreshToken },
  });
  expect(refresh.statusCode).toBe(401);
  expect(refresh.json().error).toBe("ERR_INVALID_REFRESH_TOKEN");
  // The old token opens no new socket either.
  await expect(clients.open(session.token)).rejects.toThrow();
}

describe("sessions end when an admin acts on the user", () => {
  it("a new password: token, refresh and socket all end", async () => {
    const team = await buildTeam(server.app, server.database.db);
    const socket = await clients.open(team.userSession.token);
    const done = closed(socket);
    const res = await server.app.inject({
      method: "PUT",
      url: `/users/${team.user.id}`,
      headers: team.adminSession.headers,
      payload: { password: "another-one" },
    });
    expect(res.statusCode).toBe(200);
    await expectEnded(team.userSession, done);
    await login(server.app, team.user.email, "another-one");
  });

  it("a new profile: token, refresh and socket all end", async () => {
    const team = await buildTeam(server.app, server.database.db);
    const socket = await clients.open(team.userSession.token);
    const done = closed(socket);
    const res = await server.app.inject({
      method: "PUT",
      url: `/users/${team.user.id}`,
      headers: team.adminSession.headers,
      payload: { profile: "admin" },
    });
    expect(res.statusCode).toBe(200);
    await expectEnded(team.userSession, done);
    // Signing in again gives the new rights.
    expect((await login(server.app, team.user.email, DEFAULT_PASSWORD)).user.profile).toBe("admin");
  });

  it("other changes keep the session", async () => {
    const team = await buildTeam(server.app, server.database.db);
    const res = await server.app.inject({
      method: "PUT",
      url: `/users/${team.user.id}`,
      headers: team.adminSession.headers,
      payload: { name: "Just Renamed", profile: "user", password: "" },
    });
    expect(res.statusCode).toBe(200);
    const me = await server.app.inject({ method: "GET", url: "/auth/me", headers: team.userSession.headers });
    expect(me.statusCode).toBe(200);
  });

  it("deleting the user: token, refresh and socket all end", async () => {
    const team = await buildTeam(server.app, server.database.db);
    const socket = await clients.open(team.userSession.token);
    const done = closed(socket);
    const res = await server.app.inject({
      method: "DELETE",
      url: `/users/${team.user.id}`,
      headers: team.adminSession.headers,
    });
    expect(res.statusCode).toBe(200);
    await expectEnded(team.userSession, done);
  });
});
