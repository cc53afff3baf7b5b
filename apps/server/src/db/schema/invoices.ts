import { sql } from "drizzle-orm";
import {
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { tenant, timestamps } from "./columns.js";
import { companies } from "./companies.js";

/**
 * What a company owes for one period of its plan (spec 2 section 3 Invoice).
 * The figures are copied from the plan when the invoice is made, so a later
 * plan edit does not rewrite a bill already sent. One invoice per company and
 * due date: the generating job can run twice and make it once.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: serial().primaryKey(),
    companyId: tenant().references(() => companies.id, { onDelete: "cascade" }),
    detail: text().notNull(),
    users: integer().notNull(),
    connections: integer().notNull(),
    queues: integer().notNull(),
    value: numeric({ precision: 12, scale: 2 }).notNull(),
    /** The company's due date this invoice pays for (date only, as companies.dueDate). */
    dueDate: date({ mode: "string" }).notNull(),
    /** "open" until paid; "paid" once (payInvoice). Overdue is shown, not stored. */
    status: text().notNull().default("open"),
    paidAt: timestamp({ withTimezone: true, mode: "date" }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("invoices_company_due_key").on(t.companyId, t.dueDate),
    // Target of same-company references (payment_charges).
    unique("invoices_company_id_id_key").on(t.companyId, t.id),
    // The list: a company's invoices newest first (GET /invoices/all), and the super's view of all.
    index("invoices_company_id_idx").on(t.companyId, t.id.desc()),
    index("invoices_open_idx").on(t.dueDate).where(sql`${t.status} = 'open'`),
  ],
);
