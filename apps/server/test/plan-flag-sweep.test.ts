import { PLAN_FLAG_ERROR_CODES, PLAN_FLAGS, type PlanFlag } from "@inbox/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { plans } from "../src/db/schema/index.js";
import { declaredFlags, type PlanFeatureDeclaration } from "../src/http/plan-gate.js";
import { buildAdmin, buildTeam, login, unique } from "./factories.js";
import { startTestServer, type TestServer } from "./harness.js";

/**
 * The cross-tenant sweep's sibling: every route that declares a plan use flag
 * (`config.planFeature`, http/plan-gate.ts), called by a company whose plan
 * switches that flag off, answers the flag's own code; with the flag on it
 * does not. Routes are read from the running app, so a new gated route is
 * swept without being listed here; a route of a gated area that forgets its
 * flag fails the area check below.
 */

/**
 * Areas the specs gate by a plan flag (spec 1 section 2; spec 2 sections 2, 6; spec 3 sections 2, 6):
 * every route under these paths must declare the flag, including routes built later.
 */
const GATED_AREAS: readonly [prefix: string, flag: PlanFlag][] = [
  ["/schedules", "useSchedules"],
  ["/chats", "useInternalChat"],
  ["/campaigns", "useCampaigns"],
  ["/campaign-settings", "useCampaigns"],
  ["/contact-lists", "useCampaigns"],
  ["/contact-list-items", "useCampaigns"],
  ["/ticket/kanban", "useKanban"],
  ["/prompt", "useOpenAi"],
  ["/queueIntegration", "useIntegrations"],
  ["/api/messages", "useExternalApi"],
];

/**
 * Routes whose flag depends on the body (a connection's channel): one body per flag they may need.
 * The bodies are otherwise invalid, so with the flag on the request stops at validation and
 * reaches no provider.
 */
const BODY_PER_FLAG: Record<string, Partial<Record<PlanFlag, Record<string, unknown>>>> = {
  "POST /whatsapp": {
    useWhatsapp: { channel: "whatsappapi" },
    useFacebook: { channel: "facebook" },
    useInstagram: { channel: "instagram" },
  },
  "POST /facebook": {
    useFacebook: { addInstagram: false },
    useInstagram: { addInstagram: true },
  },
};

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const db = () => server.database.db;

interface GatedRoute {
  method: string;
  url: string;
  declaration: PlanFeatureDeclaration;
}

function gatedRoutes(): GatedRoute[] {
  return server.app.routeList.flatMap((route) => {
    const declaration = route.config?.planFeature as PlanFeatureDeclaration | undefined;
    if (!declaration) return [];
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    return methods.map((method) => ({ method, url: route.url, declaration }));
  });
}

const inArea = (url: string, prefix: string) => url === prefix || url.startsWith(`${prefix}/`);

async function setFlags(planId: number, companyId: number, off: PlanFlag | null) {
  const values = Object.fromEntries(PLAN_FLAGS.map((flag) => [flag, flag !== off]));
  await db().update(plans).set(values).where(eq(plans.id, planId));
  server.app.planFeatures.invalidate(companyId);
}

