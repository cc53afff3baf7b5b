import { LIMITS } from "@inbox/shared";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../src/db/client.js";
import { companies, invoices, paymentCharges, settings } from "../src/db/schema/index.js";
import { buildCompany } from "./factories.js";

/** Company 1 holds the platform's settings (the PIX receiver). The test database is not seeded: make it. */
export async function ensurePlatformCompany(db: Db): Promise<void> {
  const [found] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, 1));
  if (found) return;
  const company = await buildCompany(db);
  if (company.id === LIMITS.platformCompanyId) return;
  await db
    .insert(companies)
    .values({ id: LIMITS.platformCompanyId, name: "Plataforma", planId: company.planId })
    .onConflictDoNothing();
  await db.execute(sql`SELECT setval('companies_id_seq', (SELECT max(id) FROM companies))`);
}

export async function setPlatformSetting(db: Db, key: string, value: string | null): Promise<void> {
  if (value === null) {
    await db
      .delete(settings)
      .where(and(eq(settings.companyId, LIMITS.platformCompanyId), eq(settings.key, key)));
    return;
  }
  await db
    .insert(settings)
    .values({ companyId: LIMITS.platformCompanyId, key, value })
    .onConflictDoUpdate({ target: [settings.companyId, settings.key], set: { value } });
}

/** Due dates for test invoices (one per company and due date): a start of this run's own, one day more each time. */
let invoiceDay = Math.floor(Math.random() * 100_000);
export function uniqueDueDate(): string {
  return new Date(Date.UTC(2100, 0, 1) + invoiceDay++ * 86_400_000).toISOString().slice(0, 10);
}

/** An open invoice of the company, due on its due date (what the generating job makes). */
export async function buildInvoice(
  db: Db,
  companyId: number,
  overrides: Partial<typeof invoices.$inferInsert> = {},
): Promise<typeof invoices.$inferSelect> {
  const [company] = await db
    .select({ dueDate: companies.dueDate })
    .from(companies)
    .where(eq(companies.id, companyId));
  const [row] = await db
    .insert(invoices)
    .values({
      companyId,
      detail: "Plano Básico",
      users: 3,
      connections: 3,
      queues: 3,
      value: "49.00",
      dueDate: company?.dueDate ?? new Date().toISOString().slice(0, 10),
      ...overrides,
    })
    .returning();
  if (!row) throw new Error("no invoice");
  return row;
}

export async function invoiceStatus(db: Db, id: number): Promise<string | undefined> {
  return (await db.select({ status: invoices.status }).from(invoices).where(eq(invoices.id, id)))[0]?.status;
}

export async function companyDueDate(db: Db, id: number): Promise<string | null | undefined> {
  return (await db.select({ dueDate: companies.dueDate }).from(companies).where(eq(companies.id, id)))[0]
    ?.dueDate;
}

export async function chargeRow(db: Db, id: number) {
  return (await db.select().from(paymentCharges).where(eq(paymentCharges.id, id)))[0];
}

/** The checkout's step 1 with a valid CPF (spec 2 section 3: the tax id travels in zipcode). */
export const checkoutData = {
  firstName: "Maria",
  lastName: "Souza",
  zipcode: "529.982.247-25",
  address2: "",
  city: "São Paulo",
  state: "SP",
  country: "BR",
  useAddressForPaymentDetails: false,
  nameOnCard: "",
  cardNumber: "",
  cvv: "",
};

/** CRC16/CCITT-FALSE as the BR Code uses it (poly 0x1021, initial 0xFFFF), written here to check the library's. */
export function brCodeCrc(payload: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(payload, "utf8")) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

/** The EMV TLV fields of a BR Code (id -> value), nested templates left as text. */
export function emvFields(code: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (let at = 0; at < code.length; ) {
    const id = code.slice(at, at + 2);
    const length = Number(code.slice(at + 2, at + 4));
    fields.set(id, code.slice(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return fields;
}
