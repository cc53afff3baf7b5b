import { sql } from "drizzle-orm";
import { insertRows } from "../db/json-rows.js";
import { fixedStatement } from "../db/prepared.js";
import {
  companySettings,
  contacts,
  messages,
  queues,
  ticketAutomations,
  ticketLogs,
  tickets,
  userQueues,
  users,
  whatsappQueues,
} from "../db/schema/index.js";

/** What an inbound message row sets; the other columns keep their defaults. */
export const MESSAGE_KEYS = [
  "companyId",
  "ticketId",
  "contactId",
  "whatsappId",
  "providerMessageId",
  "remoteJid",
  "participant",
  "body",
  "fromMe",
  "mediaType",
  "mediaUrl",
  "ack",
  "isForwarded",
  "quotedMsgId",
  "extra",
  "createdAt",
  "updatedAt",
] as const;

/** What a contact row the upsert writes sets. */
export const CONTACT_KEYS = [
  "companyId",
  "channel",
  "number",
  "name",
  "isGroup",
  "lid",
  "profilePicUrl",
  "whatsappId",
] as const;

type JsonRow = { row: Record<string, unknown> };

/**
 * The statements of every batch, fixed texts whose rows travel as one JSON parameter each
 * (db/prepared.ts): PostgreSQL parses and plans each once per connection, where it had spent
 * about a tenth of their time planning them again at every batch.
 */
