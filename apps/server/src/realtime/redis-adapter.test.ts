import type { AddressInfo } from "node:net";
import { io as connect } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAdmin, buildCompany, buildUser, login } from "../../test/factories.js";
import { startTestServer, type TestServer } from "../../test/harness.js";

// Needs a Redis server: CI (.ci/run) sets TEST_REDIS_URL; without it there is nothing to fan out through.
const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)("socket.io over Redis (REDIS_URL)", () => {
  let first: TestServer;
  let second: TestServer;
  beforeAll(async () => {
    first = await startTestServer({ env: { REDIS_URL: redisUrl as string } });
    second = await startTestServer({ env: { REDIS_URL: redisUrl as string } });
    await first.app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it("an event emitted by one node reaches a socket connected to another", async () => {
    const company = await buildCompany(first.database.db);
    const admin = await buildAdmin(first.database.db, company.id);
    const session = await login(first.app, admin.email);
    const url = `http://127.0.0.1:${(first.app.server.address() as AddressInfo).port}`;
    const socket = connect(url, {
      auth: { token: session.token },
      transports: ["websocket"],
      reconnection: false,
      forceNew: true,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once("connect", () => resolve());
        socket.once("connect_error", reject);
      });
      const received = new Promise((resolve) => socket.once(`company-${company.id}-user`, resolve));
      // The adapter needs a moment to subscribe to the room's channel.
      await new Promise((r) => setTimeout(r, 300));
      second.realtime.toCompany(company.id, "user", { action: "update", user: { id: admin.id } });
      expect(await received).toEqual({ action: "update", user: { id: admin.id } });
    } finally {
      socket.disconnect();
    }
  });

  it("ending a user's or a company's sessions on one node closes the sockets connected to another", async () => {
    const company = await buildCompany(first.database.db);
    const admin = await buildAdmin(first.database.db, company.id);
    const user = await buildAdmin(first.database.db, company.id);
    const url = `http://127.0.0.1:${(first.app.server.address() as AddressInfo).port}`;
    const open = async (email: string) => {
      const session = await login(first.app, email);
      const socket = connect(url, {
        auth: { token: session.token },
        transports: ["websocket"],
        reconnection: false,
        forceNew: true,
      });
      await new Promise<void>((resolve, reject) => {
        socket.once("connect", () => resolve());
        socket.once("connect_error", reject);
      });
      return socket;
    };
    const adminSocket = await open(admin.email);
    const userSocket = await open(user.email);
    try {
      const userClosed = new Promise<void>((resolve) => userSocket.once("disconnect", () => resolve()));
      second.realtime.endSessions(company.id, user.id);
      await userClosed;
      expect(adminSocket.connected).toBe(true);
      const adminClosed = new Promise<void>((resolve) => adminSocket.once("disconnect", () => resolve()));
      second.realtime.endSessions(company.id);
      await adminClosed;
    } finally {
      adminSocket.disconnect();
      userSocket.disconnect();
    }
  });
  it("an event with LGPD payloads from one node gives another node's sockets each their own (masked for users)", async () => {
    const company = await buildCompany(first.database.db);
    const admin = await buildAdmin(first.database.db, company.id);
    const user = await buildUser(first.database.db, company.id);
    const url = `http://127.0.0.1:${(first.app.server.address() as AddressInfo).port}`;
    const open = async (email: string) => {
      const socket = connect(url, {
        auth: { token: (await login(first.app, email)).token },
        transports: ["websocket"],
        reconnection: false,
        forceNew: true,
      });
      await new Promise<void>((resolve, reject) => {
        socket.once("connect", () => resolve());
        socket.once("connect_error", reject);
      });
      return socket;
    };
    const adminSocket = await open(admin.email);
    const userSocket = await open(user.email);
    try {
      const heard = (socket: typeof adminSocket) => {
        const got: unknown[] = [];
        socket.on(`company-${company.id}-contact`, (payload) => got.push(payload));
        return got;
      };
      const byAdmin = heard(adminSocket);
      const byUser = heard(userSocket);
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
    } finally {
      adminSocket.disconnect();
      userSocket.disconnect();
    }
  });
});
