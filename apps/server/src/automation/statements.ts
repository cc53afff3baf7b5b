import { sql } from "drizzle-orm";
import { fixedStatement } from "../db/prepared.js";
import { contacts, messages, ticketAutomations, tickets } from "../db/schema/index.js";

/** How many contact messages one run decides on; the rest go to the next run. */
export const MESSAGES_PER_RUN = 50;

/** The batch statements' key lists (AutomationRepo: one array each, aligned by position). */
const companyIds = sql.placeholder("companyIds");
const ticketIds = sql.placeholder("ticketIds");

/**
 * The reads of every batch, one text whatever the batch's size (db/prepared.ts): PostgreSQL had
 * spent longer planning them than running them, and drizzle building their lists of parameters.
 * Each key is looked up by its own index read (`LATERAL ... LIMIT`), so a generic plan, made
 * without knowing the lists, cannot choose to hash a whole table instead.
 */
export const batchReads = {
  /**
   * The tickets by primary key, locked in id order (as ingest locks them). The companies are a
   * filter (a row-value IN over (company_id, id) made the planner AND a bitmap of the whole
   * company's tickets); ids are unique across companies, and the caller keeps only its pairs.
   */
  lock: fixedStatement<Record<string, unknown>>(
    "automation_lock_tickets",
    () => sql`
      SELECT * FROM ${tickets}
      WHERE id = ANY(${ticketIds}::int[]) AND company_id = ANY(${companyIds}::int[])
      ORDER BY id FOR UPDATE`,
  ),
  /** The locked tickets' automation rows (JSON, null when a ticket has none yet) and contacts' facts. */
  facts: fixedStatement<{
    ticketId: number;
    state: Record<string, unknown> | null;
    id: number | null;
    name: string;
    number: string;
    email: string;
    disableBot: boolean;
    outOfHoursSentAt: string | null;
    lgpdAcceptedAt: string | null;
  }>(
    "automation_ticket_facts",
    () => sql`
      SELECT k.ticket_id AS "ticketId", to_json(a.*) AS state, c.*
      FROM unnest(${companyIds}::int[], ${ticketIds}::int[], ${sql.placeholder("contactIds")}::int[])
        AS k(company_id, ticket_id, contact_id)
      LEFT JOIN LATERAL (
        SELECT * FROM ${ticketAutomations} WHERE ticket_id = k.ticket_id AND company_id = k.company_id LIMIT 1
      ) a ON true
      LEFT JOIN LATERAL (
        SELECT id, name, number, email, disable_bot AS "disableBot",
          out_of_hours_sent_at AS "outOfHoursSentAt", lgpd_accepted_at AS "lgpdAcceptedAt"
        FROM ${contacts} WHERE company_id = k.company_id AND id = k.contact_id LIMIT 1
      ) c ON true`,
  ),
  /** Each ticket's contact messages after its watermark, at most MESSAGES_PER_RUN, oldest first. */
  contactMessages: fixedStatement<{ ticketId: number; id: number | string; body: string }>(
    "automation_contact_messages",
    () => sql`
      SELECT k.ticket_id AS "ticketId", m.id, m.body
      FROM unnest(${companyIds}::int[], ${ticketIds}::int[], ${sql.placeholder("after")}::bigint[])
        AS k(company_id, ticket_id, after)
      CROSS JOIN LATERAL (
        SELECT id, body FROM ${messages}
        WHERE company_id = k.company_id AND ticket_id = k.ticket_id AND from_me = false AND id > k.after
        ORDER BY id LIMIT ${MESSAGES_PER_RUN}
      ) m
      ORDER BY m.id`,
  ),
};

/** The writes of every batch, fixed texts as the reads (db/prepared.ts). */
export const batchWrites = {
  /** The rows as one JSON parameter; creates the rows a first run needs. */
  saveStates: fixedStatement(
    "automation_save_states",
    () => sql`
      INSERT INTO ${ticketAutomations} AS a
        (ticket_id, company_id, state, handled_message_id, timer_at, timer_token, due_at, updated_at)
      SELECT v."ticketId", v."companyId", v.state, v."handledMessageId", v."timerAt", v."timerToken", v."dueAt", now()
      FROM jsonb_to_recordset(${sql.placeholder("rows")}::jsonb) AS v(
        "ticketId" int, "companyId" int, state jsonb, "handledMessageId" bigint, "timerAt" timestamptz,
        "timerToken" int, "dueAt" timestamptz)
      ON CONFLICT (ticket_id) DO UPDATE SET
        state = excluded.state, handled_message_id = excluded.handled_message_id, timer_at = excluded.timer_at,
        timer_token = excluded.timer_token, due_at = excluded.due_at, updated_at = excluded.updated_at
      WHERE a.company_id = excluded.company_id`,
  ),
  clearDue: fixedStatement(
    "automation_clear_due",
    () => sql`
      UPDATE ${ticketAutomations} SET due_at = NULL
      WHERE ticket_id = ANY(${ticketIds}::int[]) AND company_id = ANY(${companyIds}::int[]) AND due_at IS NOT NULL`,
  ),
};
