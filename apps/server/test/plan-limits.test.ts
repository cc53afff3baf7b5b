import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companies, plans, queues, users, whatsapps } from "../src/db/schema/index.js";
import { buildTeam, unique } from "./factories.js";
import { startTestServer, type TestServer } from "./harness.js";

/**
 * The plan limits (spec 2 section 3: users, connections, queues) answer their own codes (409), and
 * two creates racing for the last place give exactly one: each create counts under the company
 * row lock (companies repo lockForUpdate), so on PostgreSQL the second waits and counts again.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const db = () => server.database.db;

const bodies = {
  users: () => ({ name: "Maria", email: `${unique("maria")}@example.com`, password: "12345" }),
  queues: () => ({
    name: unique("Fila"),
    color: `#${Math.random().toString(16).slice(2, 8).padEnd(6, "0")}`,
  }),
  connections: () => ({
    name: unique("Canal"),
    channel: "whatsappapi",
    phoneNumberId: unique("pn"),
    wabaId: "2233445566",
    accessToken: "EAAG-token-1234",
    appSecret: "app-secret",
  }),
};

const cases = [
  { limit: "users", url: "/users", code: "ERR_USER_CREATION_COUNT", table: users },
  { limit: "queues", url: "/queue", code: "ERR_PLAN_QUEUES_LIMIT", table: queues },
  { limit: "connections", url: "/whatsapp", code: "ERR_PLAN_CONNECTIONS_LIMIT", table: whatsapps },
] as const;

/** A team whose plan allows exactly one more record of the kind than it has. */
async function teamOneBelow(limit: (typeof cases)[number]["limit"], table: (typeof cases)[number]["table"]) {
  const team = await buildTeam(server.app, db());
  const have = (await db().select().from(table).where(eq(table.companyId, team.company.id))).length;
  await db()
    .update(plans)
    .set({ [limit]: have + 1 })
    .where(eq(plans.id, team.company.planId));
  return { team, have };
}

describe("plan limits", () => {
  for (const { limit, url, code, table } of cases) {
    it(`POST ${url} at the plan's ${limit} limit answers 409 ${code}, naming the limit`, async () => {
      const { team, have } = await teamOneBelow(limit, table);
      const post = () =>
        server.app.inject({
          method: "POST",
          url,
          headers: team.adminSession.headers,
          payload: bodies[limit](),
        });
      expect((await post()).statusCode).toBe(201);
      const refused = await post();
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        error: code,
        message: expect.stringContaining(`${have + 1} ${limit}`),
        limit: have + 1,
      });
      const rows = await db().select().from(table).where(eq(table.companyId, team.company.id));
      expect(rows).toHaveLength(have + 1);
    });

    it(`two POST ${url} racing for the last place: exactly one is created`, async () => {
      const { team, have } = await teamOneBelow(limit, table);
      const answers = await Promise.all(
        [0, 1].map(() =>
          server.app.inject({
            method: "POST",
            url,
            headers: team.adminSession.headers,
            payload: bodies[limit](),
          }),
        ),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
      expect(answers.find((a) => a.statusCode === 409)?.json().error).toBe(code);
      const rows = await db().select().from(table).where(eq(table.companyId, team.company.id));
      expect(rows).toHaveLength(have + 1);
    });
  }
});

describe("the company's own limits (numberAttendants, numberConections) over the plan's", () => {
  const post = (team: Awaited<ReturnType<typeof buildTeam>>, url: string, payload: object) =>
    server.app.inject({ method: "POST", url, headers: team.adminSession.headers, payload });

  it("numberAttendants 2 on a plan of 5 users: the 3rd user is refused; without it the plan's 5 apply", async () => {
    const team = await buildTeam(server.app, db());
    const have = (await db().select().from(users).where(eq(users.companyId, team.company.id))).length;
    expect(have).toBe(2); // the team's admin and user
    await db().update(plans).set({ users: 5 }).where(eq(plans.id, team.company.planId));
    await db().update(companies).set({ numberAttendants: 2 }).where(eq(companies.id, team.company.id));
    const refused = await post(team, "/users", bodies.users());
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: "ERR_USER_CREATION_COUNT", limit: 2 });

    await db().update(companies).set({ numberAttendants: null }).where(eq(companies.id, team.company.id));
    expect((await post(team, "/users", bodies.users())).statusCode).toBe(201);
  });

  it("numberConections 2 on a plan of 1 connection: two are created, the 3rd is refused naming 2", async () => {
    const team = await buildTeam(server.app, db());
    await db().update(plans).set({ connections: 1 }).where(eq(plans.id, team.company.planId));
    await db().update(companies).set({ numberConections: 2 }).where(eq(companies.id, team.company.id));
    expect((await post(team, "/whatsapp", bodies.connections())).statusCode).toBe(201);
    expect((await post(team, "/whatsapp", bodies.connections())).statusCode).toBe(201);
    const refused = await post(team, "/whatsapp", bodies.connections());
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: "ERR_PLAN_CONNECTIONS_LIMIT", limit: 2 });
    const rows = await db().select().from(whatsapps).where(eq(whatsapps.companyId, team.company.id));
    expect(rows).toHaveLength(2);
  });
});
