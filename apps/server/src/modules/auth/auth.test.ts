import { subscriptionState } from "@inbox/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCompany, buildUser, DEFAULT_PASSWORD, login } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const refresh = (refreshToken?: string) =>
  server.app.inject({
    method: "POST",
    url: "/auth/refresh_token",
    cookies: refreshToken ? { jrt: refreshToken } : {},
  });
const me = (token: string) =>
  server.app.inject({ method: "GET", url: "/auth/me", headers: { authorization: `Bearer ${token}` } });

describe("POST /auth/login", () => {
  it("answers a token, the user with company due date, plan and settings, and an httpOnly refresh cookie", async () => {
    const company = await buildCompany(server.database.db, { dueInDays: 20 });
    const user = await buildUser(server.database.db, company.id, { profile: "admin" });
    const res = await server.app.inject({
      method: "POST",
      url: "/auth/login",
      payload: { email: user.email.toUpperCase(), password: DEFAULT_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).toMatch(/^ey/);
    expect(body.user).toMatchObject({
      id: user.id,
      companyId: company.id,
      email: user.email,
      profile: "admin",
    });
    expect(body.user.company.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(body.user.company.plan.useKanban).toBe(true);
    expect(body.user.company.companieSettings).toContainEqual({ key: "requiredTag", value: "disabled" });
    expect(JSON.stringify(body)).not.toMatch(/passwordHash|scrypt/);
    const cookie = res.cookies.find((c) => c.name === "jrt");
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.path).toBe("/auth");
  });

  it("refuses a wrong password and an unknown e-mail with the same answer", async () => {
    const company = await buildCompany(server.database.db);
    const user = await buildUser(server.database.db, company.id);
    const wrong = await server.app.inject({
      method: "POST",
      url: "/auth/login",
      payload: { email: user.email, password: "nope!!" },
    });
    const unknown = await server.app.inject({
      method: "POST",
      url: "/auth/login",
      payload: { email: "nobody-here@example.com", password: "nope!!" },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: "ERR_INVALID_CREDENTIALS", message: "Invalid e-mail or password" });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
  });

  it("answers 400 with the field and the spec's message for a malformed e-mail", async () => {
    const res = await server.app.inject({
      method: "POST",
      url: "/auth/login",
      payload: { email: "not-an-email", password: "x" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: "ERR_VALIDATION",
      field: "email",
      message: "Por favor, insira um email válido.",
    });
  });

  it("lets a user of an expired company sign in, with a due date the web app reads as expired", async () => {
    const company = await buildCompany(server.database.db, { dueInDays: -3 });
    const user = await buildUser(server.database.db, company.id);
    const session = await login(server.app, user.email);
    expect(subscriptionState(company.id, session.user.company?.dueDate ?? null).kind).toBe("expired");
  });

  it("warns when fewer than 5 days remain", async () => {
    const company = await buildCompany(server.database.db, { dueInDays: 3 });
    const user = await buildUser(server.database.db, company.id);
    const session = await login(server.app, user.email);
    expect(subscriptionState(company.id, session.user.company?.dueDate ?? null)).toEqual({
      kind: "warning",
      daysLeft: 3,
    });
  });

  it("refuses users of an inactive company", async () => {
    const company = await buildCompany(server.database.db, { status: false });
    const user = await buildUser(server.database.db, company.id);
    const res = await server.app.inject({
      method: "POST",
      url: "/auth/login",
      payload: { email: user.email, password: DEFAULT_PASSWORD },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe("ERR_NO_PERMISSION");
  });
});

describe("sessions", () => {
  it("rotates the refresh token: the new one works once, the old one is refused", async () => {
    const company = await buildCompany(server.database.db);
    const user = await buildUser(server.database.db, company.id);
    const session = await login(server.app, user.email);

    const first = await refresh(session.refreshToken);
    expect(first.statusCode).toBe(200);
    const rotated = first.cookies.find((c) => c.name === "jrt")?.value;
    expect(rotated).toBeTruthy();
    expect(rotated).not.toBe(session.refreshToken);
    expect((await me(first.json().token)).statusCode).toBe(200);

    const replay = await refresh(session.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error).toBe("ERR_INVALID_REFRESH_TOKEN");

    expect((await refresh(rotated)).statusCode).toBe(200);
  });

  it("refuses a refresh without a cookie or with a made-up one", async () => {
    expect((await refresh()).statusCode).toBe(401);
    expect((await refresh("made-up-token")).statusCode).toBe(401);
  });

  it("logout ends the access token and the refresh token", async () => {
    const company = await buildCompany(server.database.db);
    const user = await buildUser(server.database.db, company.id);
    const session = await login(server.app, user.email);
    const out = await server.app.inject({ method: "DELETE", url: "/auth/logout", headers: session.headers });
    expect(out.statusCode).toBe(204);
    expect((await me(session.token)).statusCode).toBe(401);
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);
  });

  it("keeps a single session: a new login ends the older one", async () => {
    const company = await buildCompany(server.database.db);
    const user = await buildUser(server.database.db, company.id);
    const first = await login(server.app, user.email);
    const second = await login(server.app, user.email);
    expect(second.user.tokenVersion).toBeGreaterThan(first.user.tokenVersion ?? 0);
    const old = await me(first.token);
    expect(old.statusCode).toBe(401);
    expect(old.json().error).toBe("ERR_SESSION_EXPIRED");
    expect((await refresh(first.refreshToken)).statusCode).toBe(401);
    expect((await me(second.token)).statusCode).toBe(200);
  });

  it("answers 401 without a token and 403 for a forged or malformed one (the web app refreshes on 403)", async () => {
    expect((await server.app.inject({ method: "GET", url: "/auth/me" })).statusCode).toBe(401);
    const forged = await me("eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIiwiY2lkIjoxLCJ0diI6MX0.c2lnbmF0dXJl");
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error).toBe("ERR_SESSION_EXPIRED");
  });

  it("GET /auth/me answers the signed-in user with the company", async () => {
    const company = await buildCompany(server.database.db);
    const user = await buildUser(server.database.db, company.id);
    const session = await login(server.app, user.email);
    const res = await me(session.token);
    expect(res.json()).toMatchObject({ id: user.id, company: { id: company.id } });
  });
});

describe("GET /version", () => {
  it("answers the product version without a token", async () => {
    const res = await server.app.inject({ method: "GET", url: "/version" });
    expect(res.statusCode).toBe(200);
    expect(res.json().version).toMatch(/^\d+\.\d+\.\d+/);
  });
});
