import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildTeam, login, type Session, unique } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { TestSockets } from "../../../test/sockets.js";
import { companies, invoices, users } from "../../db/schema/index.js";
import { seed } from "../../db/seed.js";
import { disconnectExpired } from "./jobs.js";
import { payInvoice } from "./pay.js";

let server: TestServer;
let url: string;
const clients = new TestSockets(() => url);

beforeAll(async () => {
  server = await startTestServer();
  // Company 1 exists before any company a test builds (on a fresh database the first would be id 1).
  await seed(server.database.db, {
    adminEmail: `${unique("owner")}@example.com`,
    adminPassword: "secret123",
  });
  await server.app.listen({ port: 0, host: "127.0.0.1" });
  url = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
});
afterEach(() => clients.closeAll());
afterAll(() => server.close());

const db = () => server.database.db;
const isoDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const inject = (method: string, path: string, session: Session) =>
  server.app.inject({ method: method as "GET", url: path, headers: session.headers });

/** Opens a socket with the session's token: "connected" or the handshake's refusal. */
const handshake = (session: Session) => clients.handshake(session.token);

/** A company whose due date is past, with its admin and user signed in (login stays open). */
async function expiredTeam(dueInDays = -2) {
  return buildTeam(server.app, db(), { dueInDays });
}

/** What paying needs: these answer an expired company's admin. */
const allowed = (companyId: number) => [
  "GET /auth/me",
  "GET /invoices/all",
  `GET /companies/listPlan/${companyId}`,
  "GET /plans/list",
];

describe("an expired subscription", () => {
  it("lets its users sign in, with the due date the web app warns with", async () => {
    const team = await expiredTeam();
    expect(team.adminSession.user.company?.dueDate).toBe(isoDay(-2));
  });

  it("refuses every private route that does not allow it with 402 ERR_SUBSCRIPTION_EXPIRED", async () => {
    const team = await expiredTeam();
    const gated = server.app.routeList.filter(
      (route) => !route.config?.public && !route.config?.allowExpired && !route.url.startsWith("/public"),
    );
    expect(gated.length).toBeGreaterThan(20);
    const answered: string[] = [];
    for (const route of gated) {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        if (method === "OPTIONS") continue;
        const path = route.url.replace(/:([A-Za-z]+)/g, "1");
        const res = await inject(method, path, team.adminSession);
        if (res.statusCode !== 402 || res.json().error !== "ERR_SUBSCRIPTION_EXPIRED")
          answered.push(`${method} ${route.url}: ${res.statusCode} ${res.body.slice(0, 80)}`);
      }
    }
    expect(answered).toEqual([]);
  });

  it("keeps the checkout and the invoice reads open to it: paying is how it comes back", () => {
    // The super user's own invoice tools (e.g. marking one paid) belong to company 1, which never expires.
    const paying = (route: { method: unknown; url: string }) =>
      /^\/subscription(\/|$)/.test(route.url) ||
      (/^\/invoices(\/|$)/.test(route.url) && String(route.method) === "GET");
    const closed = server.app.routeList
      .filter((route) => paying(route) && !route.config?.public)
      .filter((route) => !route.config?.allowExpired)
      .map((route) => `${String(route.method)} ${route.url}`);
    expect(closed, "declare config.allowExpired on these routes").toEqual([]);
  });

  it("answers what paying needs", async () => {
    const team = await expiredTeam(0);
    await db()
      .insert(invoices)
      .values({
        companyId: team.company.id,
        detail: "Plano",
        users: 1,
        connections: 1,
        queues: 1,
        value: "9.90",
        dueDate: isoDay(0),
      });
    for (const call of allowed(team.company.id)) {
      const [method, path] = call.split(" ") as [string, string];
      const res = await inject(method, path, team.userSession);
      expect(res.statusCode, `${call}: ${res.body}`).toBe(200);
    }
    const list = (await inject("GET", "/invoices/all", team.adminSession)).json();
    const one = await inject("GET", `/invoices/${list.invoices[0].id}`, team.adminSession);
    expect(one.statusCode).toBe(200);
    const logout = await inject("DELETE", "/auth/logout", team.userSession);
    expect(logout.statusCode).toBe(204);
  });

  it("refuses the socket handshake with the code", async () => {
    const team = await expiredTeam();
    const { socket, outcome } = await handshake(team.adminSession);
    socket.disconnect();
    expect(outcome).toBe("ERR_SUBSCRIPTION_EXPIRED");
  });

  it("comes back at once when an invoice is paid: same token, API and socket", async () => {
    const team = await expiredTeam();
    const [invoice] = await db()
      .insert(invoices)
      .values({
        companyId: team.company.id,
        detail: "Plano",
        users: 1,
        connections: 1,
        queues: 1,
        value: "9.90",
        dueDate: isoDay(-2),
      })
      .returning();
    expect((await inject("GET", "/users", team.adminSession)).statusCode).toBe(402);

    await payInvoice({ db: db(), realtime: server.realtime }, team.company.id, invoice!.id);

    const users = await inject("GET", "/users", team.adminSession);
    expect(users.statusCode, users.body).toBe(200);
    const me = (await inject("GET", "/auth/me", team.userSession)).json();
    expect(me.company.dueDate > isoDay(0)).toBe(true);
    const { socket, outcome } = await handshake(team.adminSession);
    socket.disconnect();
    expect(outcome).toBe("connected");
  });

  it("the daily run closes the open sockets of a company that expired today", async () => {
    const team = await buildTeam(server.app, db(), { dueInDays: 3 });
    const { socket, outcome } = await handshake(team.adminSession);
    expect(outcome).toBe("connected");
    const closed = new Promise<string>((resolve) => socket.once("disconnect", resolve));
    await db()
      .update(companies)
      .set({ dueDate: isoDay(0) })
      .where(eq(companies.id, team.company.id));

    expect(await disconnectExpired(db(), server.realtime)).toBeGreaterThanOrEqual(1);
    expect(await closed).toBe("io server disconnect");
    const again = await handshake(team.adminSession);
    again.socket.disconnect();
    expect(again.outcome).toBe("ERR_SUBSCRIPTION_EXPIRED");
  });

  it("never applies to company 1, whatever its due date", async () => {
    const [platform] = await db().select().from(companies).where(eq(companies.id, 1));
    const [owner] = await db().select().from(users).where(eq(users.companyId, 1)).limit(1);
    await db()
      .update(companies)
      .set({ dueDate: isoDay(-30) })
      .where(eq(companies.id, 1));
    try {
      const session = await login(server.app, owner!.email);
      const res = await inject("GET", "/users", session);
      expect(res.statusCode, res.body).toBe(200);
      const { socket, outcome } = await handshake(session);
      socket.disconnect();
      expect(outcome).toBe("connected");
    } finally {
      await db().update(companies).set({ dueDate: platform!.dueDate }).where(eq(companies.id, 1));
    }
  });
});
