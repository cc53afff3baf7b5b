import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { sameCompany, tenant, timestamps } from "./columns.js";
import { companies } from "./companies.js";

/**
 * Contact lists (spec 3 sections 2, 3 and 7): named lists of people a campaign sends to, filled
 * by hand or by spreadsheet import (modules/contact-lists). Campaigns reference a list by
 * `(company_id, id)`.
 */
export const contactLists = pgTable(
  "contact_lists",
  {
    id: serial().primaryKey(),
    companyId: tenant().references(() => companies.id, { onDelete: "cascade" }),
    name: text().notNull(),
    ...timestamps,
  },
  (t) => [
    unique("contact_lists_company_id_id_key").on(t.companyId, t.id),
    /** The list page: name order (ties by id), so a page boundary never repeats or skips a row. */
    index("contact_lists_company_name_idx").on(t.companyId, t.name, t.id),
    /** The list page's name search (ILIKE '%term%'). */
    index("contact_lists_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
  ],
);

/**
 * One person of a list. `number` is normalised as ingest stores contacts' numbers (digits only),
 * and a list holds a number once ("one person, one number"), enforced here.
 */
export const contactListItems = pgTable(
  "contact_list_items",
  {
    id: serial().primaryKey(),
    companyId: tenant().references(() => companies.id, { onDelete: "cascade" }),
    contactListId: integer().notNull(),
    name: text().notNull(),
    number: text().notNull(),
    email: text().notNull().default(""),
    /** true/false once a WhatsApp connection checked the number; null while it could not be checked. */
    isWhatsappValid: boolean(),
    ...timestamps,
  },
  (t) => [
    unique("contact_list_items_company_id_id_key").on(t.companyId, t.id),
    sameCompany("contact_list_items_list_id_fk", t.companyId, t.contactListId, contactLists, "cascade"),
    uniqueIndex("contact_list_items_list_number_key").on(t.contactListId, t.number),
    /** The items page (name order, ties by id) and the lists page's counts. */
    index("contact_list_items_company_list_name_idx").on(t.companyId, t.contactListId, t.name, t.id),
  ],
);

/**
 * One spreadsheet import into a list (POST /contact-lists/{id}/upload): the pg-boss job that
 * reads it writes its progress and, at the end, every refused row with its line and reason.
 */
export const contactListImports = pgTable(
  "contact_list_imports",
  {
    id: serial().primaryKey(),
    companyId: tenant().references(() => companies.id, { onDelete: "cascade" }),
    contactListId: integer().notNull(),
    userId: integer(),
    fileName: text().notNull(),
    /** The stored upload (storage key), removed once read. */
    filePath: text(),
    /** queued, running, done, failed. */
    status: text().notNull().default("queued"),
    /** Data rows read so far, rows added, rows refused. */
    processed: integer().notNull().default(0),
    imported: integer().notNull().default(0),
    refusedCount: integer().notNull().default(0),
    /** Every refused row: `{ line, reason, number? }`, line as the spreadsheet numbers it. */
    refused: jsonb().$type<{ line: number; reason: string; number?: string }[]>().notNull().default([]),
    /** Why the whole file failed (status failed): an error code of the catalogue. */
    error: text(),
    finishedAt: timestamp({ withTimezone: true, mode: "date" }),
    ...timestamps,
  },
  (t) => [
    sameCompany("contact_list_imports_list_id_fk", t.companyId, t.contactListId, contactLists, "cascade"),
    index("contact_list_imports_company_list_idx").on(t.companyId, t.contactListId, t.id),
    index("contact_list_imports_unfinished_idx").on(t.id).where(sql`${t.status} IN ('queued', 'running')`),
  ],
);
