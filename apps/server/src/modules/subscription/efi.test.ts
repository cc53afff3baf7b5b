import type { AddressInfo } from "node:net";
import { nextDueDate } from "@inbox/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTeam } from "../../../test/factories.js";
import { FAKE_EFI_CREDENTIALS, type FakeEfi, startFakeEfi } from "../../../test/fake-efi.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import {
  buildInvoice,
  chargeRow,
  checkoutData,
  companyDueDate,
  invoiceStatus,
} from "../../../test/payments.js";
import { companies } from "../../db/schema/index.js";

const WEBHOOK_SECRET = "efi-webhook-secret-0123456789abcdef";
let server: TestServer;
let efi: FakeEfi;
let webhookBase: string;
const db = () => server.database.db;

beforeAll(async () => {
  efi = await startFakeEfi();
  server = await startTestServer({
    env: {
      PAYMENT_PROVIDER: "efi",
      EFI_API_URL: efi.url,
      EFI_CLIENT_ID: FAKE_EFI_CREDENTIALS.clientId,
      EFI_CLIENT_SECRET: FAKE_EFI_CREDENTIALS.clientSecret,
      EFI_PIX_KEY: "efi-key@plataforma.example",
      EFI_WEBHOOK_SECRET: WEBHOOK_SECRET,
    },
  });
  await server.app.listen({ port: 0, host: "127.0.0.1" });
  webhookBase = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}/subscription/webhook`;
  efi.webhookUrl = `${webhookBase}/${WEBHOOK_SECRET}`;
});
afterAll(async () => {
  await server.close();
  await efi.close();
});

type Team = Awaited<ReturnType<typeof buildTeam>>;

async function checkout(team: Team, value = "49.00") {
  const invoice = await buildInvoice(db(), team.company.id, { value });
  const res = await server.app.inject({
    method: "POST",
    url: "/subscription",
    headers: team.adminSession.headers,
    payload: { ...checkoutData, plan: JSON.stringify({ type: "invoice" }), invoiceId: invoice.id },
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { id: number; qrcode: { qrcode: string }; valor: { original: string } };
  const charge = await chargeRow(db(), body.id);
  return { invoice, body, txid: charge?.txid as string };
}

const check = (team: Team, id: number) =>
  server.app.inject({ method: "GET", url: `/subscription/check/${id}`, headers: team.adminSession.headers });

const postWebhook = (secret: string, payload: unknown, suffix = "/pix") =>
  fetch(`${webhookBase}/${secret}${suffix}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(payload),
  });

