import { sql } from "drizzle-orm";
import {
  bigint,
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
} from "drizzle-orm/pg-core";
import { sameCompany, tenant, timestamps } from "./columns.js";
import { companies } from "./companies.js";
import { whatsapps } from "./connections.js";
import { contactLists } from "./contact-lists.js";
import { contacts } from "./contacts.js";
import { queues } from "./queues.js";
import { tags } from "./tags.js";
import { tickets } from "./tickets.js";
import { users } from "./users.js";

/** A Cloud API template as a campaign stores it (packages/shared campaignTemplateSchema). */
export interface CampaignTemplateRow {
  name: string;
  language: string;
  variables: string[];
  body?: string;
}

/**
 * Campaigns (spec 3 sections 2 to 9; docs/CAMPAIGNS.md): five message variants sent to a contact
 * list or to the contacts of a tag through one connection, at the pace of the campaign settings.
 * The sender (modules/campaigns/sender.ts) holds this row's lock while it stores each message, so
 * the pacing state (lastSentAt, sentCount) and the status are read and written in one place.
 */
export const campaigns = pgTable(
  "campaigns",
  {
    id: serial().primaryKey(),
    companyId: tenant().references(() => companies.id, { onDelete: "cascade" }),
    name: text().notNull(),
    /** INATIVA, PROGRAMADA, EM_ANDAMENTO, CANCELADA, FINALIZADA. */
    status: text().notNull().default("INATIVA"),
    confirmation: boolean().notNull().default(false),
    scheduledAt: timestamp({ withTimezone: true, mode: "date" }),
    completedAt: timestamp({ withTimezone: true, mode: "date" }),
    message1: text().notNull().default(""),
    message2: text().notNull().default(""),
    message3: text().notNull().default(""),
    message4: text().notNull().default(""),
    message5: text().notNull().default(""),
    confirmationMessage1: text().notNull().default(""),
    confirmationMessage2: text().notNull().default(""),
    confirmationMessage3: text().notNull().default(""),
    confirmationMessage4: text().notNull().default(""),
    confirmationMessage5: text().notNull().default(""),
    contactListId: integer(),
    tagListId: integer(),
    whatsappId: integer(),
    userId: integer(),
    queueId: integer(),
    /** closed, pending, open: the status of the ticket a message opens when openTicket is enabled. */
    statusTicket: text().notNull().default("closed"),
    /** enabled, disabled. */
    openTicket: text().notNull().default("disabled"),
    /**
     * Cloud API: the approved template of each message slot, sent instead of free text (index i =
     * slot i+1, null: an empty slot) `[{ name, language, variables, body } | null]`.
     */
    templates: jsonb().$type<(CampaignTemplateRow | null)[]>().notNull().default([]),
    mediaPath: text(),
    mediaName: text(),
    /** When the sender expanded the audience (EM_ANDAMENTO the first time); null before. */
    startedAt: timestamp({ withTimezone: true, mode: "date" }),
    /** The audience's size at the start (a list's items or a tag's contacts, valid or not). */
    audienceTotal: integer(),
    /** Pacing: when the last message was stored, and how many since the start (greaterInterval). */
    lastSentAt: timestamp({ withTimezone: true, mode: "date" }),
    sentCount: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [
    unique("campaigns_company_id_id_key").on(t.companyId, t.id),
    sameCompany("campaigns_contact_list_id_fk", t.companyId, t.contactListId, contactLists, "set null"),
    sameCompany("campaigns_tag_list_id_fk", t.companyId, t.tagListId, tags, "set null"),
    sameCompany("campaigns_whatsapp_id_fk", t.companyId, t.whatsappId, whatsapps, "set null"),
    sameCompany("campaigns_user_id_fk", t.companyId, t.userId, users, "set null"),
    sameCompany("campaigns_queue_id_fk", t.companyId, t.queueId, queues, "set null"),
    /** The list page: newest first (ties by id). */
    index("campaigns_company_id_desc_idx").on(t.companyId, t.id.desc()),
    /** The list page's name search (ILIKE '%term%'). */
    index("campaigns_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
    /** The minute sweep: campaigns due to start or still sending, across companies. */
    index("campaigns_active_idx")
      .on(t.status, t.scheduledAt)
      .where(sql`${t.status} IN ('PROGRAMADA', 'EM_ANDAMENTO')`),
  ],
);

/** Campaign settings (spec 3 section 3): key/value pairs per company, each value JSON text. */
export const campaignSettings = pgTable(
  "campaign_settings",
  {
    id: serial().primaryKey(),
    companyId: tenant().references(() => companies.id, { onDelete: "cascade" }),
    key: text().notNull(),
    value: text().notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("campaign_settings_company_key_key").on(t.companyId, t.key)],
);

/**
 * One recipient of a campaign (the spec's shipping list). The audience is expanded into these rows
 * once, at the start; (campaign, number) is unique, so each contact has one row and one message.
 * A row is claimed by storing its outbound message (messageId) in the transaction that holds the
 * campaign's row lock: a second process, or a retry after a crash, finds messageId set and stores
 * nothing more. deliveredAt: the channel accepted the message.
 */
export const campaignShippings = pgTable(
  "campaign_shippings",
  {
    id: serial().primaryKey(),
    companyId: tenant().references(() => companies.id, { onDelete: "cascade" }),
    campaignId: integer().notNull(),
    /** The contact key: the number, normalised as ingest stores contacts' numbers. */
    number: text().notNull(),
    name: text().notNull().default(""),
    email: text().notNull().default(""),
    /** The contact the message went to (made from a list item when needed). */
    contactId: integer(),
    ticketId: integer(),
    /** The variant sent (1 to 5). */
    variant: integer(),
    /** The outbound message stored for this row: set once, the claim. */
    messageId: bigint({ mode: "number" }),
    deliveredAt: timestamp({ withTimezone: true, mode: "date" }),
    /** Why the send failed for good: an error code of the catalogue. */
    error: text(),
    /** Confirmation: when the contact answered and got the confirmation message; confirmed then. */
    confirmationRequestedAt: timestamp({ withTimezone: true, mode: "date" }),
    confirmed: boolean().notNull().default(false),
    confirmationMessageId: bigint({ mode: "number" }),
    ...timestamps,
  },
  (t) => [
    sameCompany("campaign_shippings_campaign_id_fk", t.companyId, t.campaignId, campaigns, "cascade"),
    sameCompany("campaign_shippings_contact_id_fk", t.companyId, t.contactId, contacts, "set null"),
    sameCompany("campaign_shippings_ticket_id_fk", t.companyId, t.ticketId, tickets, "set null"),
    uniqueIndex("campaign_shippings_campaign_number_key").on(t.campaignId, t.number),
    /** The sender's next row: the campaign's unclaimed rows in id order. */
    index("campaign_shippings_unclaimed_idx").on(t.campaignId, t.id).where(sql`${t.messageId} IS NULL`),
    /** Confirmation: a contact's answer finds the campaign rows that await it. */
    index("campaign_shippings_company_contact_idx").on(t.companyId, t.contactId),
    /** A deleted ticket's campaign rows lose it (its reference's SET NULL). */
    index("campaign_shippings_company_ticket_idx").on(t.companyId, t.ticketId),
  ],
);
