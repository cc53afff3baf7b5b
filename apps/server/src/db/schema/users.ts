import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
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
import { queues } from "./queues.js";

export const users = pgTable(
  "users",
  {
    id: serial().primaryKey(),
    companyId: tenant().references(() => companies.id, { onDelete: "cascade" }),
    name: text().notNull(),
    /** Stored lower-cased; unique across the platform because login is by e-mail alone. */
    email: text().notNull(),
    passwordHash: text().notNull(),
    profile: text().notNull().default("user"),
    super: boolean().notNull().default(false),
    /** Bumped by every login, logout and password change: older tokens stop working. */
    tokenVersion: integer().notNull().default(0),
    online: boolean().notNull().default(false),
    lastSeenAt: timestamp({ withTimezone: true, mode: "date" }),
    startWork: text().notNull().default("00:00"),
    endWork: text().notNull().default("23:59"),
    farewellMessage: text(),
    allTicket: text().notNull().default("disable"),
    allowGroup: boolean().notNull().default(false),
    defaultTheme: text().notNull().default("light"),
    defaultMenu: text().notNull().default("open"),
    allHistoric: text().default("disabled"),
    allUserChat: text().notNull().default("disabled"),
    userClosePendingTicket: text().notNull().default("enabled"),
    showDashboard: text().notNull().default("disabled"),
    allowRealTime: text().notNull().default("disabled"),
    allowConnections: text().notNull().default("disabled"),
    whatsappId: integer(),
    profileImage: text(),
    color: text(),
    defaultTicketsManagerWidth: integer().notNull().default(550),
    ...timestamps,
  },
  (t) => [
    unique("users_company_id_id_key").on(t.companyId, t.id),
    uniqueIndex("users_email_key").on(t.email),
    index("users_company_name_idx").on(t.companyId, t.name, t.id),
    index("users_company_online_idx").on(t.companyId, t.online).where(sql`${t.online}`),
  ],
);

export const userQueues = pgTable(
  "user_queues",
  {
    companyId: tenant().references(() => companies.id, { onDelete: "cascade" }),
    userId: integer().notNull(),
    queueId: integer().notNull(),
  },
  (t) => [
    sameCompany("user_queues_user_id_fk", t.companyId, t.userId, users, "cascade"),
    sameCompany("user_queues_queue_id_fk", t.companyId, t.queueId, queues, "cascade"),
    primaryKey({ columns: [t.userId, t.queueId] }),
    index("user_queues_company_queue_idx").on(t.companyId, t.queueId),
  ],
);

/** One row per issued refresh token; only the hash is kept. */
export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: serial().primaryKey(),
    companyId: tenant().references(() => companies.id, { onDelete: "cascade" }),
    userId: integer().notNull(),
    tokenHash: text().notNull(),
    tokenVersion: integer().notNull(),
    expiresAt: timestamp({ withTimezone: true, mode: "date" }).notNull(),
    revokedAt: timestamp({ withTimezone: true, mode: "date" }),
    createdAt: timestamp({ withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    sameCompany("refresh_tokens_user_id_fk", t.companyId, t.userId, users, "cascade"),
    uniqueIndex("refresh_tokens_hash_key").on(t.tokenHash),
    index("refresh_tokens_company_user_idx").on(t.companyId, t.userId),
  ],
);

export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: serial().primaryKey(),
    companyId: tenant().references(() => companies.id, { onDelete: "cascade" }),
    userId: integer().notNull(),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true, mode: "date" }).notNull(),
    usedAt: timestamp({ withTimezone: true, mode: "date" }),
    createdAt: timestamp({ withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    sameCompany("password_reset_tokens_user_id_fk", t.companyId, t.userId, users, "cascade"),
    uniqueIndex("password_reset_tokens_hash_key").on(t.tokenHash),
    index("password_reset_tokens_company_user_idx").on(t.companyId, t.userId),
  ],
);

/** Fixed-window counters for the auth rate limits; shared by every server process. */
export const rateLimitBuckets = pgTable("rate_limit_buckets", {
  key: text().primaryKey(),
  windowStart: timestamp({ withTimezone: true, mode: "date" }).notNull(),
  hits: integer().notNull(),
});
