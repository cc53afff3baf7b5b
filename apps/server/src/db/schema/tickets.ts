import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { sameCompany, tenant, timestamps } from "./columns.js";
import { companies } from "./companies.js";
import { whatsapps } from "./connections.js";
import { contacts } from "./contacts.js";
import { queues } from "./queues.js";
import { users } from "./users.js";

export const tickets = pgTable(
  "tickets",
  {
    id: serial().primaryKey(),
    uuid: uuid().notNull().defaultRandom(),
    /**
     * No reference of its own to companies: the contact's (company_id, contact_id) reference already
     * holds the company and cascades its deletion, and a second check costs every ticket opened
     * (bench/README, session 22).
     */
    companyId: tenant(),
    status: text().notNull().default("pending"),
    contactId: integer().notNull(),
    whatsappId: integer(),
    userId: integer(),
    queueId: integer(),
    channel: text().notNull().default("whatsapp"),
    isGroup: boolean().notNull().default(false),
    isBot: boolean().notNull().default(false),
    lastMessage: text().notNull().default(""),
    unreadMessages: integer().notNull().default(0),
    amountUsedBotQueues: integer().notNull().default(0),
    useIntegration: boolean().notNull().default(false),
    integrationId: integer(),
    closedAt: timestamp({ withTimezone: true, mode: "date" }),
    /**
     * Opened by a WhatsApp message import (channels/whatsapp/history-import.ts): POST
     * /closedimported/{id} closes the connection's tickets that still carry it and are not closed.
     */
    importedAt: timestamp({ withTimezone: true, mode: "date" }),
    ...timestamps,
  },
  (t) => [
    unique("tickets_company_id_id_key").on(t.companyId, t.id),
    sameCompany("tickets_contact_id_fk", t.companyId, t.contactId, contacts, "cascade"),
    sameCompany("tickets_whatsapp_id_fk", t.companyId, t.whatsappId, whatsapps, "set null"),
    sameCompany("tickets_user_id_fk", t.companyId, t.userId, users, "set null"),
    sameCompany("tickets_queue_id_fk", t.companyId, t.queueId, queues, "set null"),
    uniqueIndex("tickets_uuid_key").on(t.uuid),
    /** At most one non-closed ticket per contact and connection: concurrent deliveries cannot open two. */
    uniqueIndex("tickets_one_open_per_contact_key")
      .on(t.contactId, t.whatsappId)
      .where(sql`${t.status} <> 'closed'`),
    index("tickets_company_status_updated_idx").on(t.companyId, t.status, t.updatedAt.desc(), t.id.desc()),
    /**
     * The list's branches (modules/tickets/list-query.ts): the waiting tickets of a queue and a
     * user's own, in the list's order; the trailing columns let the visibility filters and the
     * tab counts be answered from the index alone.
     */
    index("tickets_company_queue_status_order_idx").on(
      t.companyId,
      t.queueId,
      t.status,
      t.updatedAt.desc(),
      t.id.desc(),
      t.userId,
      t.isGroup,
    ),
    index("tickets_company_user_status_order_idx").on(
      t.companyId,
      t.userId,
      t.status,
      t.updatedAt.desc(),
      t.id.desc(),
      t.queueId,
      t.isGroup,
    ),
    /**
     * The list's waiting branches of the open and closed tabs (a queue's tickets nobody holds):
     * through the index above such a branch walked every held ticket of the queue's tab to find
     * the few waiting ones (0.3 ms per queue and request on the benchmark's 3,750 open tickets per
     * queue, all held). Only unassigned tickets enter it; `unread_messages` lets the bell's count
     * of those branches be answered from it alone too.
     */
    index("tickets_company_queue_waiting_idx")
      .on(t.companyId, t.queueId, t.status, t.updatedAt.desc(), t.id.desc(), t.isGroup, t.unreadMessages)
      .where(sql`${t.userId} IS NULL`),
    /**
     * The bell's exact count (GET /tickets?withUnreadMessages, list-query.ts' branches): only the
     * tickets with unread messages, a user's own and a queue's, answered from the index alone.
     */
    index("tickets_company_user_unread_idx")
      .on(t.companyId, t.userId, t.status, t.queueId, t.isGroup, t.id)
      .where(sql`${t.unreadMessages} > 0`),
    index("tickets_company_queue_unread_idx")
      .on(t.companyId, t.queueId, t.status, t.userId, t.isGroup, t.id)
      .where(sql`${t.unreadMessages} > 0`),
    index("tickets_company_contact_idx").on(t.companyId, t.contactId),
    /**
     * The ticket report (modules/reports/repo.ts): a company's tickets created in a range, newest
     * first, counted and paged from the index alone; the second serves the report's user filter
     * (and a reader who reports on their own tickets).
     */
    index("tickets_company_created_idx").on(t.companyId, t.createdAt.desc(), t.id.desc()),
    index("tickets_company_user_created_idx").on(t.companyId, t.userId, t.createdAt.desc(), t.id.desc()),
    /** The auto-close job's scan: open tickets, least recently active first, across companies. */
    index("tickets_open_updated_idx").on(t.updatedAt).where(sql`${t.status} = 'open'`),
    index("tickets_imported_open_idx")
      .on(t.companyId, t.whatsappId, t.id)
      .where(sql`${t.importedAt} IS NOT NULL AND ${t.status} <> 'closed'`),
  ],
);

