import type { InvoiceDto, InvoiceListDto } from "@inbox/shared";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAdmin, buildCompany, buildTeam, login, type Session, unique } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { companies, invoices, plans } from "../../db/schema/index.js";
import { seed } from "../../db/seed.js";
import { createPlan } from "../companies/service.js";
import { generateInvoices, INVOICE_LEAD_DAYS } from "./jobs.js";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  // Company 1 (the platform owner's) exists before any company a test builds.
  await seed(server.database.db, {
    adminEmail: `${unique("owner")}@example.com`,
    adminPassword: "secret123",
  });
});
afterAll(() => server.close());

const db = () => server.database.db;
const isoDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const invoicesOf = (companyIds: number[]) =>
  db().select().from(invoices).where(inArray(invoices.companyId, companyIds)).orderBy(invoices.id);
const get = (url: string, session: Session) =>
  server.app.inject({ method: "GET", url, headers: session.headers });

async function companyOnPlan(dueInDays: number) {
  const planId = await createPlan(db(), {
    name: unique("Plano Ouro"),
    users: 7,
    connections: 4,
    queues: 9,
    amount: "149.90",
  });
  const company = await buildCompany(db(), { dueInDays });
  await db().update(companies).set({ planId }).where(eq(companies.id, company.id));
  const [plan] = await db().select().from(plans).where(eq(plans.id, planId));
  return { id: company.id, plan: plan! };
}

async function insertInvoice(companyId: number, dueDate: string, detail = "Plano") {
  const [row] = await db()
    .insert(invoices)
    .values({ companyId, detail, users: 3, connections: 3, queues: 3, value: "49.00", dueDate })
    .returning();
  return row!;
}

