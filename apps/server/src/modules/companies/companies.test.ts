import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { COMPANIES_PAGE_SIZE, type CompanyDto, type CompanyPageDto } from "@inbox/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildAdmin,
  buildCompany,
  buildTeam,
  buildUser,
  login,
  type Session,
  unique,
} from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { companies, plans } from "../../db/schema/index.js";
import { measureCompanyFolders } from "../../jobs/measure-company-folders.js";
import { trialDueDate } from "./trial.js";

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

type Method = "GET" | "POST" | "PUT" | "DELETE";
const call = (method: Method, url: string, session: Session, payload?: object) =>
  server.app.inject({ method, url, headers: session.headers, ...(payload ? { payload } : {}) });

/** A super user (the platform owner's kind) in a company of their own, signed in. */
async function superSession() {
  const team = await buildTeam(server.app, db());
  const boss = await buildAdmin(db(), team.company.id, { super: true });
  return { team, session: await login(server.app, boss.email) };
}

const validCompany = (planId: number) => ({
  name: unique("Empresa"),
  email: `${unique("dono")}@example.com`,
  phone: "5511999990000",
  planId,
  dueDate: "2031-05-10",
  recurrence: "TRIMESTRAL",
  document: "529.982.247-25",
  password: "segredo1",
});

