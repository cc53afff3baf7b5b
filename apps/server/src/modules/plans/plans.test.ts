import type { PlanDto } from "@inbox/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAdmin, buildCompany, buildTeam, login, type Session, unique } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { plans } from "../../db/schema/index.js";
import { createCompany } from "../companies/service.js";

let server: TestServer;
let superUser: Session;
let admin: Session;

beforeAll(async () => {
  server = await startTestServer();
  const team = await buildTeam(server.app, server.database.db);
  admin = team.adminSession;
  const owner = await buildAdmin(server.database.db, team.company.id, { super: true });
  superUser = await login(server.app, owner.email);
});
afterAll(() => server.close());

const db = () => server.database.db;
type Method = "GET" | "POST" | "PUT" | "DELETE";
const inject = (method: Method, url: string, headers: object = {}, payload?: object) =>
  server.app.inject({ method, url, headers: headers as Record<string, string>, payload });
const storedPlan = async (id: number) => (await db().select().from(plans).where(eq(plans.id, id)))[0];

async function createPlan(body: Record<string, unknown> = {}): Promise<PlanDto> {
  const res = await inject("POST", "/plans", superUser.headers, { name: unique("Plano"), ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe("plans: super users", () => {
  it("creates a plan with the spec's defaults, lists it in /plans/all, changes the fields given, deletes it", async () => {
    const name = unique("Básico");
    const created = await inject("POST", "/plans", superUser.headers, { name, isPublic: false });
    expect(created.statusCode, created.body).toBe(201);
    const plan = created.json() as PlanDto;
    expect(plan).toMatchObject({
      name,
      users: 10,
      connections: 10,
      queues: 10,
      amount: "0.00",
      isPublic: false,
      useWhatsapp: true,
      useFacebook: true,
      useInstagram: true,
      useCampaigns: true,
      useSchedules: true,
      useInternalChat: true,
      useExternalApi: true,
      useKanban: true,
      useOpenAi: true,
      useIntegrations: true,
    });

    const all = await inject("GET", "/plans/all", superUser.headers);
    expect(all.statusCode).toBe(200);
    expect((all.json() as PlanDto[]).find((p) => p.id === plan.id)).toEqual(plan);

    const updated = await inject("PUT", `/plans/${plan.id}`, superUser.headers, {
      id: plan.id,
      users: 3,
      connections: 0,
      amount: "49,90",
      useKanban: false,
      useOpenAi: "false",
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      name,
      users: 3,
      connections: 0,
      queues: 10,
      amount: "49.90",
      isPublic: false,
      useKanban: false,
      useOpenAi: false,
      useWhatsapp: true,
    });
    expect(await storedPlan(plan.id)).toMatchObject({ users: 3, amount: "49.90", useKanban: false });

    const deleted = await inject("DELETE", `/plans/${plan.id}`, superUser.headers);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await storedPlan(plan.id)).toBeUndefined();
    expect((await inject("DELETE", `/plans/${plan.id}`, superUser.headers)).json()).toMatchObject({
      error: "ERR_NOT_FOUND",
    });
    expect((await inject("PUT", `/plans/${plan.id}`, superUser.headers, { users: 1 })).json()).toMatchObject({
      error: "ERR_NOT_FOUND",
    });
  });

  it("a name another plan has answers ERR_PLAN_NAME_ALREADY_EXISTS on create and on rename", async () => {
    const first = await createPlan();
    const second = await createPlan();
    const again = await inject("POST", "/plans", superUser.headers, { name: ` ${first.name} ` });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: "ERR_PLAN_NAME_ALREADY_EXISTS", field: "name" });

    const rename = await inject("PUT", `/plans/${second.id}`, superUser.headers, { name: first.name });
    expect(rename.statusCode).toBe(400);
    expect(rename.json()).toMatchObject({ error: "ERR_PLAN_NAME_ALREADY_EXISTS", field: "name" });
    expect((await storedPlan(second.id))?.name).toBe(second.name);

    // Keeping its own name is no conflict.
    const same = await inject("PUT", `/plans/${second.id}`, superUser.headers, {
      name: second.name,
      users: 7,
    });
    expect(same.statusCode, same.body).toBe(200);
  });

  it("two creates racing for one name give one plan and one clear error", async () => {
    const name = unique("Corrida");
    const answers = await Promise.all([
      inject("POST", "/plans", superUser.headers, { name }),
      inject("POST", "/plans", superUser.headers, { name }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400]);
    expect(answers.find((a) => a.statusCode === 400)?.json()).toMatchObject({
      error: "ERR_PLAN_NAME_ALREADY_EXISTS",
    });
    expect(await db().select().from(plans).where(eq(plans.name, name))).toHaveLength(1);
  });

  it("a plan some company is on is not deleted: ERR_PLAN_IN_USE, and the plan stays", async () => {
    const plan = await createPlan();
    await createCompany(db(), { name: unique("company"), planId: plan.id, dueDate: null });
    const res = await inject("DELETE", `/plans/${plan.id}`, superUser.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: "ERR_PLAN_IN_USE" });
    expect(await storedPlan(plan.id)).toBeDefined();
  });

  it("refuses invalid fields with ERR_VALIDATION naming the field, and stores nothing", async () => {
    const plan = await createPlan();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: "" }, "name"],
      [{ name: "   " }, "name"],
      [{ name: "x".repeat(101) }, "name"],
      [{ users: -1 }, "users"],
      [{ connections: 1.5 }, "connections"],
      [{ queues: "3" }, "queues"],
      [{ amount: -1 }, "amount"],
      [{ amount: "-0.01" }, "amount"],
      [{ amount: "10.001" }, "amount"],
      [{ amount: "abc" }, "amount"],
      [{ amount: 1e21 }, "amount"],
      [{ useKanban: "yes" }, "useKanban"],
      [{ isPublic: null }, "isPublic"],
    ];
    for (const [body, field] of cases) {
      const create = await inject("POST", "/plans", superUser.headers, { name: unique("Inválido"), ...body });
      expect(create.statusCode, JSON.stringify(body)).toBe(400);
      expect(create.json(), JSON.stringify(body)).toMatchObject({ error: "ERR_VALIDATION", field });
      const update = await inject("PUT", `/plans/${plan.id}`, superUser.headers, body);
      expect(update.statusCode, JSON.stringify(body)).toBe(400);
      expect(update.json(), JSON.stringify(body)).toMatchObject({ error: "ERR_VALIDATION", field });
    }
    const missing = await inject("POST", "/plans", superUser.headers, { users: 1 });
    expect(missing.json()).toMatchObject({ error: "ERR_VALIDATION", field: "name" });
    expect(await storedPlan(plan.id)).toMatchObject({ name: plan.name, users: 10, amount: "0.00" });
  });
});

