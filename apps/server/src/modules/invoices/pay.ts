import { nextDueDate, type PaymentEventPayload } from "@inbox/shared";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { companies, invoices } from "../../db/schema/index.js";
import { AppError } from "../../http/app-error.js";
import type { Realtime } from "../../realtime/realtime.js";

export interface PaidInvoice {
  invoiceId: number;
  companyId: number;
  /** The company's due date after this payment. */
  dueDate: string;
  /** False when the invoice was already paid: nothing changed (a replayed confirmation). */
  changed: boolean;
}

/** A paid custom plan's counts (the checkout's 'Personalizar' step): they become the company's own limits. */
export interface PaidCustomPlan {
  users: number;
  connections: number;
}

/**
 * Marks an invoice paid and moves its company's due date by one period of
 * its recurrence (see `nextDueDate`), in one transaction under the invoice's
 * row lock: a payment confirmed twice (a provider's webhook replayed, a check
 * racing the webhook, the super admin clicking while the provider confirms)
 * moves the date once. Every way of paying ends here. After commit the
 * company's screens hear `company-{id}-payment`, so an expired company comes
 * back live. A payment of a custom plan (`customPlan`) also sets the company's
 * own limits, numberAttendants and numberConections, to the plan's users and
 * connections, in the same transaction and only the first time.
 */
export async function payInvoice(
  deps: { db: Db; realtime: Realtime },
  companyId: number,
  invoiceId: number,
  now = new Date(),
  customPlan?: PaidCustomPlan,
): Promise<PaidInvoice> {
  const paid = await deps.db.transaction(async (tx) => {
    const [invoice] = await tx
      .select({ status: invoices.status })
      .from(invoices)
      .where(and(eq(invoices.id, invoiceId), eq(invoices.companyId, companyId)))
      .for("update");
    if (!invoice) throw new AppError("ERR_NOT_FOUND", { message: "Invoice not found" });
    const [company] = await tx
      .select({ dueDate: companies.dueDate, recurrence: companies.recurrence })
      .from(companies)
      .where(eq(companies.id, companyId))
      .for("update");
    if (!company) throw new AppError("ERR_NOT_FOUND", { message: "Company not found" });
    if (invoice.status === "paid") {
      return { invoiceId, companyId, dueDate: company.dueDate ?? "", changed: false };
    }
    const dueDate = nextDueDate(company.dueDate, company.recurrence, now);
    await tx
      .update(invoices)
      .set({ status: "paid", paidAt: now, updatedAt: now })
      .where(eq(invoices.id, invoiceId));
    const limits = customPlan
      ? { numberAttendants: customPlan.users, numberConections: customPlan.connections }
      : {};
    await tx
      .update(companies)
      .set({ dueDate, ...limits, updatedAt: now })
      .where(eq(companies.id, companyId));
    return { invoiceId, companyId, dueDate, changed: true };
  });
  if (paid.changed) {
    const payload: PaymentEventPayload = {
      action: "update",
      invoiceId,
      company: { id: companyId, dueDate: paid.dueDate },
    };
    deps.realtime.toCompany(companyId, "payment", payload);
  }
  return paid;
}