describe("companies management (super users)", () => {
  it("a non-super admin gets 403 on every management route", async () => {
    const team = await buildTeam(server.app, db());
    const other = await buildCompany(db());
    const attempts: [Method, string, object?][] = [
      ["GET", "/companies"],
      ["GET", "/companies/list"],
      ["GET", "/companiesPlan/"],
      ["POST", "/companies", validCompany(team.company.planId)],
      ["PUT", `/companies/${other.id}`, { name: unique("Outra") }],
      ["DELETE", `/companies/${other.id}`, { name: "x" }],
    ];
    for (const [method, url, body] of attempts) {
      const res = await call(method, url, team.adminSession, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
      expect(res.json()).toMatchObject({ error: "ERR_NO_PERMISSION" });
    }
    // GET /companies/{id}: another company is not found; the own one answers only its hours.
    expect((await call("GET", `/companies/${other.id}`, team.adminSession)).statusCode).toBe(404);
    const own = await call("GET", `/companies/${team.company.id}`, team.userSession);
    expect(own.statusCode, own.body).toBe(200);
    expect(Object.keys(own.json()).sort()).toEqual(["id", "name", "schedules"]);
  });

  it("creates a company ready to work: its admin signs in at once; the super user reads every field", async () => {
    const { session, team } = await superSession();
    const body = validCompany(team.company.planId);
    const res = await call("POST", "/companies", session, body);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as CompanyDto;
    expect(created).toMatchObject({
      name: body.name,
      email: body.email,
      dueDate: "2031-05-10",
      recurrence: "TRIMESTRAL",
      document: "52998224725",
      status: true,
      planId: team.company.planId,
      planName: expect.any(String),
      folderSize: 0,
      numberFileFolder: 0,
      lastLogin: null,
    });
    expect(res.body).not.toContain("segredo1");

    const admin = await login(server.app, body.email, body.password);
    expect(admin.user).toMatchObject({ profile: "admin", companyId: created.id, super: false });
    const detail = await call("GET", `/companies/${created.id}`, session);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json()).toMatchObject({ id: created.id, email: body.email, schedules: [] });
    expect(detail.json().lastLogin).not.toBeNull();
    // Its default queue and settings came with it.
    const adminQueues = await call("GET", "/queue", admin);
    expect(adminQueues.json()).toHaveLength(1);
  });

  it("a company made without a due date gets the platform's trial, so its admin is not locked out at once", async () => {
    const { session, team } = await superSession();
    const body = { ...validCompany(team.company.planId), dueDate: "" };
    const res = await call("POST", "/companies", session, body);
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as CompanyDto).dueDate).toBe(trialDueDate(7));
    const admin = await login(server.app, body.email, body.password);
    expect((await call("GET", "/tickets", admin)).statusCode).toBe(200);
  });

  it("answers the spec's validation messages and clear codes for taken names and e-mails", async () => {
    const { session, team } = await superSession();
    const cases: [object, string, string][] = [
      [{ name: "A" }, "name", "Nome é obrigatório"],
      [{ name: undefined }, "name", "Nome é obrigatório"],
      [{ email: "" }, "email", "E-mail é obrigatório"],
      [{ email: "not-an-email" }, "email", "Email é inválido"],
      [{ planId: "" }, "planId", "Plano é obrigatório"],
      [{ document: "111.111.111-11" }, "document", "CPF/CNPJ inválido"],
      [{ recurrence: "SEMANAL" }, "recurrence", "One of MENSAL, BIMESTRAL, TRIMESTRAL, SEMESTRAL, ANUAL"],
    ];
    for (const [change, field, message] of cases) {
      const res = await call("POST", "/companies", session, {
        ...validCompany(team.company.planId),
        ...change,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json(), JSON.stringify(change)).toMatchObject({ error: "ERR_VALIDATION", field, message });
    }
    // An empty or invalid due date is no due date: a new company then gets the trial's, an edit clears it.
    for (const dueDate of ["", "2031-02-30", "soon"]) {
      const res = await call("POST", "/companies", session, {
        ...validCompany(team.company.planId),
        dueDate,
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().dueDate).toBe(trialDueDate(7));
      const edited = await call("PUT", `/companies/${res.json().id}`, session, { dueDate });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json().dueDate).toBeNull();
    }
    const first = validCompany(team.company.planId);
    expect((await call("POST", "/companies", session, first)).statusCode).toBe(201);
    const sameName = await call("POST", "/companies", session, {
      ...validCompany(team.company.planId),
      name: first.name.toUpperCase(),
    });
    expect(sameName.json()).toMatchObject({ error: "ERR_COMPANY_NAME_ALREADY_EXISTS", field: "name" });
    const sameEmail = await call("POST", "/companies", session, {
      ...validCompany(team.company.planId),
      email: first.email,
    });
    expect(sameEmail.json()).toMatchObject({ error: "ERR_USER_EMAIL_ALREADY_EXISTS", field: "email" });
    const noPlan = await call("POST", "/companies", session, { ...validCompany(2_000_000_000) });
    expect(noPlan.json()).toMatchObject({ error: "ERR_PLAN_NOT_AVAILABLE", field: "planId" });
    const rename = await call("PUT", `/companies/${team.company.id}`, session, { name: first.name });
    expect(rename.json()).toMatchObject({ error: "ERR_COMPANY_NAME_ALREADY_EXISTS" });
  });

  it("pages every company exactly once, searches by name, and lists all for pickers", async () => {
    const { session } = await superSession();
    const mark = unique("Paging");
    const made: number[] = [];
    for (let i = 0; i < COMPANIES_PAGE_SIZE + 3; i++) {
      const company = await buildCompany(db());
      await db()
        .update(companies)
        .set({ name: `${mark} ${i}` })
        .where(eq(companies.id, company.id));
      made.push(company.id);
    }
    const seen: number[] = [];
    let page = 1;
    for (;;) {
      const res = await call(
        "GET",
        `/companies?searchParam=${encodeURIComponent(mark)}&pageNumber=${page}`,
        session,
      );
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as CompanyPageDto;
      expect(body.count).toBe(made.length);
      seen.push(...body.companies.map((c) => c.id));
      if (!body.hasMore) break;
      page++;
    }
    expect(page).toBe(2);
    expect(seen.sort((a, b) => a - b)).toEqual([...made].sort((a, b) => a - b));
    const plan = await call(
      "GET",
      `/companiesPlan/?searchParam=${encodeURIComponent(mark)}&pageNumber=2`,
      session,
    );
    expect(plan.json()).toMatchObject({ hasMore: false, companies: expect.any(Array) });
    expect(plan.json().companies[0]).toMatchObject({ plan: { name: expect.any(String), amount: "0.00" } });
    const all = await call("GET", "/companies/list", session);
    expect((all.json() as { id: number }[]).map((c) => c.id)).toEqual(expect.arrayContaining(made));
  });

  it("switching a company off ends its sessions; the platform owner's company stays on", async () => {
    const { session, team: own } = await superSession();
    const team = await buildTeam(server.app, db());
    const off = await call("PUT", `/companies/${team.company.id}`, session, { status: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ status: false });
    expect((await call("GET", "/queue", team.adminSession)).statusCode).toBe(401);
    const refused = await call("PUT", `/companies/${own.company.id}`, session, { status: false });
    expect(refused.statusCode).toBe(403);
    const [row] = await db().select().from(companies).where(eq(companies.id, own.company.id));
    expect(row!.status).toBe(true);
    expect(
      (await call("PUT", `/companies/${team.company.id}`, session, { status: true })).json(),
    ).toMatchObject({
      status: true,
    });
  });

  it("company 1 (the platform owner's) is never switched off nor deleted", async () => {
    const { session } = await superSession();
    const [platform] = await db().select().from(companies).where(eq(companies.id, 1));
    // This file's fresh database may hold company 1 already (the first one built); make it otherwise.
    if (!platform) {
      const { planId } = await buildCompany(db());
      await db()
        .insert(companies)
        .values({ id: 1, name: unique("Plataforma"), planId })
        .onConflictDoNothing();
    }
    const [row] = await db().select().from(companies).where(eq(companies.id, 1));
    const off = await call("PUT", "/companies/1", session, { status: false });
    expect(off.statusCode, off.body).toBe(403);
    const gone = await call("DELETE", "/companies/1", session, { name: row!.name });
    expect(gone.statusCode, gone.body).toBe(403);
    const [after] = await db().select().from(companies).where(eq(companies.id, 1));
    expect(after).toMatchObject({ status: row!.status, name: row!.name });
  });

  it("the folder job stores each company's storage size and file count on the company", async () => {
    const { session } = await superSession();
    const company = await buildCompany(db());
    const root = join(server.config.dataDir, "public");
    mkdirSync(join(root, `company${company.id}`, "media", "deep"), { recursive: true });
    writeFileSync(join(root, `company${company.id}`, "media", "a.bin"), Buffer.alloc(1000));
    writeFileSync(join(root, `company${company.id}`, "media", "deep", "b.bin"), Buffer.alloc(24));
    await measureCompanyFolders({ db: server.database.db, storageRoot: root });
    const res = await call("GET", `/companies/${company.id}`, session);
    expect(res.json()).toMatchObject({
      folderSize: 1024,
      numberFileFolder: 2,
      updatedAtFolder: expect.any(String),
    });
  });

  it("login records the company's last login", async () => {
    const team = await buildCompany(db());
    const admin = await buildAdmin(db(), team.id);
    const [before] = await db().select().from(companies).where(eq(companies.id, team.id));
    expect(before!.lastLogin).toBeNull();
    await login(server.app, admin.email);
    const [row] = await db().select().from(companies).where(eq(companies.id, team.id));
    expect(row!.lastLogin).toBeInstanceOf(Date);
  });
});
