import { customPlanPriceCents, nextDueDate } from "@inbox/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAdmin, buildTeam, login } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import {
  brCodeCrc,
  buildInvoice,
  chargeRow,
  checkoutData,
  companyDueDate,
  emvFields,
  ensurePlatformCompany,
  invoiceStatus,
  setPlatformSetting,
} from "../../../test/payments.js";
import { companies, paymentCharges } from "../../db/schema/index.js";
import { AppError } from "../../http/app-error.js";
import { EmbeddedPix } from "../payments/embedded-pix.js";

let server: TestServer;
const db = () => server.database.db;

beforeAll(async () => {
  server = await startTestServer();
  await ensurePlatformCompany(db());
  await setPlatformSetting(db(), "pixKey", "pagamentos@plataforma.example");
  await setPlatformSetting(db(), "pixMerchantName", "Plataforma Inbox");
  await setPlatformSetting(db(), "pixMerchantCity", "Sao Paulo");
});
afterAll(() => server.close());

const subscribe = (headers: Record<string, string>, payload: Record<string, unknown>) =>
  server.app.inject({ method: "POST", url: "/subscription", headers, payload });

const invoicePlan = JSON.stringify({ type: "invoice", title: "Plano Básico" });
const customPlan = JSON.stringify({ type: "custom" });

describe("custom plan pricing (spec 2 section 9)", () => {
  it("is 49 for the smallest plan, 3 users and 3 connections, plus 11 per user and 20 per connection above", () => {
    expect(customPlanPriceCents(3, 3)).toBe(4900);
    expect(customPlanPriceCents(4, 3)).toBe(6000);
    expect(customPlanPriceCents(3, 4)).toBe(6900);
    expect(customPlanPriceCents(10, 5)).toBe(4900 + 7 * 1100 + 2 * 2000);
  });
});

