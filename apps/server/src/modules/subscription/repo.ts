import { and, desc, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
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

  /**
   * The checkout's lock: the invoice's row, held while its charges are read, issued and written, so two
   * checkouts of one invoice at once give one charge (the second waits, then finds the first's).
   */
  async lockInvoice(tx: Tx, companyId: number, invoiceId: number): Promise<InvoiceRow | undefined> {
    const [row] = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.companyId, companyId), eq(invoices.id, invoiceId)))
      .for("update");
    return row;
  }

  /** The invoice's charges still payable (pending), newest first. */
  async openCharges(tx: Tx, companyId: number, invoiceId: number): Promise<ChargeRow[]> {
    return tx
      .select()
      .from(paymentCharges)
      .where(
        and(
          eq(paymentCharges.companyId, companyId),
          eq(paymentCharges.invoiceId, invoiceId),
          eq(paymentCharges.status, "pending"),
        ),
      )
      .orderBy(desc(paymentCharges.id));
  }

  /** A newer charge replaces these: no checkout answers them again (a payment for one still pays, see confirm). */
  async supersedeCharges(tx: Tx, companyId: number, ids: number[], now: Date): Promise<void> {
    if (ids.length === 0) return;
    await tx
      .update(paymentCharges)
      .set({ status: "superseded", updatedAt: now })
      .where(
        and(
          eq(paymentCharges.companyId, companyId),
          inArray(paymentCharges.id, ids),
          eq(paymentCharges.status, "pending"),
        ),
      );
  }

  async insertCharge(tx: Tx, values: typeof paymentCharges.$inferInsert): Promise<ChargeRow> {
    const [row] = await tx.insert(paymentCharges).values(values).returning();
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
  /** The invoice's newest payable charge (the one a payer holds), for the super user's confirmation. */
  async newestOpenCharge(companyId: number, invoiceId: number): Promise<ChargeRow | undefined> {
    const [row] = await this.db
      .select()
      .from(paymentCharges)
      .where(
        and(
          eq(paymentCharges.companyId, companyId),
          eq(paymentCharges.invoiceId, invoiceId),
          eq(paymentCharges.status, "pending"),
        ),
      )
      .orderBy(desc(paymentCharges.id))
      .limit(1);
    return row;
  }

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
          inArray(paymentCharges.status, ["pending", "superseded"]),
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
