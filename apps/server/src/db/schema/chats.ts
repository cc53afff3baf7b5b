import {
  bigserial,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { tenant, timestamps } from "./columns.js";
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
    ownerId: integer().references(() => users.id, { onDelete: "set null" }),
    lastMessage: text().notNull().default(""),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("chats_uuid_key").on(t.uuid),
    index("chats_company_updated_idx").on(t.companyId, t.updatedAt.desc(), t.id.desc()),
  ],
);

/** Who takes part in a chat, and how many of its messages each has not read. */
export const chatUsers = pgTable(
  "chat_users",
  {
    companyId: tenant().references(() => companies.id, { onDelete: "cascade" }),
    chatId: integer()
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    unreads: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.chatId, t.userId] }),
    index("chat_users_company_user_idx").on(t.companyId, t.userId, t.chatId),
  ],
);

export const chatMessages = pgTable(
  "chat_messages",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    companyId: tenant().references(() => companies.id, { onDelete: "cascade" }),
    chatId: integer()
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    senderId: integer().references(() => users.id, { onDelete: "set null" }),
    message: text().notNull().default(""),
    mediaPath: text(),
    mediaName: text(),
    ...timestamps,
  },
  (t) => [
    index("chat_messages_company_chat_created_idx").on(
      t.companyId,
      t.chatId,
      t.createdAt.desc(),
      t.id.desc(),
    ),
  ],
);