describe("POST /subscription with the embedded provider", () => {
  it("answers { id, qrcode: { qrcode }, valor: { original } } with a static BR Code of the platform's key", async () => {
    const team = await buildTeam(server.app, db());
    const invoice = await buildInvoice(db(), team.company.id, { value: "149.90" });

    const res = await subscribe(team.adminSession.headers, {
      ...checkoutData,
      plan: invoicePlan,
      price: 1,
      users: 3,
      connections: 3,
      invoiceId: invoice.id,
    });

    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(["id", "qrcode", "valor"]);
    expect(body.valor).toEqual({ original: "149.90" });
    const code: string = body.qrcode.qrcode;
    // The CRC (field 63) is CRC16/CCITT-FALSE of everything before its value.
    expect(brCodeCrc(code.slice(0, -4))).toBe(code.slice(-4));
    const fields = emvFields(code);
    expect(fields.get("00")).toBe("01");
    expect(fields.get("26")).toContain("br.gov.bcb.pix");
    expect(fields.get("26")).toContain("pagamentos@plataforma.example");
    expect(fields.get("53")).toBe("986");
    expect(fields.get("54")).toBe("149.90");
    expect(fields.get("58")).toBe("BR");
    expect(fields.get("59")).toBe("PLATAFORMA INBOX");
    expect(fields.get("60")).toBe("SAO PAULO");
    const charge = await chargeRow(db(), body.id);
    expect(charge).toMatchObject({
      companyId: team.company.id,
      invoiceId: invoice.id,
      provider: "embedded",
      amount: "149.90",
      status: "pending",
      code,
    });
    // The charge's txid travels in field 62-05, so the receiver's statement names it.
    expect(fields.get("62")).toContain(charge?.txid);
    expect(charge?.txid).toMatch(/^[A-Za-z0-9]{25}$/);
  });

  it("checks the CRC helper against the Banco Central's published example", () => {
    const example =
      "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D";
    expect(brCodeCrc(example.slice(0, -4))).toBe("1D3D");
  });

  it("prices a custom plan on the server, whatever price the client sends", async () => {
    const team = await buildTeam(server.app, db());
    const invoice = await buildInvoice(db(), team.company.id, { value: "49.00" });
    const res = await subscribe(team.userSession.headers, {
      ...checkoutData,
      plan: customPlan,
      price: "0.01",
      users: 5,
      connections: 4,
      invoiceId: invoice.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().valor).toEqual({ original: "91.00" });
    expect(await chargeRow(db(), res.json().id)).toMatchObject({
      planType: "custom",
      users: 5,
      connections: 4,
    });
  });

  it("refuses a custom plan cheaper than the invoice it pays", async () => {
    const team = await buildTeam(server.app, db());
    const invoice = await buildInvoice(db(), team.company.id, { value: "300.00" });
    const res = await subscribe(team.adminSession.headers, {
      ...checkoutData,
      plan: customPlan,
      users: 3,
      connections: 3,
      invoiceId: invoice.id,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: "ERR_CHECKOUT_BELOW_INVOICE", field: "users" });
  });

  it("answers the spec's validation messages", async () => {
    const team = await buildTeam(server.app, db());
    const invoice = await buildInvoice(db(), team.company.id);
    const base = { ...checkoutData, plan: customPlan, users: 3, connections: 3, invoiceId: invoice.id };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ firstName: "  " }, "firstName", "O nome completo é obrigatório"],
      [{ zipcode: "" }, "zipcode", "O CPF/CNPJ é obrigatório"],
      [{ zipcode: "529.982.247-24" }, "zipcode", "CPF/CNPJ inválido"],
      [{ zipcode: "11.111.111/1111-11" }, "zipcode", "CPF/CNPJ inválido"],
      [{ users: 2 }, "users", "O plano precisa de pelo menos 3 usuários"],
      [{ connections: 2 }, "connections", "O plano precisa de pelo menos 3 conexões"],
      [{ plan: "{not json" }, "plan", "Plano inválido"],
    ];
    for (const [change, field, message] of cases) {
      const res = await subscribe(team.adminSession.headers, { ...base, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json(), JSON.stringify(change)).toMatchObject({ error: "ERR_VALIDATION", field, message });
    }
    // A CNPJ is a tax id too.
    const cnpj = await subscribe(team.adminSession.headers, { ...base, zipcode: "11.222.333/0001-81" });
    expect(cnpj.statusCode, cnpj.body).toBe(200);
  });

  it("refuses another company's invoice (404) and a paid one (ERR_INVOICE_ALREADY_PAID)", async () => {
    const owner = await buildTeam(server.app, db());
    const intruder = await buildTeam(server.app, db());
    const invoice = await buildInvoice(db(), owner.company.id);
    const foreign = await subscribe(intruder.adminSession.headers, {
      ...checkoutData,
      plan: invoicePlan,
      invoiceId: invoice.id,
    });
    expect(foreign.statusCode).toBe(404);
    const paid = await buildInvoice(db(), owner.company.id, { dueDate: "2020-01-01", status: "paid" });
    const again = await subscribe(owner.adminSession.headers, {
      ...checkoutData,
      plan: invoicePlan,
      invoiceId: paid.id,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: "ERR_INVOICE_ALREADY_PAID", field: "invoiceId" });
  });

  it("answers ERR_PAYMENT_NOT_CONFIGURED while the platform has no PIX key", async () => {
    // The provider itself, with an empty receiver: the platform's settings are shared by every test
    // file on PostgreSQL, so they are not cleared here.
    const provider = new EmbeddedPix(async () => ({
      pixKey: null,
      merchantName: "Plataforma",
      merchantCity: "Sao Paulo",
    }));
    const refused = await provider
      .createCharge({
        txid: provider.newTxid(),
        amountCents: 4900,
        payer: { name: "Maria", taxId: { cpf: "52998224725" } },
        description: "Fatura 1",
      })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: "ERR_PAYMENT_NOT_CONFIGURED", status: 503 });
  });
});