describe("plan-flag sweep", () => {
  it("finds the gated routes of today's areas", () => {
    const keys = gatedRoutes().map((r) => `${r.method} ${r.url}`);
    for (const key of ["GET /schedules", "POST /schedules", "DELETE /schedules/:id", "GET /chats"])
      expect(keys).toContain(key);
    expect(keys).toContain("POST /whatsapp");
    expect(keys).toContain("POST /facebook");
  });

  it("every route of a gated area declares the area's flag", () => {
    const missing = server.app.routeList
      .filter((route) => !route.config?.public)
      .flatMap((route) =>
        GATED_AREAS.filter(([prefix]) => inArea(route.url, prefix))
          .filter(([, flag]) => !declaredFlags(route.config?.planFeature).includes(flag))
          .map(([, flag]) => `${String(route.method)} ${route.url} needs ${flag}`),
      );
    expect(missing).toEqual([]);
  });

  it("every route whose flag depends on the body has a body per flag here", () => {
    const missing = gatedRoutes()
      .filter((r) => typeof r.declaration !== "string")
      .flatMap((r) =>
        declaredFlags(r.declaration)
          .filter((flag) => !BODY_PER_FLAG[`${r.method} ${r.url}`]?.[flag])
          .map((flag) => `${r.method} ${r.url}: ${flag}`),
      );
    expect(missing).toEqual([]);
  });

  it("with its flag off a route answers 403 and the flag's code; with it on, not that code", async () => {
    const team = await buildTeam(server.app, db());
    const headers = team.adminSession.headers;
    const failures: string[] = [];
    for (const route of gatedRoutes()) {
      for (const flag of declaredFlags(route.declaration)) {
        const code = PLAN_FLAG_ERROR_CODES[flag];
        const key = `${route.method} ${route.url}`;
        const body = typeof route.declaration === "string" ? undefined : BODY_PER_FLAG[key]?.[flag];
        // The gate runs before validation: any id will do, and with the flag on it is simply not found.
        const url = route.url.replace(/:[A-Za-z]+/g, "999999999");
        const call = () =>
          server.app.inject({
            method: route.method as "GET",
            url,
            headers,
            ...(body ? { payload: body } : {}),
          });

        await setFlags(team.company.planId, team.company.id, flag);
        const off = await call();
        if (off.statusCode !== 403 || off.json().error !== code)
          failures.push(`${key} with ${flag} off: ${off.statusCode} ${off.body.slice(0, 120)}`);

        await setFlags(team.company.planId, team.company.id, null);
        const on = await call();
        // A file download (GET /contact-lists/example) answers bytes, not JSON.
        const isJson = String(on.headers["content-type"] ?? "").includes("json");
        if (on.statusCode >= 500 || (on.body && isJson && on.json().error === code))
          failures.push(`${key} with ${flag} on: ${on.statusCode} ${on.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("the API description of a gated route names its flag and code", async () => {
    const doc = (await server.app.inject({ method: "GET", url: "/openapi.json" })).json();
    expect(doc.paths["/schedules"].get.description).toContain(
      "useSchedules (else 403 ERR_PLAN_NO_SCHEDULES)",
    );
    expect(doc.paths["/whatsapp"].post.description).toContain(
      "useInstagram (else 403 ERR_PLAN_NO_INSTAGRAM)",
    );
  });

  it("only the caller's company is gated: another company's plan keeps its flags", async () => {
    const gated = await buildTeam(server.app, db());
    const other = await buildTeam(server.app, db());
    await setFlags(gated.company.planId, gated.company.id, "useSchedules");
    const refused = await server.app.inject({
      method: "GET",
      url: "/schedules",
      headers: gated.adminSession.headers,
    });
    expect(refused.json().error).toBe("ERR_PLAN_NO_SCHEDULES");
    const allowed = await server.app.inject({
      method: "GET",
      url: "/schedules",
      headers: other.adminSession.headers,
    });
    expect(allowed.statusCode).toBe(200);
  });

  it("a plan edited through PUT /plans/{id} gates at once (the flags cache is invalidated)", async () => {
    const team = await buildTeam(server.app, db());
    const owner = await buildAdmin(db(), team.company.id, { super: true });
    const ownerSession = await login(server.app, owner.email);
    const list = () =>
      server.app.inject({ method: "GET", url: "/chats", headers: team.adminSession.headers });
    expect((await list()).statusCode).toBe(200);

    const edit = (useInternalChat: boolean) =>
      server.app.inject({
        method: "PUT",
        url: `/plans/${team.company.planId}`,
        headers: ownerSession.headers,
        payload: { useInternalChat },
      });
    expect((await edit(false)).statusCode).toBe(200);
    const refused = await list();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe("ERR_PLAN_NO_INTERNAL_CHAT");
    expect((await edit(true)).statusCode).toBe(200);
    expect((await list()).statusCode).toBe(200);
  });

  it("a company moved to another plan through PUT /companies/{id} is gated at once", async () => {
    const team = await buildTeam(server.app, db());
    const owner = await buildAdmin(db(), team.company.id, { super: true });
    const ownerSession = await login(server.app, owner.email);
    const list = () =>
      server.app.inject({ method: "GET", url: "/chats", headers: team.adminSession.headers });
    expect((await list()).statusCode).toBe(200);
    const [withoutChat] = await db()
      .insert(plans)
      .values({ name: unique("no-chat"), users: 50, useInternalChat: false })
      .returning({ id: plans.id });

    const moved = await server.app.inject({
      method: "PUT",
      url: `/companies/${team.company.id}`,
      headers: ownerSession.headers,
      payload: { planId: withoutChat?.id },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const refused = await list();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe("ERR_PLAN_NO_INTERNAL_CHAT");
  });
});
