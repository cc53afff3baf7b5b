import { doublePrecision, index, integer, pgTable, serial, text, unique } from "drizzle-orm/pg-core";
import { tenant, timestamps } from "./columns.js";
import { companies } from "./companies.js";

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
    ...timestamps,
  },
  (t) => [
    unique("queue_integrations_company_id_id_key").on(t.companyId, t.id),
    /** The page's order (name, then id) within a company; search by name uses the trigram index. */
    index("queue_integrations_company_name_idx").on(t.companyId, t.name, t.id),
    index("queue_integrations_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
  ],
);
