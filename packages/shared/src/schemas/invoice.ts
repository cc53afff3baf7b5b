import { z } from "zod";

/** Invoices (spec 2 section 3 Invoice, section 7: GET /invoices/all). */

export const INVOICE_STATUSES = ["open", "paid"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const invoiceDto = z.object({
  id: z.number(),
  companyId: z.number(),
  detail: z.string(),
  users: z.number(),
  connections: z.number(),
  queues: z.number(),
  /** Two decimals as text ("49.90"): money never travels as a float. */
  value: z.string(),
  /** YYYY-MM-DD: the company due date this invoice pays for. */
  dueDate: z.string(),
  status: z.enum(INVOICE_STATUSES),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type InvoiceDto = z.infer<typeof invoiceDto>;

export const invoiceListDto = z.object({
  invoices: z.array(invoiceDto),
  count: z.number(),
  hasMore: z.boolean(),
});
export type InvoiceListDto = z.infer<typeof invoiceListDto>;

/** How a list row shows an invoice (spec 2 section 4 Invoice display status). */
export type InvoiceDisplayStatus = "paid" | "overdue" | "open";

/**
 * 'Pago' when paid; 'Vencido' when the due date is before today and it is
 * not paid; otherwise 'Em Aberto'. Today is the UTC date, as the
 * subscription rule (subscriptionState) counts it.
 */
export function invoiceDisplayStatus(
  invoice: Pick<InvoiceDto, "status" | "dueDate">,
  today = new Date(),
): InvoiceDisplayStatus {
  if (invoice.status === "paid") return "paid";
  return invoice.dueDate < today.toISOString().slice(0, 10) ? "overdue" : "open";
}