describe("Efí PIX provider", () => {
  it("creates the charge at Efí, shows its code, and the paid webhook pays the invoice once", async () => {
    const team = await buildTeam(server.app, db());
    const before = await companyDueDate(db(), team.company.id);
    const { invoice, body, txid } = await checkout(team, "149.90");

    const cob = efi.cobs.get(txid);
    expect(cob).toMatchObject({
      status: "ATIVA",
      valor: { original: "149.90" },
      chave: "efi-key@plataforma.example",
      devedor: { cpf: "52998224725", nome: "Maria Souza" },
    });
    expect(txid).toMatch(/^[A-Za-z0-9]{26,35}$/);
    expect(body).toEqual({
      id: body.id,
      qrcode: { qrcode: cob?.pixCopiaECola },
      valor: { original: "149.90" },
    });
    expect((await check(team, body.id)).json()).toEqual({ success: false, company: { dueDate: before } });

    await efi.pay(txid); // Efí posts { pix: [{ txid, endToEndId, valor, horario }] } to the webhook

    const expected = nextDueDate(before ?? null, "MENSAL");
    expect(await invoiceStatus(db(), invoice.id)).toBe("paid");
    expect(await companyDueDate(db(), team.company.id)).toBe(expected);
    expect(await chargeRow(db(), body.id)).toMatchObject({
      status: "paid",
      endToEndId: cob?.pix?.[0]?.endToEndId,
    });
    expect((await check(team, body.id)).json()).toEqual({ success: true, company: { dueDate: expected } });

    // Replayed: the same notification again moves nothing.
    const replay = await postWebhook(WEBHOOK_SECRET, { pix: cob?.pix });
    expect(replay.status).toBe(200);
    expect(await companyDueDate(db(), team.company.id)).toBe(expected);
  });

  it("answers the open charge again, withdraws it at Efí when another amount replaces it, and still pays once", async () => {
    const team = await buildTeam(server.app, db());
    const before = await companyDueDate(db(), team.company.id);
    const { invoice, body, txid } = await checkout(team);
    const again = await server.app.inject({
      method: "POST",
      url: "/subscription",
      headers: team.userSession.headers,
      payload: { ...checkoutData, plan: JSON.stringify({ type: "invoice" }), invoiceId: invoice.id },
    });
    expect(again.json()).toEqual(body);
    const invoiceCobs = () =>
      [...efi.cobs.values()].filter((cob) => cob.solicitacaoPagador === `Fatura ${invoice.id}`);
    expect(invoiceCobs()).toHaveLength(1);

    const custom = await server.app.inject({
      method: "POST",
      url: "/subscription",
      headers: team.adminSession.headers,
      payload: {
        ...checkoutData,
        plan: JSON.stringify({ type: "custom" }),
        users: 4,
        connections: 3,
        invoiceId: invoice.id,
      },
    });
    expect(custom.statusCode, custom.body).toBe(200);
    expect(custom.json().valor).toEqual({ original: "60.00" });
    expect(await chargeRow(db(), body.id)).toMatchObject({ status: "superseded" });
    expect(efi.cobs.get(txid)?.status).toBe("REMOVIDA_PELO_USUARIO_RECEBEDOR");
    expect(efi.calls).toContain(`PATCH /v2/cob/${txid}`);

    // The old code paid anyway (a payment Efí took before the withdrawal): it pays the invoice, once.
    await efi.pay(txid);
    const expected = nextDueDate(before ?? null, "MENSAL");
    expect(await invoiceStatus(db(), invoice.id)).toBe("paid");
    expect(await chargeRow(db(), body.id)).toMatchObject({ status: "paid" });
    const newTxid = (await chargeRow(db(), custom.json().id))?.txid as string;
    await efi.pay(newTxid);
    expect(await companyDueDate(db(), team.company.id)).toBe(expected);
  });

  it("a paid custom plan sets the company's own limits to its users and connections; an invoice's charge does not", async () => {
    const limitsOf = async (companyId: number) => {
      const [row] = await db()
        .select({ users: companies.numberAttendants, connections: companies.numberConections })
        .from(companies)
        .where(eq(companies.id, companyId));
      return row;
    };
    const plain = await buildTeam(server.app, db());
    await efi.pay((await checkout(plain)).txid);
    expect(await limitsOf(plain.company.id)).toEqual({ users: null, connections: null });

    const team = await buildTeam(server.app, db());
    const invoice = await buildInvoice(db(), team.company.id, { value: "49.00" });
    const custom = await server.app.inject({
      method: "POST",
      url: "/subscription",
      headers: team.adminSession.headers,
      payload: {
        ...checkoutData,
        plan: JSON.stringify({ type: "custom" }),
        users: 6,
        connections: 4,
        invoiceId: invoice.id,
      },
    });
    expect(custom.statusCode, custom.body).toBe(200);
    expect(await limitsOf(team.company.id)).toEqual({ users: null, connections: null });
    await efi.pay((await chargeRow(db(), custom.json().id))?.txid as string);
    expect(await invoiceStatus(db(), invoice.id)).toBe("paid");
    expect(await limitsOf(team.company.id)).toEqual({ users: 6, connections: 4 });
  });

  it("the check alone confirms a payment whose webhook never came", async () => {
    const team = await buildTeam(server.app, db());
    const before = await companyDueDate(db(), team.company.id);
    const { invoice, body, txid } = await checkout(team);
    efi.webhookUrl = undefined;
    try {
      await efi.pay(txid);
    } finally {
      efi.webhookUrl = `${webhookBase}/${WEBHOOK_SECRET}`;
    }
    expect(await invoiceStatus(db(), invoice.id)).toBe("open");
    const expected = nextDueDate(before ?? null, "MENSAL");
    expect((await check(team, body.id)).json()).toEqual({ success: true, company: { dueDate: expected } });
  });

  it("reads the code from the charge's location when the answer has no pixCopiaECola", async () => {
    const team = await buildTeam(server.app, db());
    efi.omitCopyPaste = true;
    try {
      const { body, txid } = await checkout(team);
      expect(body.qrcode.qrcode).toBe(efi.cobs.get(txid)?.pixCopiaECola);
      expect(efi.calls).toContain(`GET /v2/loc/${efi.cobs.get(txid)?.loc.id}/qrcode`);
    } finally {
      efi.omitCopyPaste = false;
    }
  });

  it("a forged webhook changes nothing: wrong secret, an unpaid charge, an unknown txid", async () => {
    const team = await buildTeam(server.app, db());
    const before = await companyDueDate(db(), team.company.id);
    const { invoice, body, txid } = await checkout(team);
    const forgedPix = {
      pix: [{ txid, endToEndId: "E000", valor: "49.00", horario: new Date().toISOString() }],
    };

    const wrongSecret = await postWebhook("not-the-secret", forgedPix);
    expect(wrongSecret.status).toBe(403);
    // The right secret (leaked, say) with a charge Efí has not seen paid: the provider is asked, and says ATIVA.
    expect((await postWebhook(WEBHOOK_SECRET, forgedPix)).status).toBe(200);
    expect((await postWebhook(WEBHOOK_SECRET, { pix: [{ txid: "A".repeat(32) }] }, "")).status).toBe(200);
    // Efí's registration test carries no pix.
    expect((await postWebhook(WEBHOOK_SECRET, { evento: "teste_webhook" })).status).toBe(200);

    expect(await invoiceStatus(db(), invoice.id)).toBe("open");
    expect(await companyDueDate(db(), team.company.id)).toBe(before);
    expect(await chargeRow(db(), body.id)).toMatchObject({ status: "pending" });
  });

  it("a payment of one company's charge pays that company's invoice only", async () => {
    const payer = await buildTeam(server.app, db());
    const other = await buildTeam(server.app, db());
    const otherBefore = await companyDueDate(db(), other.company.id);
    const paying = await checkout(payer);
    const waiting = await checkout(other);

    // A webhook naming the paid charge, sent while the other company's charge is open, pays only the first.
    await efi.pay(paying.txid);
    expect(await invoiceStatus(db(), paying.invoice.id)).toBe("paid");
    expect(await invoiceStatus(db(), waiting.invoice.id)).toBe("open");
    expect(await companyDueDate(db(), other.company.id)).toBe(otherBefore);
    // And the other company cannot ask about the payer's charge.
    expect((await check(other, paying.body.id)).statusCode).toBe(404);
    expect((await check(other, waiting.body.id)).json()).toMatchObject({ success: false });
  });

  it("answers ERR_PAYMENT_PROVIDER when Efí refuses", async () => {
    const team = await buildTeam(server.app, db());
    const invoice = await buildInvoice(db(), team.company.id);
    await efi.close();
    try {
      const res = await server.app.inject({
        method: "POST",
        url: "/subscription",
        headers: team.adminSession.headers,
        payload: { ...checkoutData, plan: JSON.stringify({ type: "invoice" }), invoiceId: invoice.id },
      });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ error: "ERR_PAYMENT_PROVIDER" });
    } finally {
      efi = await startFakeEfi({ port: Number(new URL(efi.url).port), webhookUrl: efi.webhookUrl });
    }
  });
});
