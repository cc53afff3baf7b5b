import { type ChildProcess, spawn } from "node:child_process";
import { type AddressInfo, createServer } from "node:net";
import { createClient } from "redis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildAdmin, buildCompany, buildUser, login } from "../../test/factories.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { TestSockets } from "../../test/sockets.js";

// Needs a Redis server: CI (.ci/run) sets TEST_REDIS_URL; without it there is nothing to fan out through.
const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)("socket.io over Redis (REDIS_URL)", () => {
  let first: TestServer;
  let second: TestServer;
  // Every socket connects to the first node; the second emits or ends sessions.
  let url: string;
  const clients = new TestSockets(() => url);
  beforeAll(async () => {
    first = await startTestServer({ env: { REDIS_URL: redisUrl as string } });
    second = await startTestServer({ env: { REDIS_URL: redisUrl as string } });
    await first.app.listen({ port: 0, host: "127.0.0.1" });
    url = `http://127.0.0.1:${(first.app.server.address() as AddressInfo).port}`;
  });
  afterEach(() => clients.closeAll());
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it("an event emitted by one node reaches a socket connected to another", async () => {
    const company = await buildCompany(first.database.db);
    const admin = await buildAdmin(first.database.db, company.id);
    const session = await login(first.app, admin.email);
    const socket = await clients.open(session.token);
    const received = new Promise((resolve) => socket.once(`company-${company.id}-user`, resolve));
    // The adapter needs a moment to subscribe to the room's channel.
    await new Promise((r) => setTimeout(r, 300));
    second.realtime.toCompany(company.id, "user", { action: "update", user: { id: admin.id } });
    expect(await received).toEqual({ action: "update", user: { id: admin.id } });
  });

  it("ending a user's or a company's sessions on one node closes the sockets connected to another", async () => {
    const company = await buildCompany(first.database.db);
    const admin = await buildAdmin(first.database.db, company.id);
    const user = await buildAdmin(first.database.db, company.id);
    const adminSocket = await clients.open((await login(first.app, admin.email)).token);
    const userSocket = await clients.open((await login(first.app, user.email)).token);
    const userClosed = new Promise<void>((resolve) => userSocket.once("disconnect", () => resolve()));
    second.realtime.endSessions(company.id, user.id);
    await userClosed;
    expect(adminSocket.connected).toBe(true);
    const adminClosed = new Promise<void>((resolve) => adminSocket.once("disconnect", () => resolve()));
    second.realtime.endSessions(company.id);
    await adminClosed;
  });
  it("an event with LGPD payloads from one node gives another node's sockets each their own (masked for users)", async () => {
    const company = await buildCompany(first.database.db);
    const admin = await buildAdmin(first.database.db, company.id);
    const user = await buildUser(first.database.db, company.id);
    const event = `company-${company.id}-contact`;
    const { heard: byAdmin } = await clients.hearing((await login(first.app, admin.email)).token, event);
    const { heard: byUser } = await clients.hearing((await login(first.app, user.email)).token, event);
    await new Promise((r) => setTimeout(r, 300));
    second.realtime.toCompanyByNumbers(company.id, "contact", {
      whole: { contact: { number: "5511912345678" } },
      masked: { contact: { number: "5511912**-**78" } },
    });
    const start = Date.now();
    while ((byAdmin.length === 0 || byUser.length === 0) && Date.now() - start < 5000)
      await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 200));
    expect(byAdmin).toEqual([{ contact: { number: "5511912345678" } }]);
    expect(byUser).toEqual([{ contact: { number: "5511912**-**78" } }]);
  });
});

/**
 * A redis-server of this test's own, which it stops and starts again (the shared one serves other
 * tests): the machine that sets TEST_REDIS_URL runs redis-server, so the binary is on its PATH.
 */
async function privateRedis() {
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn("redis-server", ["--port", String(port), "--save", "", "--appendonly", "no"], {
      stdio: "ignore",
    });
    const probe = createClient({ url, socket: { reconnectStrategy: false } });
    probe.on("error", () => {});
    for (let tries = 0; ; tries++) {
      try {
        await probe.connect();
        break;
      } catch (err) {
        if (tries > 50) throw err;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    await probe.quit();
  };
  const stop = async () => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child?.once("exit", r));
    child?.kill("SIGKILL");
    await exited;
  };
  await start();
  return { url, start, stop };
}

describe.skipIf(!redisUrl)("socket.io over a Redis that goes away", () => {
  it("events it cannot take are lost to the other node's sockets; logins and the servers go on, and so do events once it is back", async () => {
    const redis = await privateRedis();
    const first = await startTestServer({ env: { REDIS_URL: redis.url } });
    const second = await startTestServer({ env: { REDIS_URL: redis.url } });
    await first.app.listen({ port: 0, host: "127.0.0.1" });
    const url = `http://127.0.0.1:${(first.app.server.address() as AddressInfo).port}`;
    const clients = new TestSockets(() => url);
    const ids = (heard: unknown[]) => heard.map((e) => (e as { user: { id: number } }).user.id);
    try {
      const company = await buildCompany(first.database.db);
      const user = await buildAdmin(first.database.db, company.id);
      const event = `company-${company.id}-user`;
      const { heard } = await clients.hearing((await login(first.app, user.email)).token, event);
      // Another user's older session, for a login while Redis is away.
      const other = await buildUser(first.database.db, company.id);
      const older = await clients.open((await login(first.app, other.email)).token);
      await new Promise((r) => setTimeout(r, 300));
      await redis.stop();
      // While Redis is away the publish is refused. The adapter does not wait for its publishes:
      // unhandled, that rejection ended the process (here: it fails the run).
      second.realtime.toCompany(company.id, "user", { action: "update", user: { id: 1 } });
      // A login ends the user's older sockets on every node, which asks Redis for the other nodes'
      // sockets: without it the login still signs in (it answered 500), and this node's older
      // sockets still close.
      const olderClosed = new Promise((resolve) => older.once("disconnect", resolve));
      await login(first.app, other.email);
      await olderClosed;
      await expect(second.realtime.endOlderSessions(company.id, other.id, 99)).resolves.toBeUndefined();
      await new Promise((r) => setTimeout(r, 500));
      await redis.start();
      const start = Date.now();
      while (!ids(heard).includes(2) && Date.now() - start < 10_000) {
        second.realtime.toCompany(company.id, "user", { action: "update", user: { id: 2 } });
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(ids(heard)).not.toContain(1);
      expect(ids(heard)).toContain(2);
      expect((await second.app.inject({ method: "GET", url: "/version" })).statusCode).toBe(200);
      // Shutting down while Redis is away again: the servers still close (close() alone would wait for
      // ever for answers a Redis that is down never sends).
      await redis.stop();
      second.realtime.toCompany(company.id, "user", { action: "update", user: { id: 3 } });
    } finally {
      clients.closeAll();
      await first.close();
      await second.close();
      await redis.stop();
    }
  }, 40_000);
});
