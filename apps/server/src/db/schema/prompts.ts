import { doublePrecision, index, integer, pgTable, serial, text, unique } from "drizzle-orm/pg-core";
import { sameCompany, tenant, timestamps } from "./columns.js";
import { companies } from "./companies.js";
import { queues } from "./queues.js";

/**
 * AI prompts (spec 3 "Prompt"; modules/prompts): a chatbot configuration tied to a queue, linked to
 * connections by whatsapps.prompt_id. apiKey and voiceKey are credentials: written, never answered
 * (the presenter says whether they are set). Deleting the queue leaves the prompt without one (the
 * dialog asks for another); deleting the prompt unlinks its connections (the service does).
 */
export const prompts = pgTable(
  "prompts",
  {
    id: serial().primaryKey(),
    companyId: tenant().references(() => companies.id, { onDelete: "cascade" }),
    name: text().notNull(),
    apiKey: text().notNull(),
    prompt: text().notNull(),
    voice: text().notNull().default("texto"),
    voiceKey: text(),
    voiceRegion: text().notNull().default(""),
    temperature: doublePrecision().notNull().default(1),
    maxTokens: integer().notNull().default(100),
    maxMessages: integer().notNull().default(10),
    queueId: integer(),
    ...timestamps,
  },
  (t) => [
    unique("prompts_company_id_id_key").on(t.companyId, t.id),
    sameCompany("prompts_queue_id_fk", t.companyId, t.queueId, queues, "set null"),
    /** The list's order (name, then id) within a company. */
    index("prompts_company_name_idx").on(t.companyId, t.name, t.id),
  ],
);
