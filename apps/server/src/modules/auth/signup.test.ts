import { LIMITS, subscriptionState } from "@inbox/shared";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAdmin, buildCompany, login, unique } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { companies, companySettings, queues, settings, users } from "../../db/schema/index.js";
import { createPlan, DEFAULT_QUEUE } from "../companies/service.js";
import { trialDueDate } from "../companies/trial.js";

let server: TestServer;
const db = () => server.database.db;
let publicPlanId: number;

/**
 * Company 1 holds the platform's settings (allowSignup, userCreation,
 * trialDays). The test database is not seeded: make it when it is missing.
 */
async function ensurePlatformCompany() {
  const [found] = await db().select({ id: companies.id }).from(companies).where(eq(companies.id, 1));
  if (found) return;
  const company = await buildCompany(db());
  if (company.id === LIMITS.platformCompanyId) return;
  await db()
    .insert(companies)
    .values({ id: LIMITS.platformCompanyId, name: "Plataforma", planId: company.planId })
    .onConflictDoNothing();
  await db().execute(sql`SELECT setval('companies_id_seq', (SELECT max(id) FROM companies))`);
}

async function setPlatform(key: string, value: string | null) {
  if (value === null) {
    await db()
      .delete(settings)
      .where(and(eq(settings.companyId, LIMITS.platformCompanyId), eq(settings.key, key)));
    return;
  }
  await db()
    .insert(settings)
    .values({ companyId: LIMITS.platformCompanyId, key, value })
    .onConflictDoUpdate({ target: [settings.companyId, settings.key], set: { value } });
}

beforeAll(async () => {
  // The per-address counters live in the shared database on PostgreSQL: every file's logins from
  // 127.0.0.1 count, so this file's sign-ins need the harness's high per-address limit (the
  // per-address test below runs a server of its own with a limit of 2).
  server = await startTestServer({ env: { RATE_LIMIT_PER_IP: "1000000", RATE_LIMIT_PER_EMAIL: "4" } });
  await ensurePlatformCompany();
  await setPlatform("allowSignup", "enabled");
  await setPlatform("userCreation", "enabled");
  publicPlanId = await createPlan(db(), { name: unique("public plan"), users: 3, isPublic: true });
});
afterAll(() => server.close());

// Each request from its own address, so the per-address counter never stops a test but the rate-limit one.
let nextAddress = 1;
const address = () => `10.20.${Math.floor(nextAddress / 250)}.${nextAddress++ % 250}`;

const payload = (overrides: Record<string, unknown> = {}) => ({
  name: "Maria Silva",
  email: `${unique("maria")}@example.com`,
  password: "segredo",
  phone: "5511999990000",
  document: "529.982.247-25",
  companyName: unique("Loja"),
  planId: publicPlanId,
  ...overrides,
});
const signup = (body: object, remoteAddress = address()) =>
  server.app.inject({ method: "POST", url: "/auth/signup", remoteAddress, payload: body });