export const messages = pgTable(
  "messages",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    /**
     * No reference of its own to companies: the ticket's (company_id, ticket_id) reference already holds the
     * company and cascades its deletion, and a second check would lock the company's row for every
     * message stored.
     */
    companyId: tenant(),
    ticketId: integer().notNull(),
    contactId: integer(),
    whatsappId: integer(),
    /** The provider's id (wamid, mid, Baileys key id): unique per connection, so redeliveries are no-ops. */
    providerMessageId: text(),
    body: text().notNull().default(""),
    fromMe: boolean().notNull().default(false),
    mediaType: text().notNull().default("chat"),
    mediaUrl: text(),
    ack: integer().notNull().default(0),
    read: boolean().notNull().default(false),
    isPrivate: boolean().notNull().default(false),
    isDeleted: boolean().notNull().default(false),
    isEdited: boolean().notNull().default(false),
    isForwarded: boolean().notNull().default(false),
    quotedMsgId: integer(),
    /** The chat's provider address (jid, PSID, IGSID) the message belongs to. */
    remoteJid: text(),
    /** Reactions on this message: `[{ emoji, fromMe, at }]`, one per sender. */
    reactions: jsonb()
      .$type<{ emoji: string; fromMe: boolean; by: string; at: string }[]>()
      .notNull()
      .default([]),
    /** Provider details kept for display: location, contact cards, referral, buttons, mime type. */
    extra: jsonb().$type<Record<string, unknown>>(),
    /** Why an outbound send failed (an error code of the catalogue, e.g. ERR_SENDING_WAPP_MSG). */
    sendError: text(),
    sendErrorMessage: text(),
    /** Set by the sender that claimed this outbound message: two senders can never both call the provider. */
    sendClaimedAt: timestamp({ withTimezone: true, mode: "date" }),
    /** Failed send attempts so far (retryable provider errors); capped, then the failure is final. */
    sendAttempts: integer().notNull().default(0),
    /** Not retried before this time (exponential backoff after a retryable failure); null: due now. */
    sendRetryAt: timestamp({ withTimezone: true, mode: "date" }),
    participant: text(),
    userId: integer(),
    queueId: integer(),
    ...timestamps,
  },
  (t) => [
    sameCompany("messages_ticket_id_fk", t.companyId, t.ticketId, tickets, "cascade"),
    sameCompany("messages_contact_id_fk", t.companyId, t.contactId, contacts, "cascade"),
    sameCompany("messages_whatsapp_id_fk", t.companyId, t.whatsappId, whatsapps, "set null"),
    uniqueIndex("messages_connection_provider_id_key").on(t.whatsappId, t.providerMessageId),
    /** Outbound messages still waiting for the provider: the retry sweeper's scan. */
    index("messages_unsent_idx")
      .on(t.createdAt)
      .where(
        sql`${t.fromMe} AND ${t.providerMessageId} IS NULL AND ${t.sendError} IS NULL AND NOT ${t.isPrivate}`,
      ),
    index("messages_company_ticket_created_idx").on(t.companyId, t.ticketId, t.createdAt.desc(), t.id.desc()),
    /** Search inside message contents (ILIKE '%term%'). */
    index("messages_body_trgm_idx").using("gin", t.body.op("gin_trgm_ops")),
    /** Whether a stored file is still referred to before the files.remove job deletes it (forwards share files). */
    index("messages_media_url_idx").on(t.mediaUrl).where(sql`${t.mediaUrl} IS NOT NULL`),
    /**
     * A contact's messages: deleting the contact (its reference's cascade, which without this walked
     * every message) and Messenger's read watermark (ours to the contact up to a time).
     */
    index("messages_company_contact_created_idx").on(t.companyId, t.contactId, t.createdAt),
  ],
);

export const ticketNotes = pgTable(
  "ticket_notes",
  {
    id: serial().primaryKey(),
    companyId: tenant().references(() => companies.id, { onDelete: "cascade" }),
    note: text().notNull(),
    userId: integer(),
    contactId: integer().notNull(),
    ticketId: integer(),
    ...timestamps,
  },
  (t) => [
    sameCompany("ticket_notes_user_id_fk", t.companyId, t.userId, users, "set null"),
    sameCompany("ticket_notes_contact_id_fk", t.companyId, t.contactId, contacts, "cascade"),
    sameCompany("ticket_notes_ticket_id_fk", t.companyId, t.ticketId, tickets, "cascade"),
    index("ticket_notes_company_contact_idx").on(t.companyId, t.contactId, t.createdAt.desc()),
    /** A deleted ticket's notes (its reference's cascade). */
    index("ticket_notes_company_ticket_idx").on(t.companyId, t.ticketId),
  ],
);

export const ticketLogs = pgTable(
  "ticket_logs",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    /** No reference of its own to companies: the ticket's (company_id, ticket_id) reference holds it. */
    companyId: tenant(),
    ticketId: integer().notNull(),
    userId: integer(),
    queueId: integer(),
    type: text().notNull(),
    /** A "lane" entry (modules/kanban): the kanban lane the ticket left and the one it entered (null: none). */
    fromTagId: integer(),
    toTagId: integer(),
    /** A "flow" entry (automation/flow-machine.ts): the flow, the node gone through and how the walk ended. */
    detail: jsonb().$type<{ flowId: number; nodeId?: string; nodeType?: string; ended?: string }>(),
    createdAt: timestamp({ withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    sameCompany("ticket_logs_ticket_id_fk", t.companyId, t.ticketId, tickets, "cascade"),
    sameCompany("ticket_logs_user_id_fk", t.companyId, t.userId, users, "set null"),
    sameCompany("ticket_logs_queue_id_fk", t.companyId, t.queueId, queues, "set null"),
    index("ticket_logs_company_ticket_idx").on(t.companyId, t.ticketId, t.createdAt),
  ],
);
