import { sql } from "drizzle-orm";
import {
  bigserial,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { sameCompany, tenant, timestamps } from "./columns.js";
import { companies } from "./companies.js";
import { users } from "./users.js";

/** Internal chat between users of one company (spec 1 section 3, top bar and /chats). */
export const chats = pgTable(
  "chats",
  {
    id: serial().primaryKey(),
    uuid: uuid().notNull().defaultRandom(),
    companyId: tenant().references(() => companies.id, { onDelete: "cascade" }),
    title: text().notNull().default(""),
    ownerId: integer(),
    lastMessage: text().notNull().default(""),
    ...timestamps,
  },
  (t) => [
    unique("chats_company_id_id_key").on(t.companyId, t.id),
    sameCompany("chats_owner_id_fk", t.companyId, t.ownerId, users, "set null"),
    uniqueIndex("chats_uuid_key").on(t.uuid),
    index("chats_company_updated_idx").on(t.companyId, t.updatedAt.desc(), t.id.desc()),
  ],
);

/** Who takes part in a chat, and how many of its messages each has not read. */
export const chatUsers = pgTable(
  "chat_users",
  {
    companyId: tenant().references(() => companies.id, { onDelete: "cascade" }),
    chatId: integer().notNull(),
    userId: integer().notNull(),
    unreads: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [
    sameCompany("chat_users_chat_id_fk", t.companyId, t.chatId, chats, "cascade"),
    sameCompany("chat_users_user_id_fk", t.companyId, t.userId, users, "cascade"),
    primaryKey({ columns: [t.chatId, t.userId] }),
    index("chat_users_company_user_idx").on(t.companyId, t.userId, t.chatId),
  ],
);

export const chatMessages = pgTable(
  "chat_messages",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    companyId: tenant().references(() => companies.id, { onDelete: "cascade" }),
    chatId: integer().notNull(),
    senderId: integer(),
    message: text().notNull().default(""),
    mediaPath: text(),
    mediaName: text(),
    ...timestamps,
  },
  (t) => [
    sameCompany("chat_messages_chat_id_fk", t.companyId, t.chatId, chats, "cascade"),
    sameCompany("chat_messages_sender_id_fk", t.companyId, t.senderId, users, "set null"),
    index("chat_messages_company_chat_created_idx").on(
      t.companyId,
      t.chatId,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    /** Whether a file is still referred to before the files.remove job deletes it (jobs/remove-files.ts). */
    index("chat_messages_media_path_idx").on(t.mediaPath).where(sql`${t.mediaPath} IS NOT NULL`),
  ],
);
