import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTeam } from "./factories.js";
import { startTestServer, type TestServer } from "./harness.js";

/** Inputs that once answered 500; each must now be a clean 400. */
let server: TestServer;
let team: Awaited<ReturnType<typeof buildTeam>>;
beforeAll(async () => {
  server = await startTestServer();
  team = await buildTeam(server.app, server.database.db);
});
afterAll(() => server.close());

describe("input the database cannot hold", () => {
  it.each([
    ["GET", "/users/2147483648"],
    ["GET", "/users?searchParam=%00"],
    ["PUT", "/users/toggleChangeWidht/2147483648"],
  ])("%s %s answers 400", async (method, url) => {
    const res = await server.app.inject({
      method: method as "GET",
      url,
      headers: team.adminSession.headers,
      ...(method === "PUT" ? { payload: { defaultTicketsManagerWidth: 500 } } : {}),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe("ERR_VALIDATION");
  });

  it("a NUL inside a JSON body answers 400 with the field", async () => {
    const res = await server.app.inject({
      method: "PUT",
      url: `/users/${team.user.id}`,
      headers: team.adminSession.headers,
      payload: { name: "Ana\u0000Maria" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: "ERR_VALIDATION", field: "name" });
  });

  it("a queue id above the integer range answers 400", async () => {
    const res = await server.app.inject({
      method: "PUT",
      url: `/users/${team.user.id}`,
      headers: team.adminSession.headers,
      payload: { queueIds: [2147483648] },
    });
    expect(res.statusCode).toBe(400);
  });
});
