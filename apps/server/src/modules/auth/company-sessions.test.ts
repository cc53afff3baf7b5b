import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import type { Socket } from "socket.io-client";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildAdmin, buildTeam, login } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { TestSockets } from "../../../test/sockets.js";
import { companies } from "../../db/schema/index.js";
import { setCompanyStatus } from "../companies/service.js";

/**
 * Issue 8 section 5: deactivating a company ends every session of its users
 * at once (tokens, refreshes, sockets), and while it is inactive nobody of it
 * signs in, refreshes, calls the API or opens a socket.
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

const deps = () => ({ db: server.database.db, realtime: server.realtime });
const closed = (socket: Socket) => new Promise<void>((resolve) => socket.once("disconnect", () => resolve()));
const me = (headers: { authorization: string }) =>
  server.app.inject({ method: "GET", url: "/auth/me", headers });
const refresh = (token: string) =>
  server.app.inject({ method: "POST", url: "/auth/refresh_token", cookies: { jrt: token } });

describe("deactivating a company", () => {
  it("ends every session of its users at once; login, refresh, API and sockets refuse while inactive", async () => {
    const team = await buildTeam(server.app, server.database.db);
    const other = await buildTeam(server.app, server.database.db);
    const sockets = [await clients.open(team.adminSession.token), await clients.open(team.userSession.token)];
    const outsider = await clients.open(other.userSession.token);
    const done = Promise.all(sockets.map(closed));

    await setCompanyStatus(deps(), team.company.id, false);

    await done;
    for (const session of [team.adminSession, team.userSession]) {
      expect((await me(session.headers)).statusCode).toBe(401);
      const refused = await refresh(session.refreshToken);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().error).toBe("ERR_INVALID_REFRESH_TOKEN");
      await expect(clients.open(session.token)).rejects.toThrow();
    }
    const signIn = await server.app.inject({
      method: "POST",
      url: "/auth/login",
      payload: { email: team.user.email, password: team.user.password },
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json()).toMatchObject({ error: "ERR_NO_PERMISSION", message: "This company is inactive" });

    // Another company is untouched.
    expect(outsider.connected).toBe(true);
    expect((await me(other.userSession.headers)).statusCode).toBe(200);

    // Active again: a new sign-in works, the old sessions stay ended.
    await setCompanyStatus(deps(), team.company.id, true);
    expect((await me(team.userSession.headers)).statusCode).toBe(401);
    expect((await refresh(team.userSession.refreshToken)).statusCode).toBe(401);
    const again = await login(server.app, team.user.email);
    expect((await me(again.headers)).statusCode).toBe(200);
  });

  it("a company switched off in the database is refused on the next request, refresh and socket", async () => {
    const team = await buildTeam(server.app, server.database.db);
    await server.database.db
      .update(companies)
      .set({ status: false })
      .where(eq(companies.id, team.company.id));
    expect((await me(team.userSession.headers)).statusCode).toBe(401);
    expect((await refresh(team.userSession.refreshToken)).statusCode).toBe(401);
    await expect(clients.open(team.userSession.token)).rejects.toThrow();
  });

  it("the company of a super user (the platform owner's) is never deactivated", async () => {
    const team = await buildTeam(server.app, server.database.db);
    const owner = await buildAdmin(server.database.db, team.company.id, { super: true });
    await expect(setCompanyStatus(deps(), team.company.id, false)).rejects.toMatchObject({
      code: "ERR_NO_PERMISSION",
    });
    const [row] = await server.database.db.select().from(companies).where(eq(companies.id, team.company.id));
    expect(row?.status).toBe(true);
    await login(server.app, owner.email);
    expect((await me(team.userSession.headers)).statusCode).toBe(200);
  });
});
