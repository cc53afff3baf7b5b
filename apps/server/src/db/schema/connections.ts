import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { sameCompany, tenant, timestamps } from "./columns.js";
import { companies } from "./companies.js";
import { flows } from "./flows.js";
import { prompts } from "./prompts.js";
import { queueIntegrations } from "./queue-integrations.js";
import { queues } from "./queues.js";

/** A messaging connection ("whatsapp" in the API for compatibility), of any channel. */
export const whatsapps = pgTable(
  "whatsapps",
  {
    id: serial().primaryKey(),
    companyId: tenant().references(() => companies.id, { onDelete: "cascade" }),
    name: text().notNull(),
    channel: text().notNull().default("whatsapp"),
    status: text().notNull().default("DISCONNECTED"),
    qrcode: text(),
    number: text(),
    isDefault: boolean().notNull().default(false),
    /** 30 random alphanumeric characters (spec 2 section 9): the messages-API token. */
    token: text(),
    provider: text().notNull().default("beta"),
    retries: integer().notNull().default(0),
    allowGroup: boolean().notNull().default(false),
    groupAsTicket: text().notNull().default("disabled"),
    greetingMessage: text(),
    complationMessage: text(),
    outOfHoursMessage: text(),
    ratingMessage: text(),
    inactiveMessage: text(),
    maxUseBotQueues: integer().notNull().default(3),
    timeUseBotQueues: integer().notNull().default(0),
    timeSendQueue: integer().notNull().default(0),
    sendIdQueue: integer(),
    expiresTicket: integer().notNull().default(0),
    whenExpiresTicket: text().notNull().default("0"),
    expiresTicketNPS: integer().notNull().default(0),
    maxUseBotQueuesNPS: integer().notNull().default(3),
    expiresInactiveMessage: text(),
    timeInactiveMessage: integer().notNull().default(0),
    timeCreateNewTicket: integer().notNull().default(0),
    /** The greeting's file (`/public/company{id}/greeting/…`), typed from its bytes; sent with the greeting message. */
    greetingMediaAttachment: text(),
    /** The uploader's file name (display, and a document's name when sent). */
    greetingMediaName: text(),
    /** The file's type as detected from its bytes. */
    greetingMediaType: text(),
    integrationId: integer(),
    promptId: integer(),
    flowIdWelcome: integer(),
    flowIdNotPhrase: integer(),
    schedules: jsonb().notNull().default([]),
    /**
     * Message import (spec 2 sections 3, 5; modules/connections/message-import.ts). statusImportMessages
     * is the import's state: the start time in ms while it runs (the web's 35 s 'Preparing'),
     * "renderButtonCloseTickets" when it ended leaving its tickets open, else null.
     */
    importOldMessages: timestamp({ withTimezone: true }),
    importRecentMessages: timestamp({ withTimezone: true }),
    importOldMessagesGroups: boolean().notNull().default(false),
    closedTicketsPostImported: boolean().notNull().default(false),
    queueIdImportMessages: integer(),
    statusImportMessages: text(),
    /** Collective vacation (spec 2 section 3): a period and its message. */
    collectiveVacationStart: timestamp({ withTimezone: true }),
    collectiveVacationEnd: timestamp({ withTimezone: true }),
    collectiveVacationMessage: text(),
    /** Channel credentials (Cloud API, Messenger, Instagram). Never answered in full. */
    phoneNumberId: text(),
    wabaId: text(),
    pageId: text(),
    instagramId: text(),
    accessToken: text(),
    appSecret: text(),
    verifyToken: text(),
    /** Random key in this connection's webhook URL (`/webhooks/meta/{key}`): names the connection for the handshake and the signature check. */
    webhookKey: text(),
    facebookUserId: text(),
    ...timestamps,
  },
  (t) => [
    unique("whatsapps_company_id_id_key").on(t.companyId, t.id),
    // The automation a connection names: deleting the record unlinks it (SET NULL of that column only).
    sameCompany("whatsapps_integration_id_fk", t.companyId, t.integrationId, queueIntegrations, "set null"),
    sameCompany("whatsapps_prompt_id_fk", t.companyId, t.promptId, prompts, "set null"),
    sameCompany("whatsapps_flow_id_welcome_fk", t.companyId, t.flowIdWelcome, flows, "set null"),
    sameCompany("whatsapps_flow_id_not_phrase_fk", t.companyId, t.flowIdNotPhrase, flows, "set null"),
    uniqueIndex("whatsapps_webhook_key_key").on(t.webhookKey),
    /** The Messages API finds the connection of a bearer token (POST /api/messages/send). */
    index("whatsapps_token_idx").on(t.token),
    uniqueIndex("whatsapps_company_name_key").on(t.companyId, t.name),
    index("whatsapps_company_status_idx").on(t.companyId, t.status),
    index("whatsapps_phone_number_id_idx").on(t.phoneNumberId),
    index("whatsapps_page_id_idx").on(t.pageId),
    index("whatsapps_instagram_id_idx").on(t.instagramId),
    // One connection of the whole platform per provider id (modules/connections/provider-ids.ts):
    // Meta delivers an account's webhooks to one place. Empty ids (not entered yet) do not count.
    uniqueIndex("whatsapps_whatsappapi_phone_number_id_key")
      .on(t.phoneNumberId)
      .where(sql`${t.channel} = 'whatsappapi' AND ${t.phoneNumberId} <> ''`),
    uniqueIndex("whatsapps_facebook_page_id_key")
      .on(t.pageId)
      .where(sql`${t.channel} = 'facebook' AND ${t.pageId} <> ''`),
    uniqueIndex("whatsapps_instagram_instagram_id_key")
      .on(t.instagramId)
      .where(sql`${t.channel} = 'instagram' AND ${t.instagramId} <> ''`),
  ],
);

