import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { sameCompany, tenant } from "./columns.js";
import { companies } from "./companies.js";
import { whatsapps } from "./connections.js";

/**
 * Idempotency keys of the Messages API (POST /api/messages/send with an `Idempotency-Key` header):
 * the first send with a key stores it in the transaction that stores its messages, with its answer;
 * a retry with the same key on the same connection answers the same, and sends nothing. A key
 * older than MESSAGES_API_IDEMPOTENCY_HOURS counts as new (its row is replaced), and the hourly
 * prune job (jobs/prune-api-keys.ts) deletes it: nothing reads it any more.
 */
export const messagesApiKeys = pgTable(
  "messages_api_keys",
  {
    id: serial().primaryKey(),
    companyId: tenant().references(() => companies.id, { onDelete: "cascade" }),
    whatsappId: integer().notNull(),
    key: text().notNull(),
    ticketId: integer().notNull(),
    messageIds: jsonb().$type<number[]>().notNull(),
    createdAt: timestamp({ withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    sameCompany("messages_api_keys_whatsapp_id_fk", t.companyId, t.whatsappId, whatsapps, "cascade"),
    uniqueIndex("messages_api_keys_company_whatsapp_key_key").on(t.companyId, t.whatsappId, t.key),
    // The prune job's walk, oldest first.
    index("messages_api_keys_created_idx").on(t.createdAt),
  ],
);