describe("one payable charge per invoice", () => {
  const chargesOf = (invoiceId: number) =>
    db().select().from(paymentCharges).where(eq(paymentCharges.invoiceId, invoiceId));

  it("answers a second checkout of the same amount with the same charge; another amount supersedes it", async () => {
    const team = await buildTeam(server.app, db());
    const invoice = await buildInvoice(db(), team.company.id, { value: "49.00" });
    const payload = { ...checkoutData, plan: invoicePlan, invoiceId: invoice.id };
    const first = await subscribe(team.adminSession.headers, payload);
    const again = await subscribe(team.userSession.headers, payload);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await chargesOf(invoice.id)).toHaveLength(1);

    const custom = await subscribe(team.adminSession.headers, {
      ...payload,
      plan: customPlan,
      users: 5,
      connections: 4,
    });
    expect(custom.statusCode, custom.body).toBe(200);
    expect(custom.json().id).not.toBe(first.json().id);
    expect(custom.json().valor).toEqual({ original: "91.00" });
    expect(await chargeRow(db(), first.json().id)).toMatchObject({ status: "superseded" });
    expect(await chargeRow(db(), custom.json().id)).toMatchObject({ status: "pending" });
    // The same custom plan again: the new charge, not a third one.
    const customAgain = await subscribe(team.adminSession.headers, {
      ...payload,
      plan: customPlan,
      users: 5,
      connections: 4,
    });
    expect(customAgain.json()).toEqual(custom.json());
    expect(await chargesOf(invoice.id)).toHaveLength(2);
  });

  it("gives one charge to two checkouts of the same invoice at once (the invoice's row is locked)", async () => {
    const team = await buildTeam(server.app, db());
    const invoice = await buildInvoice(db(), team.company.id, { value: "59.90" });
    const payload = { ...checkoutData, plan: invoicePlan, invoiceId: invoice.id };
    const answers = await Promise.all([
      subscribe(team.adminSession.headers, payload),
      subscribe(team.userSession.headers, payload),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
    expect(answers[0]?.json()).toEqual(answers[1]?.json());
    expect(await chargesOf(invoice.id)).toHaveLength(1);
  });
});

describe("GET /subscription/check/{id} and PUT /invoices/{id}/paid", () => {
  it("is unpaid until the super admin confirms; then the invoice is paid and the due date moved once", async () => {
    const team = await buildTeam(server.app, db());
    const before = await companyDueDate(db(), team.company.id);
    const invoice = await buildInvoice(db(), team.company.id);
    const created = await subscribe(team.adminSession.headers, {
      ...checkoutData,
      plan: invoicePlan,
      invoiceId: invoice.id,
    });
    const check = () =>
      server.app.inject({
        method: "GET",
        url: `/subscription/check/${created.json().id}`,
        headers: team.adminSession.headers,
      });

    const pending = await check();
    expect(pending.statusCode).toBe(200);
    expect(pending.json()).toEqual({ success: false, company: { dueDate: before } });

    // Only super users confirm by hand.
    const admin = await server.app.inject({
      method: "PUT",
      url: `/invoices/${invoice.id}/paid`,
      headers: team.adminSession.headers,
    });
    expect(admin.statusCode).toBe(403);
    expect(await invoiceStatus(db(), invoice.id)).toBe("open");

    const platform = await buildTeam(server.app, db());
    const superUser = await buildAdmin(db(), platform.company.id, { super: true });
    const superSession = await login(server.app, superUser.email);
    const confirmed = await server.app.inject({
      method: "PUT",
      url: `/invoices/${invoice.id}/paid`,
      headers: superSession.headers,
    });
    const expected = nextDueDate(before ?? null, "MENSAL");
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({
      id: invoice.id,
      status: "paid",
      company: { id: team.company.id, dueDate: expected },
    });

    const paid = await check();
    expect(paid.json()).toEqual({ success: true, company: { dueDate: expected } });

    const twice = await server.app.inject({
      method: "PUT",
      url: `/invoices/${invoice.id}/paid`,
      headers: superSession.headers,
    });
    expect(twice.json()).toMatchObject({ error: "ERR_INVOICE_ALREADY_PAID" });
    expect(await companyDueDate(db(), team.company.id)).toBe(expected);
  });

  it("the super admin's confirmation of a custom plan's charge sets the company's own limits", async () => {
    const team = await buildTeam(server.app, db());
    const invoice = await buildInvoice(db(), team.company.id, { value: "49.00" });
    const created = await subscribe(team.adminSession.headers, {
      ...checkoutData,
      plan: customPlan,
      users: 5,
      connections: 3,
      invoiceId: invoice.id,
    });
    expect(created.statusCode, created.body).toBe(200);
    const platform = await buildTeam(server.app, db());
    const superUser = await buildAdmin(db(), platform.company.id, { super: true });
    const confirmed = await server.app.inject({
      method: "PUT",
      url: `/invoices/${invoice.id}/paid`,
      headers: (await login(server.app, superUser.email)).headers,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const [row] = await db()
      .select({ users: companies.numberAttendants, connections: companies.numberConections })
      .from(companies)
      .where(eq(companies.id, team.company.id));
    expect(row).toEqual({ users: 5, connections: 3 });
  });

  it("stays open to a company whose subscription expired: paying is how it comes back", async () => {
    const team = await buildTeam(server.app, db(), { dueInDays: -3 });
    const invoice = await buildInvoice(db(), team.company.id);
    const created = await subscribe(team.adminSession.headers, {
      ...checkoutData,
      plan: invoicePlan,
      invoiceId: invoice.id,
    });
    expect(created.statusCode, created.body).toBe(200);
    const check = await server.app.inject({
      method: "GET",
      url: `/subscription/check/${created.json().id}`,
      headers: team.adminSession.headers,
    });
    expect(check.statusCode, check.body).toBe(200);
  });

  it("answers 404 for another company's charge", async () => {
    const owner = await buildTeam(server.app, db());
    const intruder = await buildTeam(server.app, db());
    const invoice = await buildInvoice(db(), owner.company.id);
    const created = await subscribe(owner.adminSession.headers, {
      ...checkoutData,
      plan: invoicePlan,
      invoiceId: invoice.id,
    });
    const res = await server.app.inject({
      method: "GET",
      url: `/subscription/check/${created.json().id}`,
      headers: intruder.adminSession.headers,
    });
    expect(res.statusCode).toBe(404);
  });
});

describe("the platform's PIX settings", () => {
  it("take a valid PIX key only, from super users", async () => {
    const platform = await buildTeam(server.app, db());
    const superUser = await buildAdmin(db(), platform.company.id, { super: true });
    const superSession = await login(server.app, superUser.email);
    const put = (headers: Record<string, string>, key: string, value: string) =>
      server.app.inject({ method: "PUT", url: `/settings/${key}`, headers, payload: { value } });
    expect((await put(superSession.headers, "pixKey", "not a key")).json()).toMatchObject({
      error: "ERR_VALIDATION",
      field: "value",
    });
    expect((await put(superSession.headers, "pixKey", "52998224724")).statusCode).toBe(400);
    expect((await put(platform.adminSession.headers, "pixKey", "52998224725")).statusCode).toBe(403);
    expect((await put(superSession.headers, "pixMerchantCity", "A city name too long")).statusCode).toBe(400);
    for (const value of ["52998224725", "+5511912345678", "123e4567-e12b-12d1-a456-426655440000"])
      expect((await put(superSession.headers, "pixKey", value)).statusCode, value).toBe(200);
    await setPlatformSetting(db(), "pixKey", "pagamentos@plataforma.example");
  });
});