describe("POST /auth/signup", () => {
  it("creates the company with its trial, settings, admin and default queue; the admin signs in at once", async () => {
    const body = payload({ document: "11.222.333/0001-81", email: `${unique("Ana")}@Example.com` });
    const res = await signup(body);
    expect(res.statusCode).toBe(201);
    const { companyId, userId, dueDate } = res.json();
    expect(dueDate).toBe(trialDueDate(7));

    const [company] = await db().select().from(companies).where(eq(companies.id, companyId));
    expect(company).toMatchObject({
      name: body.companyName,
      planId: publicPlanId,
      document: "11222333000181",
      phone: body.phone,
      email: body.email.toLowerCase(),
      status: true,
      dueDate: trialDueDate(7),
    });
    const [row] = await db().select().from(companySettings).where(eq(companySettings.companyId, companyId));
    expect(row).toMatchObject({ scheduleType: "disabled", userRating: "disabled" });
    const queueRows = await db()
      .select({ name: queues.name, color: queues.color, orderQueue: queues.orderQueue })
      .from(queues)
      .where(eq(queues.companyId, companyId));
    expect(queueRows).toEqual([DEFAULT_QUEUE]);
    const adminRows = await db().select().from(users).where(eq(users.companyId, companyId));
    expect(adminRows).toHaveLength(1);
    expect(adminRows[0]).toMatchObject({
      id: userId,
      name: "Maria Silva",
      email: body.email.toLowerCase(),
      profile: "admin",
      super: false,
    });

    const session = await login(server.app, body.email, body.password);
    expect(session.user).toMatchObject({ id: userId, companyId, profile: "admin" });
    expect(session.user.company?.dueDate).toBe(dueDate);
    expect(subscriptionState(companyId, dueDate).kind).toBe("ok");
    // The admin works in the new company only: its queue, not another company's.
    const queuesRes = await server.app.inject({ method: "GET", url: "/queue", headers: session.headers });
    expect(queuesRes.statusCode).toBe(200);
    expect(queuesRes.json().map((q: { name: string }) => q.name)).toEqual([DEFAULT_QUEUE.name]);
  });

  it("gives the platform's trialDays", async () => {
    await setPlatform("trialDays", "30");
    try {
      const res = await signup(payload());
      expect(res.statusCode).toBe(201);
      expect(res.json().dueDate).toBe(trialDueDate(30));
      const [company] = await db()
        .select({ dueDate: companies.dueDate })
        .from(companies)
        .where(eq(companies.id, res.json().companyId));
      expect(company?.dueDate).toBe(trialDueDate(30));
    } finally {
      await setPlatform("trialDays", null);
    }
  });

  it("trialDays is a platform setting only super users change, to one of its choices", async () => {
    const company = await buildCompany(db());
    const boss = await login(server.app, (await buildAdmin(db(), company.id, { super: true })).email);
    const admin = await login(server.app, (await buildAdmin(db(), company.id)).email);
    const put = (value: unknown, headers: Record<string, string>) =>
      server.app.inject({ method: "PUT", url: "/settings/trialDays", headers, payload: { value } });
    try {
      expect((await put("14", admin.headers)).statusCode).toBe(403);
      const wrong = await put("8", boss.headers);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ error: "ERR_VALIDATION", field: "value" });
      const saved = await put(14, boss.headers);
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toEqual({ key: "trialDays", value: "14" });
      expect((await signup(payload())).json().dueDate).toBe(trialDueDate(14));
      // Not published to visitors.
      const open = await server.app.inject({ method: "GET", url: "/public-settings/trialDays" });
      expect(open.statusCode).toBe(404);
    } finally {
      await setPlatform("trialDays", null);
    }
  });

  it("answers each validation message of spec 2 section 5 and creates nothing", async () => {
    const before = await db().select({ n: sql<number>`count(*)::int` }).from(companies);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: "M" }, "name", "Too Short!"],
      [{ name: "M".repeat(51) }, "name", "Too Long!"],
      [{ name: undefined }, "name", "Required"],
      [{ companyName: "L" }, "companyName", "Too Short!"],
      [{ companyName: "L".repeat(51) }, "companyName", "Too Long!"],
      [{ password: "1234" }, "password", "Too Short!"],
      [{ password: "1".repeat(51) }, "password", "Too Long!"],
      [{ email: "maria" }, "email", "Invalid email"],
      [{ email: undefined }, "email", "Required"],
      [{ phone: "" }, "phone", "Required"],
      [{ planId: undefined }, "planId", "Required"],
      [{ document: undefined }, "document", "Required"],
      // Right lengths, wrong check digits; all-same digits pass the arithmetic and are still refused.
      [{ document: "529.982.247-24" }, "document", "CPF/CNPJ inválido"],
      [{ document: "11.222.333/0001-82" }, "document", "CPF/CNPJ inválido"],
      [{ document: "111.111.111-11" }, "document", "CPF/CNPJ inválido"],
      [{ document: "00000000000000" }, "document", "CPF/CNPJ inválido"],
      [{ document: "1234567890" }, "document", "CPF/CNPJ inválido"],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await signup(payload(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      const body = res.json();
      expect(body.error).toBe("ERR_VALIDATION");
      expect(body.issues, JSON.stringify(overrides)).toContainEqual({ field, message });
    }
    const after = await db().select({ n: sql<number>`count(*)::int` }).from(companies);
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it("accepts the page's companyId and still creates a new company (never joins an existing one)", async () => {
    const other = await buildCompany(db());
    const body = payload({ companyId: other.id });
    const res = await signup(body);
    expect(res.statusCode).toBe(201);
    expect(res.json().companyId).not.toBe(other.id);
    const [admin] = await db().select().from(users).where(eq(users.email, body.email));
    expect(admin?.companyId).toBe(res.json().companyId);
  });

  it("refuses a taken e-mail with ERR_USER_EMAIL_ALREADY_EXISTS, whatever its case", async () => {
    const body = payload();
    expect((await signup(body)).statusCode).toBe(201);
    const again = await signup(payload({ email: body.email.toUpperCase() }));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: "ERR_USER_EMAIL_ALREADY_EXISTS", field: "email" });
  });

  it("refuses a company name another company has (case ignored) with ERR_COMPANY_NAME_ALREADY_EXISTS", async () => {
    const body = payload();
    expect((await signup(body)).statusCode).toBe(201);
    const again = await signup(payload({ companyName: body.companyName.toUpperCase() }));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: "ERR_COMPANY_NAME_ALREADY_EXISTS", field: "companyName" });
  });

  it("two signups with one e-mail at once: one company, the other hears the e-mail is taken", async () => {
    const body = payload();
    const results = await Promise.all([signup(body), signup({ ...body, companyName: unique("Outra") })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect(results.find((r) => r.statusCode === 400)?.json().error).toBe("ERR_USER_EMAIL_ALREADY_EXISTS");
    expect(await db().select().from(users).where(eq(users.email, body.email))).toHaveLength(1);
  });

  it("refuses a plan that is not public or does not exist, with ERR_PLAN_NOT_AVAILABLE", async () => {
    const hidden = await createPlan(db(), { name: unique("hidden plan"), isPublic: false });
    for (const planId of [hidden, 999_999]) {
      const body = payload({ planId });
      const res = await signup(body);
      expect(res.statusCode, String(planId)).toBe(400);
      expect(res.json()).toMatchObject({ error: "ERR_PLAN_NOT_AVAILABLE", field: "planId" });
      expect(await db().select().from(users).where(eq(users.email, body.email))).toEqual([]);
    }
  });

  it("is refused with ERR_SIGNUP_DISABLED unless allowSignup is enabled, and ERR_USER_CREATION_DISABLED while userCreation is disabled", async () => {
    try {
      for (const value of ["disabled", null]) {
        await setPlatform("allowSignup", value);
        const body = payload();
        const res = await signup(body);
        expect(res.statusCode, String(value)).toBe(403);
        expect(res.json().error).toBe("ERR_SIGNUP_DISABLED");
        expect(await db().select().from(users).where(eq(users.email, body.email))).toEqual([]);
      }
      await setPlatform("allowSignup", "enabled");
      await setPlatform("userCreation", "disabled");
      const res = await signup(payload());
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe("ERR_USER_CREATION_DISABLED");
    } finally {
      await setPlatform("allowSignup", "enabled");
      await setPlatform("userCreation", "enabled");
    }
    expect((await signup(payload())).statusCode).toBe(201);
  });

  it("is rate limited like the login: per e-mail whatever the address", async () => {
    const body = payload({ planId: 999_999 });
    // RATE_LIMIT_PER_EMAIL is 4 in this file: four refused attempts, then 429 even with a good plan.
    for (let i = 0; i < 4; i++) expect((await signup(body)).statusCode).toBe(400);
    const blocked = await signup({ ...body, planId: publicPlanId });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toBe("ERR_TOO_MANY_REQUESTS");
    expect(await db().select().from(users).where(eq(users.email, body.email))).toEqual([]);
  });

  it("is rate limited per address, whatever the e-mail", async () => {
    const limited = await startTestServer({ env: { RATE_LIMIT_PER_IP: "2" } });
    try {
      // An address of this run only: on PostgreSQL the counters outlive a run of the suite.
      const ip = `10.99.${Math.floor(Date.now() / 250) % 250}.${Date.now() % 250}`;
      const send = (planId: number) =>
        limited.app.inject({
          method: "POST",
          url: "/auth/signup",
          remoteAddress: ip,
          payload: payload({ planId }),
        });
      // Refused for what they ask (signup disabled or the plan missing: which one depends on the
      // database this server got), then the address is out of attempts whatever it asks.
      const first = (await send(999_999)).statusCode;
      const second = (await send(999_999)).statusCode;
      expect([first, second].every((status) => status === 400 || status === 403)).toBe(true);
      expect((await send(999_999)).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe("trialDueDate", () => {
  it("counts calendar days in UTC, across months and years", () => {
    expect(trialDueDate(7, new Date("2026-12-28T23:30:00Z"))).toBe("2027-01-04");
    expect(trialDueDate(7, new Date("2026-02-25T00:10:00Z"))).toBe("2026-03-04");
  });
});
