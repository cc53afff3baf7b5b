import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAdmin, buildTeam, login } from "../../test/factories.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { registerWebApp } from "./web-app.js";

/** Clients written against the specs: paths with a trailing slash, CORS for a web app on another origin. */

const APP_ORIGIN = "https://app.example.com";
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { CORS_ORIGINS: `${APP_ORIGIN}, http://localhost:5173` } });
});
afterAll(() => server.close());

describe("the spec's paths with a trailing slash", () => {
  // Every trailing-slash path the specs write for a route that exists (spec 1 section 7, spec 2).
  const specPaths = [
    "/users/",
    "/contacts/",
    "/whatsapp/?session=0",
    "/whatsapp/all/?session=0",
    "/announcements/",
    "/chats/",
  ];

  it("answer as their form without the slash", async () => {
    const team = await buildTeam(server.app, server.database.db);
    // GET /whatsapp/all is the platform owner's.
    const owner = await buildAdmin(server.database.db, team.company.id, { super: true });
    const { headers } = await login(server.app, owner.email);
    for (const path of specPaths) {
      const bare = path.replace(/\/(\?|$)/, "$1");
      const withSlash = await server.app.inject({ url: path, headers });
      const without = await server.app.inject({ url: bare, headers });
      expect(withSlash.statusCode, path).toBe(200);
      expect(withSlash.json(), path).toEqual(without.json());
    }
  });

  it("every GET route without parameters answers with a slash too (none is a 404)", async () => {
    const team = await buildTeam(server.app, server.database.db);
    const plain = server.app.routeList.filter(
      (r) => r.method === "GET" && !r.url.includes(":") && !r.url.includes("*") && r.url !== "/",
    );
    expect(plain.length).toBeGreaterThan(20);
    for (const route of plain) {
      const res = await server.app.inject({ url: `${route.url}/`, headers: team.adminSession.headers });
      expect(res.statusCode, route.url).not.toBe(404);
    }
  });

  it("the web app's page fallback and its files still work with the router ignoring slashes", async () => {
    const dist = mkdtempSync(join(tmpdir(), "inbox-dist-"));
    mkdirSync(join(dist, "assets"));
    writeFileSync(join(dist, "index.html"), "<!doctype html><title>inbox</title>");
    writeFileSync(join(dist, "assets", "app.js"), "console.log(1)");
    const app = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
    expect(await registerWebApp(app, dist)).toBe(true);
    app.get("/users", async () => ({ api: true }));
    const html = { accept: "text/html,application/xhtml+xml" };
    for (const url of ["/users", "/users/", "/tickets/abc", "/"]) {
      const page = await app.inject({ url, headers: html });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain("<title>inbox</title>");
    }
    expect((await app.inject({ url: "/users/", headers: { accept: "application/json" } })).json()).toEqual({
      api: true,
    });
    const asset = await app.inject({ url: "/assets/app.js", headers: html });
    expect(asset.body).toBe("console.log(1)");
    await app.close();
  });
});

describe("CORS_ORIGINS: a web app served from another origin", () => {
  const preflight = (origin: string, url: string, method: string, headers = "content-type") =>
    server.app.inject({
      method: "OPTIONS",
      url,
      headers: { origin, "access-control-request-method": method, "access-control-request-headers": headers },
    });

  it("a listed origin's preflight is allowed, with credentials, on public and private routes", async () => {
    for (const [url, method, headers] of [
      ["/auth/login", "POST", "content-type"],
      ["/auth/refresh_token", "POST", "content-type"],
      ["/users/", "GET", "authorization"],
      ["/tickets/42", "PUT", "authorization,content-type"],
    ] as const) {
      const res = await preflight(APP_ORIGIN, url, method, headers);
      expect(res.statusCode, url).toBe(204);
      expect(res.headers["access-control-allow-origin"], url).toBe(APP_ORIGIN);
      expect(res.headers["access-control-allow-credentials"], url).toBe("true");
      expect(String(res.headers["access-control-allow-methods"]), url).toContain(method);
    }
    const local = await preflight("http://localhost:5173", "/auth/login", "POST");
    expect(local.headers["access-control-allow-origin"]).toBe("http://localhost:5173");
  });

  it("a listed origin signs in and reads: the answers carry its CORS headers and the refresh cookie", async () => {
    const team = await buildTeam(server.app, server.database.db);
    const login = await server.app.inject({
      method: "POST",
      url: "/auth/login",
      headers: { origin: APP_ORIGIN },
      payload: { email: team.admin.email, password: team.admin.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers["access-control-allow-origin"]).toBe(APP_ORIGIN);
    expect(login.headers["access-control-allow-credentials"]).toBe("true");
    expect(login.cookies.some((c) => c.name === "jrt")).toBe(true);
    const list = await server.app.inject({
      url: "/users/",
      headers: { origin: APP_ORIGIN, authorization: `Bearer ${login.json().token}` },
    });
    expect(list.statusCode).toBe(200);
    expect(list.headers["access-control-allow-origin"]).toBe(APP_ORIGIN);
    // A refused token is readable too, so the client knows to refresh.
    const refused = await server.app.inject({
      url: "/users/",
      headers: { origin: APP_ORIGIN, authorization: "Bearer nonsense" },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers["access-control-allow-origin"]).toBe(APP_ORIGIN);
  });

  it("any other origin gets no CORS header, so the browser keeps the answer from it", async () => {
    for (const origin of ["https://evil.example.com", "https://app.example.com.evil.net", "null"]) {
      const res = await preflight(origin, "/auth/login", "POST");
      expect(res.headers["access-control-allow-origin"], origin).toBeUndefined();
      expect(res.headers["access-control-allow-credentials"], origin).toBeUndefined();
      const login = await server.app.inject({
        method: "POST",
        url: "/auth/login",
        headers: { origin },
        payload: { email: "nobody@example.com", password: "x" },
      });
      expect(login.headers["access-control-allow-origin"], origin).toBeUndefined();
    }
  });

  it("without CORS_ORIGINS no origin gets CORS headers", async () => {
    const plain = await startTestServer();
    try {
      const res = await plain.app.inject({
        method: "OPTIONS",
        url: "/auth/login",
        headers: { origin: APP_ORIGIN, "access-control-request-method": "POST" },
      });
      expect(res.headers["access-control-allow-origin"]).toBeUndefined();
    } finally {
      await plain.close();
    }
  });
});
