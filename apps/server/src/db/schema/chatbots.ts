import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  unique,
} from "drizzle-orm/pg-core";
import { sameCompany, tenant, timestamps } from "./columns.js";
import { companies } from "./companies.js";
import { fileLists } from "./file-lists.js";
import { queues } from "./queues.js";
import { users } from "./users.js";

/** What choosing a chatbot option does (spec 2 sections 3 and 9). */
export const CHATBOT_QUEUE_TYPES = ["text", "attendent", "queue", "integration", "file"] as const;
export type ChatbotQueueType = (typeof CHATBOT_QUEUE_TYPES)[number];

/**
 * Chatbot options: a tree of menu levels. Top-level options name their queue
 * (`queueId`) and have no parent; nested options name their parent
 * (`chatbotId`) and have no `queueId`. Siblings are ordered by id: the editor
 * only appends, so id order is the order the admin sees.
 */
export const chatbots = pgTable(
  "chatbots",
  {
    id: serial().primaryKey(),
    companyId: tenant().references(() => companies.id, { onDelete: "cascade" }),
    /** The queue whose first level this option is; null for nested options. */
    queueId: integer(),
    /** The parent option; null at the first level. */
    chatbotId: integer(),
    name: text().notNull(),
    /** The bot's message when this option is chosen (required when it has child options). */
    greetingMessage: text(),
    queueType: text().$type<ChatbotQueueType>().notNull().default("text"),
    closeTicket: boolean().notNull().default(false),
    /** Target of a `queue` option. */
    optQueueId: integer(),
    /** Target of an `attendent` option. */
    optUserId: integer(),
    /** Target of an `integration` option; no reference yet, integrations come later. */
    optIntegrationId: integer(),
    /** Target of a `file` option: the file list it sends. */
    optFileId: integer(),
    ...timestamps,
  },
  (t) => [
    unique("chatbots_company_id_id_key").on(t.companyId, t.id),
    sameCompany("chatbots_queue_id_fk", t.companyId, t.queueId, queues, "cascade"),
    sameCompany(
      "chatbots_chatbot_id_fk",
      t.companyId,
      t.chatbotId,
      { companyId: t.companyId as AnyPgColumn, id: t.id as AnyPgColumn },
      "cascade",
    ),
    sameCompany("chatbots_opt_queue_id_fk", t.companyId, t.optQueueId, queues, "set null"),
    sameCompany("chatbots_opt_user_id_fk", t.companyId, t.optUserId, users, "set null"),
    sameCompany("chatbots_opt_file_id_fk", t.companyId, t.optFileId, fileLists, "set null"),
    index("chatbots_company_queue_idx").on(t.companyId, t.queueId),
    index("chatbots_company_chatbot_idx").on(t.companyId, t.chatbotId),
    // Exactly one owner: a queue (first level) or a parent option (nested), so no option is orphaned.
    check("chatbots_one_owner_check", sql`(${t.queueId} IS NULL) <> (${t.chatbotId} IS NULL)`),
  ],
);
