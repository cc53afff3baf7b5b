import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCompany, buildUser, DEFAULT_PASSWORD, unique } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    env: { RATE_LIMIT_PER_IP: "6", RATE_LIMIT_PER_EMAIL: "3", RATE_LIMIT_WINDOW_SECONDS: "600" },
  });
});
afterAll(() => server.close());

// Each test comes from its own address, so counters of one test never touch another's.
let nextAddress = 1;
const address = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${nextAddress++}`;

const attempt = (remoteAddress: string, email: string, password = "wrong-password") =>
  server.app.inject({ method: "POST", url: "/auth/login", remoteAddress, payload: { email, password } });

describe("auth rate limits", () => {
  it("limits login attempts per e-mail, whatever the address", async () => {
    const company = await buildCompany(server.database.db);
    const user = await buildUser(server.database.db, company.id);
    for (let i = 0; i < 3; i++) expect((await attempt(address(), user.email)).statusCode).toBe(401);
    const blocked = await attempt(address(), user.email, DEFAULT_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toBe("ERR_TOO_MANY_REQUESTS");
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("limits login attempts per address, whatever the e-mail", async () => {
    const ip = address();
    for (let i = 0; i < 6; i++)
      expect((await attempt(ip, `${unique("x")}@example.com`)).statusCode).toBe(401);
    expect((await attempt(ip, `${unique("x")}@example.com`)).statusCode).toBe(429);
    // Another address is not affected.
    expect((await attempt(address(), `${unique("x")}@example.com`)).statusCode).toBe(401);
  });

  it("limits recovery requests per e-mail", async () => {
    const email = `${unique("r")}@example.com`;
    for (let i = 0; i < 3; i++) {
      const res = await server.app.inject({
        method: "POST",
        url: "/auth/recover-password",
        remoteAddress: address(),
        payload: { email },
      });
      expect(res.statusCode).toBe(200);
    }
    const res = await server.app.inject({
      method: "POST",
      url: "/auth/recover-password",
      remoteAddress: address(),
      payload: { email },
    });
    expect(res.statusCode).toBe(429);
  });

  it("limits reset attempts per address", async () => {
    const ip = address();
    // A different token each time: the per-token counter must not be what stops it.
    const body = () => ({
      token: unique("token").padEnd(43, "x"),
      password: "123456",
      confirmPassword: "123456",
    });
    for (let i = 0; i < 6; i++) {
      const res = await server.app.inject({
        method: "POST",
        url: "/auth/reset-password",
        remoteAddress: ip,
        payload: body(),
      });
      expect(res.statusCode).toBe(400);
    }
    const res = await server.app.inject({
      method: "POST",
      url: "/auth/reset-password",
      remoteAddress: ip,
      payload: body(),
    });
    expect(res.statusCode).toBe(429);
  });
});