describe("plans: who may", () => {
  it("an admin who is not super gets ERR_NO_PERMISSION on every write and on /plans/all; nothing changes", async () => {
    const plan = await createPlan({ isPublic: false });
    const before = await storedPlan(plan.id);
    const name = unique("Intruso");
    for (const [method, url, body] of [
      ["GET", "/plans/all"],
      ["POST", "/plans", { name }],
      ["PUT", `/plans/${plan.id}`, { name, amount: "0" }],
      ["DELETE", `/plans/${plan.id}`],
    ] as [Method, string, object?][]) {
      const res = await inject(method, url, admin.headers, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json(), `${method} ${url}`).toMatchObject({ error: "ERR_NO_PERMISSION" });
    }
    expect(await storedPlan(plan.id)).toEqual(before);
    expect(await db().select().from(plans).where(eq(plans.name, name))).toHaveLength(0);
  });

  it("without a token only /plans/list answers; the others answer 401 and change nothing", async () => {
    const plan = await createPlan();
    const before = await storedPlan(plan.id);
    for (const [method, url, body] of [
      ["GET", "/plans/all"],
      ["POST", "/plans", { name: unique("Anônimo") }],
      ["PUT", `/plans/${plan.id}`, { users: 0 }],
      ["DELETE", `/plans/${plan.id}`],
    ] as [Method, string, object?][]) {
      const res = await inject(method, url, {}, body);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
    expect(await storedPlan(plan.id)).toEqual(before);
  });

  it("GET /plans/list, without a token, answers the public plans only, with or without listPublic=false", async () => {
    const open = await createPlan({ isPublic: true, amount: 99.9 });
    const hidden = await createPlan({ isPublic: false });
    // The plan of a company built by the factories is public too: the list is every public plan.
    const company = await buildCompany(db());
    for (const url of ["/plans/list", "/plans/list?listPublic=false", "/plans/list/?listPublic=true"]) {
      const res = await inject("GET", url);
      expect(res.statusCode, url).toBe(200);
      const list = res.json() as PlanDto[];
      expect(
        list.find((p) => p.id === open.id),
        url,
      ).toEqual({ ...open, amount: "99.90" });
      expect(
        list.some((p) => p.id === company.planId),
        url,
      ).toBe(true);
      expect(
        list.some((p) => p.id === hidden.id),
        url,
      ).toBe(false);
      expect(
        list.every((p) => p.isPublic),
        url,
      ).toBe(true);
    }
    const bad = await inject("GET", "/plans/list?listPublic=maybe");
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: "ERR_VALIDATION", field: "listPublic" });
  });
});