export const whatsappQueues = pgTable(
  "whatsapp_queues",
  {
    companyId: tenant().references(() => companies.id, { onDelete: "cascade" }),
    whatsappId: integer().notNull(),
    queueId: integer().notNull(),
  },
  (t) => [
    sameCompany("whatsapp_queues_whatsapp_id_fk", t.companyId, t.whatsappId, whatsapps, "cascade"),
    sameCompany("whatsapp_queues_queue_id_fk", t.companyId, t.queueId, queues, "cascade"),
    primaryKey({ columns: [t.whatsappId, t.queueId] }),
    index("whatsapp_queues_company_queue_idx").on(t.companyId, t.queueId),
  ],
);

/**
 * Baileys auth state (creds and signal keys) in the database, not in files:
 * one row per key per connection. Values are JSON with Buffers encoded.
 */
export const baileysAuth = pgTable(
  "baileys_auth",
  {
    companyId: tenant().references(() => companies.id, { onDelete: "cascade" }),
    whatsappId: integer().notNull(),
    key: text().notNull(),
    value: text().notNull(),
    ...timestamps,
  },
  (t) => [
    sameCompany("baileys_auth_whatsapp_id_fk", t.companyId, t.whatsappId, whatsapps, "cascade"),
    primaryKey({ columns: [t.whatsappId, t.key] }),
    index("baileys_auth_company_connection_idx").on(t.companyId, t.whatsappId),
  ],
);

/**
 * Which server process runs a QR-code connection's Baileys session. A row is
 * a claim that expires unless its owner renews it: with several processes on
 * one database, each session runs in exactly one, and another takes it over
 * when the owner dies (channels/whatsapp/session-lease.ts).
 */
export const whatsappSessionLeases = pgTable(
  "whatsapp_session_leases",
  {
    whatsappId: integer().primaryKey(),
    companyId: tenant().references(() => companies.id, { onDelete: "cascade" }),
    /** The owning process's instance id (random at each boot). */
    owner: text().notNull(),
    expiresAt: timestamp({ withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [
    sameCompany("whatsapp_session_leases_whatsapp_id_fk", t.companyId, t.whatsappId, whatsapps, "cascade"),
    index("whatsapp_session_leases_owner_idx").on(t.owner),
  ],
);
