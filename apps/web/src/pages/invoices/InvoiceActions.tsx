import type { InvoiceDto } from "@inbox/shared";

/**
 * The action cell of an invoice row. The checkout (issue 10) puts its pay
 * button here, for unpaid invoices only (spec 2 section 2, Invoices).
 */
export function InvoiceActions(_props: { invoice: InvoiceDto }) {
  return null;
}