describe("invoice generation", () => {
  it("makes one invoice per company due within the lead time, from its plan, however often it runs", async () => {
    const soon = await companyOnPlan(INVOICE_LEAD_DAYS - 3);
    const past = await companyOnPlan(-2);
    const farOff = await companyOnPlan(INVOICE_LEAD_DAYS + 5);

    await generateInvoices(db());
    await generateInvoices(db());

    const made = await invoicesOf([soon.id, past.id, farOff.id]);
    expect(made.filter((row) => row.companyId === farOff.id)).toEqual([]);
    const ofSoon = made.filter((row) => row.companyId === soon.id);
    expect(ofSoon).toHaveLength(1);
    expect(ofSoon[0]).toMatchObject({
      detail: soon.plan.name,
      users: 7,
      connections: 4,
      queues: 9,
      value: "149.90",
      dueDate: isoDay(INVOICE_LEAD_DAYS - 3),
      status: "open",
    });
    expect(made.filter((row) => row.companyId === past.id).map((row) => row.dueDate)).toEqual([isoDay(-2)]);
  });

  it("never bills company 1, even with a past due date", async () => {
    const [platform] = await db().select().from(companies).where(eq(companies.id, 1));
    await db()
      .update(companies)
      .set({ dueDate: isoDay(-30) })
      .where(eq(companies.id, 1));
    try {
      // On PostgreSQL the files share one database, where other files' fixtures may hold invoices
      // of company 1 (the sweep inserts some): the run must add none.
      const before = await invoicesOf([1]);
      await generateInvoices(db());
      expect(await invoicesOf([1])).toEqual(before);
    } finally {
      await db().update(companies).set({ dueDate: platform!.dueDate }).where(eq(companies.id, 1));
    }
  });

  it("walks many companies in batches and bills each once", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push((await buildCompany(db(), { dueInDays: 1 })).id);
    // Batches of 5: the walk crosses several of them, and two runs at once still bill each once.
    await Promise.all([generateInvoices(db(), new Date(), 5), generateInvoices(db(), new Date(), 5)]);
    const made = await invoicesOf(ids);
    expect(made.map((row) => row.companyId).sort((a, b) => a - b)).toEqual(ids);
  });

  it("POST /invoices/generate runs it for super users only", async () => {
    const team = await buildTeam(server.app, db());
    const refused = await server.app.inject({
      method: "POST",
      url: "/invoices/generate",
      headers: team.adminSession.headers,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe("ERR_NO_PERMISSION");

    const due = await companyOnPlan(2);
    const owner = await buildAdmin(db(), team.company.id, { super: true });
    const superSession = await login(server.app, owner.email);
    const res = await server.app.inject({
      method: "POST",
      url: "/invoices/generate",
      headers: superSession.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().created).toBeGreaterThanOrEqual(1);
    expect(await invoicesOf([due.id])).toHaveLength(1);
  });
});

describe("GET /invoices/all and /invoices/{id}", () => {
  it("lists the caller's company's invoices newest first, in pages, with a detail search", async () => {
    const team = await buildTeam(server.app, db());
    const other = await buildTeam(server.app, db());
    const made = [];
    for (let i = 0; i < 42; i++)
      made.push(await insertInvoice(team.company.id, isoDay(i), i === 5 ? "Plano Prata" : "Plano"));
    await insertInvoice(other.company.id, isoDay(1), "Plano Prata");

    const first = await get("/invoices/all", team.userSession);
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json() as InvoiceListDto;
    expect(page1.count).toBe(42);
    expect(page1.hasMore).toBe(true);
    expect(page1.invoices).toHaveLength(40);
    expect(page1.invoices[0]).toMatchObject({
      id: made[41]!.id,
      value: "49.00",
      status: "open",
      paidAt: null,
    });
    const page2 = (await get("/invoices/all?pageNumber=2", team.userSession)).json() as InvoiceListDto;
    expect(page2.hasMore).toBe(false);
    const all = [...page1.invoices, ...page2.invoices].map((invoice) => invoice.id);
    expect(all).toEqual(made.map((row) => row.id).reverse());

    const found = (await get("/invoices/all?searchParam=prata", team.userSession)).json() as InvoiceListDto;
    expect(found.invoices.map((invoice) => invoice.id)).toEqual([made[5]!.id]);
    expect(found.count).toBe(1);
  });

  it("answers one invoice of the company; another company's is not found", async () => {
    const team = await buildTeam(server.app, db());
    const other = await buildTeam(server.app, db());
    const own = await insertInvoice(team.company.id, isoDay(3));
    const foreign = await insertInvoice(other.company.id, isoDay(3));

    const res = await get(`/invoices/${own.id}`, team.adminSession);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json() as InvoiceDto).toMatchObject({
      id: own.id,
      companyId: team.company.id,
      dueDate: isoDay(3),
    });
    const refused = await get(`/invoices/${foreign.id}`, team.adminSession);
    expect(refused.statusCode).toBe(404);
    const stored = await db()
      .select()
      .from(invoices)
      .where(and(eq(invoices.id, foreign.id), eq(invoices.companyId, other.company.id)));
    expect(stored).toHaveLength(1);
  });

  it("a super user sees only the own company's invoices", async () => {
    const team = await buildTeam(server.app, db());
    const other = await buildTeam(server.app, db());
    await insertInvoice(other.company.id, isoDay(4));
    const owner = await buildAdmin(db(), team.company.id, { super: true });
    const superSession = await login(server.app, owner.email);
    const list = (await get("/invoices/all", superSession)).json() as InvoiceListDto;
    expect(list.invoices.every((invoice) => invoice.companyId === team.company.id)).toBe(true);
  });
});

describe("GET /companies/{id}/invoices (super users)", () => {
  it("lists one company's invoices for a super user; anyone else is refused", async () => {
    const team = await buildTeam(server.app, db());
    const billed = await buildTeam(server.app, db());
    const first = await insertInvoice(billed.company.id, isoDay(3));
    const second = await insertInvoice(billed.company.id, isoDay(33));
    await insertInvoice(team.company.id, isoDay(3));

    const refused = await get(`/companies/${billed.company.id}/invoices`, team.adminSession);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe("ERR_NO_PERMISSION");

    const owner = await buildAdmin(db(), team.company.id, { super: true });
    const superSession = await login(server.app, owner.email);
    const res = await get(`/companies/${billed.company.id}/invoices`, superSession);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as InvoiceListDto;
    expect(list.invoices.map((invoice) => invoice.id)).toEqual([second.id, first.id]);
    expect(list).toMatchObject({ count: 2, hasMore: false });
    const missing = await get("/companies/99999999/invoices", superSession);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe("ERR_NOT_FOUND");
  });
});
