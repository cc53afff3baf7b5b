import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTeam } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { settings } from "../../db/schema/index.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const db = () => server.database.db;
const get = (url: string, headers: object) =>
  server.app.inject({ method: "GET", url, headers: headers as Record<string, string> });

describe("settings reads", () => {
  it("GET /settings lists the company's settings to an admin only; GET /setting/{key} reads one", async () => {
    const team = await buildTeam(server.app, db());
    const other = await buildTeam(server.app, db());
    await db()
      .insert(settings)
      .values([
        { companyId: team.company.id, key: "userRating", value: "enabled" },
        { companyId: team.company.id, key: "chatBotType", value: "text" },
        { companyId: other.company.id, key: "userRating", value: "disabled" },
      ]);
    const list = await get("/settings", team.adminSession.headers);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      { key: "chatBotType", value: "text" },
      { key: "userRating", value: "enabled" },
    ]);
    expect((await get("/settings", team.userSession.headers)).statusCode).toBe(403);

    const one = await get("/setting/userRating", team.userSession.headers);
    expect(one.json()).toEqual({ key: "userRating", value: "enabled" });
    expect((await get("/setting/userRating", other.userSession.headers)).json().value).toBe("disabled");
    const missing = await get("/setting/nothing", team.userSession.headers);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe("ERR_NO_SETTING_FOUND");
  });

  it("GET /companySettings/{id} answers the own company's attendance settings; another company's is not found", async () => {
    const team = await buildTeam(server.app, db());
    const other = await buildTeam(server.app, db());
    const res = await get(`/companySettings/${team.company.id}`, team.userSession.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      requiredTag: "disabled",
      lgpdHideNumber: "disabled",
      hoursCloseTicketsAuto: "24",
    });
    const foreign = await get(`/companySettings/${other.company.id}`, team.adminSession.headers);
    expect(foreign.statusCode).toBe(404);
  });

  it("GET /companySettingOne?column= answers { column: value }", async () => {
    const team = await buildTeam(server.app, db());
    const res = await get("/companySettingOne?column=requiredTag", team.userSession.headers);
    expect(res.json()).toEqual({ requiredTag: "disabled" });
    const unknown = await get("/companySettingOne?column=companyId", team.userSession.headers);
    expect(unknown.statusCode).toBe(404);
    const missing = await get("/companySettingOne", team.userSession.headers);
    expect(missing.statusCode).toBe(400);
  });
});
