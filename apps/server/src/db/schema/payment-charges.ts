import { sql } from "drizzle-orm";
import { index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { sameCompany, tenant, timestamps } from "./columns.js";
import { companies } from "./companies.js";
import { invoices } from "./invoices.js";

/**
 * One PIX charge the checkout asked a payment provider for (POST /subscription):
 * which invoice of which company it pays, for how much, and the code the payer
 * scans. The provider knows it by `txid` (unique across the platform: a
 * webhook names only the txid, and this row says whose it is). "pending"
 * until the provider, or the super admin for the embedded provider, confirms;
 * then "paid" and the invoice goes through payInvoice.
 */
export const paymentCharges = pgTable(
  "payment_charges",
  {
    id: serial().primaryKey(),
    companyId: tenant().references(() => companies.id, { onDelete: "cascade" }),
    invoiceId: integer().notNull(),
    /** embedded | efi: the provider that issued it, asked again about it. */
    provider: text().notNull(),
    txid: text().notNull(),
    amount: numeric({ precision: 12, scale: 2 }).notNull(),
    /** invoice | custom: what was priced (spec 2 section 9's custom plan). */
    planType: text().notNull().default("invoice"),
    users: integer(),
    connections: integer(),
    /** pending | paid | superseded (a newer charge of the invoice, for another amount, replaced it). */
    status: text().notNull().default("pending"),
    /** The PIX copy-and-paste code (EMV BR Code). */
    code: text().notNull(),
    /** The provider's end-to-end id of the PIX that paid it, when it told us. */
    endToEndId: text(),
    paidAt: timestamp({ withTimezone: true, mode: "date" }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("payment_charges_txid_key").on(t.txid),
    sameCompany("payment_charges_invoice_id_fk", t.companyId, t.invoiceId, invoices, "cascade"),
    index("payment_charges_company_invoice_idx").on(t.companyId, t.invoiceId),
    index("payment_charges_pending_idx").on(t.createdAt).where(sql`${t.status} = 'pending'`),
  ],
);
