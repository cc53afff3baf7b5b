import type { InvoiceDto } from "@inbox/shared";
import { PayInvoiceButton } from "../checkout/PayInvoiceButton";

/**
 * The action cell of an invoice row: the checkout's pay button, for unpaid
 * invoices only (spec 2 section 2, Invoices).
 */
export function InvoiceActions({ invoice }: { invoice: InvoiceDto }) {
  return <PayInvoiceButton invoice={invoice} />;
}
