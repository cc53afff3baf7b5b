import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { companies, invoices, paymentCharges } from "../../db/schema/index.js";

export type ChargeRow = typeof paymentCharges.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;

/** The checkout's rows. Every query names its company, but one: the webhook's lookup by the provider's txid. */
export class SubscriptionRepo {
  constructor(private readonly db: Db) {}

  async invoice(companyId: number, invoiceId: number): Promise<InvoiceRow | undefined> {
    const [row] = await this.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.companyId, companyId), eq(invoices.id, invoiceId)));
    return row;
  }

  /** Super only (PUT /invoices/{id}/paid): an invoice of any company. */
  async invoiceOfAnyCompany(invoiceId: number): Promise<InvoiceRow | undefined> {
    const [row] = await this.db.select().from(invoices).where(eq(invoices.id, invoiceId));
    return row;
  }

  async insertCharge(values: typeof paymentCharges.$inferInsert): Promise<ChargeRow> {
    const [row] = await this.db.insert(paymentCharges).values(values).returning();
    return row as ChargeRow;
  }

  async charge(companyId: number, id: number): Promise<ChargeRow | undefined> {
    const [row] = await this.db
      .select()
      .from(paymentCharges)
      .where(and(eq(paymentCharges.companyId, companyId), eq(paymentCharges.id, id)));
    return row;
  }

  /**
   * The webhook's lookup: the provider names only the txid, unique across the platform. The row
   * found says whose charge it is; nothing of the request decides the company.
   */
  async chargeByTxid(provider: string, txid: string): Promise<ChargeRow | undefined> {
    const [row] = await this.db
      .select()
      .from(paymentCharges)
      .where(and(eq(paymentCharges.provider, provider), eq(paymentCharges.txid, txid)));
    return row;
  }

  async markChargePaid(charge: ChargeRow, endToEndId: string | undefined, now: Date): Promise<void> {
    await this.db
      .update(paymentCharges)
      .set({ status: "paid", paidAt: now, updatedAt: now, ...(endToEndId ? { endToEndId } : {}) })
      .where(
        and(
          eq(paymentCharges.companyId, charge.companyId),
          eq(paymentCharges.id, charge.id),
          eq(paymentCharges.status, "pending"),
        ),
      );
  }

  async companyDueDate(companyId: number): Promise<string | null> {
    const [row] = await this.db
      .select({ dueDate: companies.dueDate })
      .from(companies)
      .where(eq(companies.id, companyId));
    return row?.dueDate ?? null;
  }
}
