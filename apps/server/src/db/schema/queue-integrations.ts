import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { sameCompany, tenant, timestamps } from "./columns.js";
import { companies } from "./companies.js";
import { tickets } from "./tickets.js";

/**
 * Integrations (spec 3 "Queue integration"; modules/queue-integrations). jsonContent and
 * geminiApiKey are credentials: written, never answered (the presenter says whether they are set).
 */
export const queueIntegrations = pgTable(
  "queue_integrations",
  {
    id: serial().primaryKey(),
    companyId: tenant().references(() => companies.id, { onDelete: "cascade" }),
    name: text().notNull(),
    type: text().notNull(),
    projectName: text().notNull().default(""),
    jsonContent: text(),
    language: text().notNull().default(""),
    urlN8N: text("url_n8n").notNull().default(""),
    typebotSlug: text().notNull().default(""),
    typebotExpires: integer().notNull().default(0),
    typebotKeywordFinish: text().notNull().default(""),
    typebotKeywordRestart: text().notNull().default(""),
    typebotRestartMessage: text().notNull().default(""),
    typebotUnknownMessage: text().notNull().default(""),
    typebotDelayMessage: integer().notNull().default(1000),
    geminiApiKey: text(),
    geminiPrompt: text().notNull().default(""),
    geminiMaxTokens: integer().notNull().default(1024),
    geminiTemperature: doublePrecision().notNull().default(0.7),
    geminiMaxMessages: integer().notNull().default(20),
    geminiTestPhone: text().notNull().default(""),
    /** Signs webhook / n8n deliveries (integrations/webhook.ts); made at create, answered only then. */
    webhookSecret: text(),
    ...timestamps,
  },
  (t) => [
    unique("queue_integrations_company_id_id_key").on(t.companyId, t.id),
    /** The page's order (name, then id) within a company; search by name uses the trigram index. */
    index("queue_integrations_company_name_idx").on(t.companyId, t.name, t.id),
    index("queue_integrations_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
  ],
);

/**
 * The outbox of conversations handed to integrations (automation/handover.ts): one row per contact
 * message to deliver (message_id null: the hand-over itself, with no new message), written in the
 * automation run's transaction, so none is lost; delivered in order per ticket, retried with
 * backoff (next_at), and done in the transaction that stores the integration's answers, so a retry
 * never answers twice. delivery_key stays the same across a row's retries (the webhook's
 * X-Inbox-Delivery).
 */
export const integrationDeliveries = pgTable(
  "integration_deliveries",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    companyId: tenant(),
    ticketId: integer().notNull(),
    /** What takes the conversation: an integration (queue_integrations) or an AI prompt (prompts). */
    target: text().notNull().default("integration"),
    integrationId: integer().notNull(),
    messageId: bigint({ mode: "number" }),
    /** pending, done or failed. */
    status: text().notNull().default("pending"),
    attempts: integer().notNull().default(0),
    nextAt: timestamp({ withTimezone: true, mode: "date" }).notNull().defaultNow(),
    deliveryKey: uuid().notNull().defaultRandom(),
    lastError: text(),
    ...timestamps,
  },
  (t) => [
    sameCompany("integration_deliveries_ticket_id_fk", t.companyId, t.ticketId, tickets, "cascade"),
    /** A message is handed over once per ticket. */
    unique("integration_deliveries_ticket_message_key").on(t.ticketId, t.messageId),
    /** The deliverer's scan for due rows, and a ticket's oldest pending one. */
    index("integration_deliveries_due_idx").on(t.nextAt).where(sql`${t.status} = 'pending'`),
    index("integration_deliveries_ticket_idx").on(t.ticketId, t.id).where(sql`${t.status} = 'pending'`),
  ],
);
