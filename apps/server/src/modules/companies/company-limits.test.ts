import { COMPANY_LIMIT_MESSAGE, type CompanyDto } from "@inbox/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAdmin, buildTeam, login, type Session, unique } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";

/**
 * numberAttendants and numberConections (spec 2, the company form): the company's own limits of
 * users and connections, whole numbers 0 or more, empty for the plan's; the super user's answers
 * carry them. Their enforcement: test/plan-limits.test.ts; a paid custom plan: the subscription tests.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
const db = () => server.database.db;

const call = (method: "GET" | "POST" | "PUT", url: string, session: Session, payload?: object) =>
  server.app.inject({ method, url, headers: session.headers, ...(payload ? { payload } : {}) });

async function superSession() {
  const team = await buildTeam(server.app, db());
  const boss = await buildAdmin(db(), team.company.id, { super: true });
  return { team, session: await login(server.app, boss.email) };
}

const validCompany = (planId: number) => ({
  name: unique("Empresa"),
  email: `${unique("dono")}@example.com`,
  planId,
  password: "segredo1",
});

describe("the company's numberAttendants and numberConections", () => {
  it("are taken by POST and PUT /companies (numbers, as text too; empty is the plan's) and answered", async () => {
    const { session, team } = await superSession();
    const created = await call("POST", "/companies", session, {
      ...validCompany(team.company.planId),
      numberAttendants: "4",
      numberConections: 2,
    });
    expect(created.statusCode, created.body).toBe(201);
    const company = created.json() as CompanyDto;
    expect(company).toMatchObject({ numberAttendants: 4, numberConections: 2 });

    const detail = await call("GET", `/companies/${company.id}`, session);
    expect(detail.json()).toMatchObject({ numberAttendants: 4, numberConections: 2 });
    const page = await call("GET", `/companies?searchParam=${encodeURIComponent(company.name)}`, session);
    expect(page.json().companies).toEqual([
      expect.objectContaining({ id: company.id, numberAttendants: 4, numberConections: 2 }),
    ]);

    const cleared = await call("PUT", `/companies/${company.id}`, session, {
      numberAttendants: "",
      numberConections: 0,
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ numberAttendants: null, numberConections: 0 });
    // A PUT without them leaves them as they are.
    const renamed = await call("PUT", `/companies/${company.id}`, session, { name: unique("Outra") });
    expect(renamed.json()).toMatchObject({ numberAttendants: null, numberConections: 0 });

    const plain = await call("POST", "/companies", session, validCompany(team.company.planId));
    expect(plain.json()).toMatchObject({ numberAttendants: null, numberConections: null });
  });

  it("refuse what is not a whole number of 0 or more", async () => {
    const { session, team } = await superSession();
    for (const field of ["numberAttendants", "numberConections"])
      for (const value of [-1, "-1", 1.5, "dois", true, 3_000_000_000]) {
        const res = await call("POST", "/companies", session, {
          ...validCompany(team.company.planId),
          [field]: value,
        });
        expect(res.statusCode, `${field} ${JSON.stringify(value)}: ${res.body}`).toBe(400);
        expect(res.json()).toMatchObject({ error: "ERR_VALIDATION", field, message: COMPANY_LIMIT_MESSAGE });
        const edit = await call("PUT", `/companies/${team.company.id}`, session, { [field]: value });
        expect(edit.statusCode).toBe(400);
      }
  });
});