export const statements = {
  /** IngestRepo.contactsWithOpenTickets: each key's contact, open ticket, reopenable ticket, freshness. */
  parties: fixedStatement<{
    i: number;
    contact: Record<string, unknown>;
    ticket: Record<string, unknown> | null;
    reopen: Record<string, unknown> | null;
    fresh: boolean;
  }>(
    "ingest_parties",
    () => sql`
      SELECT k.i, row_to_json(c.*) AS contact, row_to_json(t.*) AS ticket, row_to_json(r.*) AS reopen,
        CASE WHEN t.id IS NULL AND json_array_length(k.ids) > 0 THEN EXISTS (
          SELECT 1 FROM json_array_elements_text(k.ids) AS p(id)
          WHERE NOT EXISTS (
            SELECT 1 FROM ${messages} m WHERE m.whatsapp_id = k.whatsapp_id AND m.provider_message_id = p.id
          )
        ) ELSE true END AS fresh
      FROM json_to_recordset(${sql.placeholder("keys")}::json)
        AS k(i int, company_id int, channel text, number text, whatsapp_id int, reopen_minutes int, ids json)
      JOIN contacts c ON c.company_id = k.company_id AND c.channel = k.channel AND c.number = k.number
      LEFT JOIN tickets t ON t.contact_id = c.id AND t.whatsapp_id = k.whatsapp_id AND t.status <> 'closed'
      LEFT JOIN LATERAL (
        SELECT * FROM ${tickets} r
        WHERE t.id IS NULL AND k.reopen_minutes > 0
          AND r.company_id = c.company_id AND r.contact_id = c.id AND r.whatsapp_id = k.whatsapp_id
          AND r.status = 'closed' AND r.closed_at > now() - make_interval(mins => k.reopen_minutes)
        ORDER BY r.closed_at DESC, r.id DESC
        LIMIT 1
      ) r ON true`,
  ),
  /** IngestRepo.upsertContacts: one contact per (company, channel, number), edited names kept. */
  upsertContacts: fixedStatement<JsonRow>(
    "ingest_upsert_contacts",
    () => sql`
      ${insertRows(contacts, CONTACT_KEYS, sql.placeholder("rows"))}
      ON CONFLICT (company_id, channel, number) DO UPDATE SET
        name = CASE WHEN contacts.name = contacts.number AND excluded.name <> '' THEN excluded.name ELSE contacts.name END,
        lid = COALESCE(excluded.lid, contacts.lid),
        profile_pic_url = COALESCE(NULLIF(contacts.profile_pic_url, ''), excluded.profile_pic_url)
      RETURNING row_to_json(contacts.*) AS row`,
  ),
  /** IngestRepo.openTickets: the tickets opened (wallet routing included) and their log entries. */
  openTickets: fixedStatement<JsonRow>(
    "ingest_open_tickets",
    () => sql`
      WITH wanted AS (
        SELECT (r->>0)::int AS company_id, (r->>1)::int AS contact_id, (r->>2)::int AS whatsapp_id,
          r->>3 AS channel, (r->>4)::boolean AS is_group, (r->>5)::int AS import_queue_id, ordinality
        FROM json_array_elements(${sql.placeholder("rows")}::json) WITH ORDINALITY AS e(r, ordinality)
      ), routed AS (
        SELECT w.*, wallet.user_id, wallet.queue_id
        FROM wanted w
        LEFT JOIN LATERAL (
          SELECT u.id AS user_id, (
            SELECT q.id FROM ${queues} q
            JOIN ${whatsappQueues} wq ON wq.company_id = q.company_id AND wq.queue_id = q.id
              AND wq.whatsapp_id = w.whatsapp_id
            JOIN ${userQueues} uq ON uq.company_id = q.company_id AND uq.queue_id = q.id AND uq.user_id = u.id
            WHERE q.company_id = w.company_id
            ORDER BY q.order_queue ASC NULLS LAST, q.id ASC
            LIMIT 1
          ) AS queue_id
          FROM ${contacts} c
          JOIN ${companySettings} s ON s.company_id = c.company_id AND s.direct_tickets_to_wallets = 'enabled'
          JOIN ${users} u ON u.company_id = c.company_id AND u.id = c.wallet_user_id
          WHERE NOT w.is_group AND w.import_queue_id IS NULL AND c.company_id = w.company_id
            AND c.id = w.contact_id
        ) wallet ON true
      ), created AS (
        INSERT INTO ${tickets} (company_id, contact_id, whatsapp_id, channel, is_group, status, user_id, queue_id,
          imported_at)
        SELECT company_id, contact_id, whatsapp_id, channel, is_group,
          CASE WHEN is_group THEN 'group' WHEN user_id IS NOT NULL THEN 'open' ELSE 'pending' END,
          user_id, CASE WHEN import_queue_id IS NULL THEN queue_id ELSE NULLIF(import_queue_id, 0) END,
          CASE WHEN import_queue_id IS NOT NULL THEN now() END
        FROM routed ORDER BY ordinality
        ON CONFLICT DO NOTHING
        RETURNING *
      ), logged AS (
        INSERT INTO ${ticketLogs} (company_id, ticket_id, type, user_id, queue_id)
        SELECT company_id, id, kind.type, kind.user_id, kind.queue_id
        FROM created
        CROSS JOIN LATERAL (
          VALUES (1, 'create', NULL::int, NULL::int), (2, 'open', created.user_id, created.queue_id)
        ) AS kind(n, type, user_id, queue_id)
        WHERE kind.n = 1 OR created.user_id IS NOT NULL
        ORDER BY created.id, kind.n
      )
      SELECT row_to_json(created.*) AS row FROM created`,
  ),
  /** IngestRepo.storeMessages: the new messages, their tickets moved (locked in id order), due marks. */
  storeMessages: fixedStatement<{ kind: string; row: Record<string, unknown> }>(
    "ingest_store_messages",
    () => sql`
      WITH inserted AS (
        ${insertRows(messages, MESSAGE_KEYS, sql.placeholder("messages"))}
        ON CONFLICT DO NOTHING
        RETURNING *
      ), mv AS (
        SELECT r->>0 AS key, r->>1 AS last, (r->>2)::boolean AS unread
        FROM json_array_elements(${sql.placeholder("moves")}::json) AS r
      ), agg AS (
        SELECT i.ticket_id, i.company_id, count(*) FILTER (WHERE mv.unread) AS unread,
          (array_agg(mv.last ORDER BY i.id DESC))[1] AS last
        FROM inserted i JOIN mv ON mv.key = i.whatsapp_id || ':' || i.provider_message_id
        GROUP BY i.ticket_id, i.company_id
      ), locked AS (
        -- By primary key whatever the planner thinks of agg (it guesses 100 rows of any JSON, and
        -- joined them by hashing a scan of every ticket). The ids are the messages' own tickets,
        -- of their company (the messages' foreign key holds the pair).
        SELECT t.id FROM ${tickets} t WHERE t.id = ANY(ARRAY(SELECT ticket_id FROM agg))
        ORDER BY t.id FOR UPDATE OF t
      ), moved AS (
        UPDATE ${tickets} t
        SET last_message = agg.last, unread_messages = t.unread_messages + agg.unread, updated_at = now()
        FROM agg JOIN locked ON locked.id = agg.ticket_id
        WHERE t.id = agg.ticket_id
        RETURNING t.*
      ), due AS (
        -- A contact wrote: the automation (automation/runner.ts) has to look at it.
        SELECT moved.id, moved.company_id FROM moved JOIN agg ON agg.ticket_id = moved.id
        WHERE agg.unread > 0 AND NOT moved.is_group
      ), marked AS (
        -- The due mark, so a crash before the run loses nothing (the sweeper's). Written under the
        -- ticket's lock, as the runner writes it; a ticket already due keeps its first mark and row.
        INSERT INTO ${ticketAutomations} AS a (ticket_id, company_id, due_at)
        SELECT id, company_id, now() FROM due
        ON CONFLICT (ticket_id) DO UPDATE SET due_at = excluded.due_at
        WHERE a.due_at IS NULL AND a.company_id = excluded.company_id
      )
      SELECT 'message' AS kind, row_to_json(inserted.*) AS row FROM inserted
      UNION ALL
      SELECT 'ticket' AS kind, row_to_json(moved.*) AS row FROM moved
      UNION ALL
      SELECT 'due' AS kind, json_build_object('id', due.id) AS row FROM due`,
  ),
};
