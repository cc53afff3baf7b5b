import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCompany, buildTeam, buildUser, login } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { plans } from "../../db/schema/index.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
const db = () => server.database.db;

describe("GET /companies/listPlan/{companyId}", () => {
  it("answers the own company's plan with its limits and use flags; another company's is not found", async () => {
    const team = await buildTeam(server.app, db());
    await db()
      .update(plans)
      .set({ useSchedules: false, useInternalChat: false, users: 7 })
      .where(eq(plans.id, team.company.planId));
    const res = await server.app.inject({
      method: "GET",
      url: `/companies/listPlan/${team.company.id}`,
      headers: team.userSession.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: team.company.planId,
      users: 7,
      useSchedules: false,
      useInternalChat: false,
      useWhatsapp: true,
    });

    const other = await buildCompany(db());
    const foreign = await server.app.inject({
      method: "GET",
      url: `/companies/listPlan/${other.id}`,
      headers: team.adminSession.headers,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ error: "ERR_NOT_FOUND" });
  });

  it("lets a super user read any company's plan", async () => {
    const team = await buildTeam(server.app, db());
    const other = await buildCompany(db());
    const root = await buildUser(db(), team.company.id, { profile: "admin", super: true });
    const session = await login(server.app, root.email);
    const res = await server.app.inject({
      method: "GET",
      url: `/companies/listPlan/${other.id}`,
      headers: session.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: other.planId });
  });
});
