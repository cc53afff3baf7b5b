import { sql } from "drizzle-orm";
import { bigserial, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { sameCompany, tenant } from "./columns.js";
import { whatsapps } from "./connections.js";

/**
 * A verified webhook delivery, stored before Meta gets its 200: a crash
 * after the answer loses nothing, because the sweeper reprocesses rows that
 * are not marked processed (ingest is idempotent).
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    /**
     * No reference of its own to companies: the connection's (company_id, whatsapp_id) reference already holds the
     * company and cascades its deletion, and a second check would lock the company's row for every
     * delivery stored.
     */
    companyId: tenant(),
    whatsappId: integer().notNull(),
    channel: text().notNull(),
    /** The exact bytes Meta signed. */
    body: text().notNull(),
    attempts: integer().notNull().default(0),
    lastError: text(),
    receivedAt: timestamp({ withTimezone: true, mode: "date" }).notNull().defaultNow(),
    processedAt: timestamp({ withTimezone: true, mode: "date" }),
  },
  (t) => [
    sameCompany("webhook_deliveries_whatsapp_id_fk", t.companyId, t.whatsappId, whatsapps, "cascade"),
    // What is left to process, in arrival (id) order: the backlog's pages and the sweeper walk it.
    index("webhook_deliveries_unprocessed_idx").on(t.id).where(sql`${t.processedAt} IS NULL`),
    index("webhook_deliveries_company_idx").on(t.companyId, t.receivedAt),
  ],
);
