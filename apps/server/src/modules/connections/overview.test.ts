import { randomUUID } from "node:crypto";
import type { PlatformConnectionDto } from "@inbox/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAdmin, buildConnection, buildTeam, login } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/**
 * Secret values unique to this run: the whole answer (every company's connections, other test files'
 * too on the shared PostgreSQL) must not carry them. A fixed fragment such as "9876" also turned up
 * inside other files' random ids.
 */
const marker = randomUUID().replaceAll("-", "");
const SECRET = {
  apiToken: `tenantApiToken${marker}`.slice(0, 30),
  qrCode: `2@tenant-qr-code-${marker}`,
  accessToken: `EAAG-tenant-access-token-${marker}`,
  appSecret: `tenant-app-secret-${marker}`,
  verifyToken: `tenant-verify-token-${marker}`,
};

/** Another company's connections, with everything that would act on them set. */
async function tenantWithConnections() {
  const team = await buildTeam(server.app, server.database.db);
  const db = server.database.db;
  const paired = await buildConnection(db, team.company.id, {
    name: "Vendas",
    status: "CONNECTED",
    token: SECRET.apiToken,
  });
  const waiting = await buildConnection(db, team.company.id, {
    name: "Suporte",
    status: "qrcode",
    qrcode: SECRET.qrCode,
  });
  const cloud = await buildConnection(db, team.company.id, {
    name: "Cloud",
    channel: "whatsappapi",
    status: "DISCONNECTED",
    accessToken: SECRET.accessToken,
    appSecret: SECRET.appSecret,
    verifyToken: SECRET.verifyToken,
    webhookKey: `key-${team.company.id}`,
  });
  return { team, paired, waiting, cloud };
}

async function platformOwner() {
  const owner = await buildTeam(server.app, server.database.db);
  const admin = await buildAdmin(server.database.db, owner.company.id, { super: true });
  return { ...owner, superSession: await login(server.app, admin.email) };
}

/** The secrets above, and the webhook address that carries a connection's key. */
const SECRETS = new RegExp(`${Object.values(SECRET).join("|")}|${marker.slice(-12)}|webhooks/meta`);

describe("GET /whatsapp/all (the platform owner's overview)", () => {
  it("answers every company's connections with their company, and nothing that acts on them", async () => {
    const tenant = await tenantWithConnections();
    const { superSession } = await platformOwner();
    const res = await server.app.inject({
      method: "GET",
      url: "/whatsapp/all/?session=0",
      headers: superSession.headers,
    });
    expect(res.statusCode).toBe(200);
    const rows = (res.json() as PlatformConnectionDto[]).filter(
      (c) => c.companyId === tenant.team.company.id,
    );
    expect(rows.map((c) => [c.name, c.status])).toEqual([
      ["Cloud", "DISCONNECTED"],
      ["Suporte", "qrcode"],
      ["Vendas", "CONNECTED"],
    ]);
    expect(rows[0]?.companyName).toMatch(/^company-/);
    for (const row of rows) {
      expect(row).toMatchObject({ token: null, qrcode: null, verifyToken: null, webhookUrl: null });
      expect(row.accessTokenHint).toBeNull();
    }
    expect(res.body).not.toMatch(SECRETS);
  });

  it("is the platform owner's: an admin or a user of a company is refused", async () => {
    const { team } = await tenantWithConnections();
    for (const session of [team.adminSession, team.userSession]) {
      const res = await server.app.inject({ method: "GET", url: "/whatsapp/all", headers: session.headers });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe("ERR_NO_PERMISSION");
    }
  });
});

describe("GET /whatsapp?companyId=", () => {
  it("a super user lists the named company's connections, without their secrets", async () => {
    const tenant = await tenantWithConnections();
    const { superSession } = await platformOwner();
    const res = await server.app.inject({
      method: "GET",
      url: `/whatsapp?companyId=${tenant.team.company.id}&session=0`,
      headers: superSession.headers,
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { name: string }[]).map((c) => c.name)).toEqual(["Cloud", "Suporte", "Vendas"]);
    expect(res.body).not.toMatch(SECRETS);
  });

  it("anyone else's request lists their own company, whatever it names", async () => {
    const tenant = await tenantWithConnections();
    const other = await buildTeam(server.app, server.database.db);
    const own = await buildConnection(server.database.db, other.company.id, { name: "Minha" });
    const res = await server.app.inject({
      method: "GET",
      url: `/whatsapp?companyId=${tenant.team.company.id}`,
      headers: other.adminSession.headers,
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { id: number }[]).map((c) => c.id)).toEqual([own.id]);
  });

  it("a super user naming their own company sees it as its manager (token included)", async () => {
    const owner = await platformOwner();
    const own = await buildConnection(server.database.db, owner.company.id, {
      name: "Propria",
      token: "ownApiToken0123456789abcdefghi",
    });
    const res = await server.app.inject({
      method: "GET",
      url: `/whatsapp?companyId=${owner.company.id}`,
      headers: owner.superSession.headers,
    });
    expect(res.json()).toEqual([
      expect.objectContaining({ id: own.id, token: "ownApiToken0123456789abcdefghi" }),
    ]);
  });
});
