import { bigserial, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { sameCompany, tenant } from "./columns.js";
import { whatsapps } from "./connections.js";

/**
 * A verified webhook delivery, stored before Meta gets its 200: a crash
 * after the answer loses nothing, because the sweeper reprocesses the rows
 * still here (ingest is idempotent). A processed delivery is deleted: what it
 * carried is stored as messages, and a raw copy would outlive what the
 * attendants and LGPD erasure delete. What stays is waiting, or failed (its
 * attempts and last error, for a person to look at).
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
  },
  (t) => [
    sameCompany("webhook_deliveries_whatsapp_id_fk", t.companyId, t.whatsappId, whatsapps, "cascade"),
    // A company's deletion and a connection's (the reference's cascade) find their deliveries here;
    // the backlog and the sweeper walk the primary key, as every row left is unprocessed.
    index("webhook_deliveries_connection_idx").on(t.companyId, t.whatsappId),
  ],
);
