import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
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
import { users } from "./users.js";

export const contacts = pgTable(
  "contacts",
  {
    id: serial().primaryKey(),
    companyId: tenant().references(() => companies.id, { onDelete: "cascade" }),
    name: text().notNull(),
    /** Normalised phone number, or the provider's user id (PSID, IGSID) for Meta channels. */
    number: text().notNull(),
    /** Baileys privacy id (`...@lid`), kept beside the phone jid. */
    lid: text(),
    email: text().notNull().default(""),
    profilePicUrl: text(),
    isGroup: boolean().notNull().default(false),
    disableBot: boolean().notNull().default(false),
    acceptAudioMessage: boolean().notNull().default(true),
    active: boolean().notNull().default(true),
    /** whatsapp (both WhatsApp channels), facebook or instagram. */
    channel: text().notNull().default("whatsapp"),
    lgpdAcceptedAt: timestamp({ withTimezone: true, mode: "date" }),
    /** When the bot last told this contact the company is closed (sent at most once every few hours). */
    outOfHoursSentAt: timestamp({ withTimezone: true, mode: "date" }),
    whatsappId: integer(),
    /**
     * The user who owns the contact (its "wallet"): with the company's DirectTicketsToWallets
     * enabled, the contact's new tickets open directly for that user (ingest/repo.ts openTickets).
     */
    walletUserId: integer(),
    ...timestamps,
  },
  (t) => [
    unique("contacts_company_id_id_key").on(t.companyId, t.id),
    sameCompany("contacts_whatsapp_id_fk", t.companyId, t.whatsappId, whatsapps, "set null"),
    sameCompany("contacts_wallet_user_id_fk", t.companyId, t.walletUserId, users, "set null"),
    /** Deleting a user clears its contacts' wallet through this index, not a scan of every contact. */
    index("contacts_company_wallet_user_idx")
      .on(t.companyId, t.walletUserId)
      .where(sql`${t.walletUserId} IS NOT NULL`),
    uniqueIndex("contacts_company_channel_number_key").on(t.companyId, t.channel, t.number),
    index("contacts_company_name_idx").on(t.companyId, t.name, t.id),
    /**
     * GET /contacts filtered by channel or to groups, in the list's order: through the name index
     * alone, a company's few Instagram contacts or groups were found by walking all its contacts.
     */
    index("contacts_company_channel_name_idx").on(t.companyId, t.channel, t.name, t.id),
    index("contacts_company_group_name_idx").on(t.companyId, t.name, t.id).where(sql`${t.isGroup}`),
    index("contacts_company_lid_idx").on(t.companyId, t.lid),
    /** Whether a stored picture is still referred to before the files.remove job deletes it (jobs/remove-files.ts). */
    index("contacts_company_stored_picture_idx")
      .on(t.companyId, t.profilePicUrl)
      .where(sql`${t.profilePicUrl} LIKE '/public/%'`),
    /** Ticket and contact searches match inside names and numbers (ILIKE '%term%'). */
    index("contacts_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
    index("contacts_number_trgm_idx").using("gin", t.number.op("gin_trgm_ops")),
  ],
);

export const contactCustomFields = pgTable(
  "contact_custom_fields",
  {
    id: serial().primaryKey(),
    companyId: tenant().references(() => companies.id, { onDelete: "cascade" }),
    contactId: integer().notNull(),
    name: text().notNull(),
    value: text().notNull().default(""),
    ...timestamps,
  },
  (t) => [
    sameCompany("contact_custom_fields_contact_id_fk", t.companyId, t.contactId, contacts, "cascade"),
    index("contact_custom_fields_company_contact_idx").on(t.companyId, t.contactId),
  ],
);
