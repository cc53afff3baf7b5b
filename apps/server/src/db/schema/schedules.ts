import { sql } from "drizzle-orm";
import { bigint, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { sameCompany, tenant, timestamps } from "./columns.js";
import { companies } from "./companies.js";
import { whatsapps } from "./connections.js";
import { contacts } from "./contacts.js";
import { tickets } from "./tickets.js";
import { users } from "./users.js";

/**
 * Scheduled messages (spec 3 sections 3 and 7, spec 1 section 5): a body and
 * an optional image to send to a contact at `sendAt`. The due job stores the
 * outbound message first and writes its id here in the same transaction, so a
 * second run of the job finds it and never stores (or sends) a second one.
 *
 * A recurring schedule is a series of rows, one per send: the sender inserts
 * the next occurrence in the transaction that stores the current one's
 * message, under the current row's lock, and (seriesId, occurrence) is
 * unique, so each occurrence exists and is sent exactly once.
 */
export const schedules = pgTable(
  "schedules",
  {
    id: serial().primaryKey(),
    companyId: tenant().references(() => companies.id, { onDelete: "cascade" }),
    contactId: integer().notNull(),
    /** The ticket it was made from; the ticket it was sent into once sent. */
    ticketId: integer(),
    userId: integer(),
    whatsappId: integer(),
    body: text().notNull(),
    sendAt: timestamp({ withTimezone: true, mode: "date" }).notNull(),
    sentAt: timestamp({ withTimezone: true, mode: "date" }),
    /** pending (default), confirmed, completed (sent), canceled, error (the spec's ERRO). */
    status: text().notNull().default("pending"),
    mediaPath: text(),
    mediaName: text(),
    /** The outbound message the due job stored (set once: the idempotency key of the send). */
    messageId: bigint({ mode: "number" }),
    /** Why the send failed (status error): an error code of the catalogue. */
    sendError: text(),
    /** 1 days, 2 weeks, 3 months, 4 minutes; null: sent once (spec 3 section 5). */
    intervalo: integer(),
    valorIntervalo: integer(),
    /** Sends of the series in all, the first included. */
    enviarQuantasVezes: integer(),
    /** 4 send on weekends too, 5 one business day before, 6 one business day after. */
    tipoDias: integer().notNull().default(4),
    /** The series' first schedule (itself for the first); null when sent once. */
    seriesId: integer(),
    /** Which send of the series this row is, from 1. */
    occurrence: integer().notNull().default(1),
    /** The series' nominal start (before tipoDias) and this row's step from it. */
    recurrenceStartAt: timestamp({ withTimezone: true, mode: "date" }),
    recurrenceStep: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [
    sameCompany("schedules_contact_id_fk", t.companyId, t.contactId, contacts, "cascade"),
    sameCompany("schedules_ticket_id_fk", t.companyId, t.ticketId, tickets, "set null"),
    sameCompany("schedules_user_id_fk", t.companyId, t.userId, users, "set null"),
    sameCompany("schedules_whatsapp_id_fk", t.companyId, t.whatsappId, whatsapps, "set null"),
    index("schedules_company_send_at_idx").on(t.companyId, t.sendAt, t.id),
    index("schedules_company_contact_idx").on(t.companyId, t.contactId),
    /** A deleted ticket's schedules lose it (its reference's SET NULL). */
    index("schedules_company_ticket_idx").on(t.companyId, t.ticketId),
    /** Whether a file is still referred to before the files.remove job deletes it (jobs/remove-files.ts). */
    index("schedules_media_path_idx").on(t.mediaPath).where(sql`${t.mediaPath} IS NOT NULL`),
    /** The due sweep reads only what still waits, oldest first, across companies. */
    uniqueIndex("schedules_series_occurrence_idx").on(t.companyId, t.seriesId, t.occurrence),
    index("schedules_due_idx").on(t.sendAt, t.id).where(sql`${t.status} = 'pending'`),
  ],
);
