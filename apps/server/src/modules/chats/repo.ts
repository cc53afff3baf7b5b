import { and, asc, count, eq, ilike, inArray, ne, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { descNullsLast } from "../../db/order.js";
import { chatMessages, chats, chatUsers, users } from "../../db/schema/index.js";
import { ofCompany, rowOf } from "../../db/tenant-scope.js";
import { AppError } from "../../http/app-error.js";
import { escapeLike } from "../users/repo.js";

export type ChatRow = typeof chats.$inferSelect;
export type ChatParticipant = { chatId: number; userId: number; unreads: number; name: string };
export type ChatWithUsers = ChatRow & { users: ChatParticipant[] };
export type ChatMessageRow = typeof chatMessages.$inferSelect & { senderName: string | null };

type Runner = Db | Tx;

/** A chat's lastMessage is a preview, like a ticket's. */
const PREVIEW_LENGTH = 255;

/** Whether `userId` takes part in the chat named by the outer query's `chats.id`. */
const takesPart = (companyId: number, userId: number) =>
  sql`EXISTS (SELECT 1 FROM ${chatUsers} WHERE ${chatUsers.companyId} = ${companyId}
    AND ${chatUsers.chatId} = ${chats.id} AND ${chatUsers.userId} = ${userId})`;

/** Queries of the internal chat (spec 3); every one filters by the company. */
export class ChatsRepo {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** The internal chats the user takes part in, most recent first, with every participant's unread count. */
  async listFor(
    companyId: number,
    userId: number,
    search: string,
    page: { number: number; size: number },
  ): Promise<{ rows: ChatWithUsers[]; count: number }> {
    const term = search.trim().toLowerCase();
    const where = ofCompany(
      chats,
      companyId,
      takesPart(companyId, userId),
      term ? ilike(chats.title, `%${escapeLike(term)}%`) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(chats)
        .where(where)
        .orderBy(descNullsLast(chats.updatedAt), descNullsLast(chats.id))
        .limit(page.size)
        .offset((page.number - 1) * page.size),
      this.db.select({ value: count() }).from(chats).where(where),
    ]);
    return { rows: await this.withUsers(this.db, companyId, rows), count: Number(total?.value ?? 0) };
  }

  /** The chat (by id or uuid) with its participants, when `userId` takes part in it. */
  async findFor(
    runner: Runner,
    companyId: number,
    userId: number,
    ref: number | string,
  ): Promise<ChatWithUsers | undefined> {
    const [row] = await runner
      .select()
      .from(chats)
      .where(
        ofCompany(
          chats,
          companyId,
          typeof ref === "number" ? eq(chats.id, ref) : eq(chats.uuid, ref),
          takesPart(companyId, userId),
        ),
      );
    if (!row) return undefined;
    return (await this.withUsers(runner, companyId, [row]))[0];
  }

  /** The chat with its participants, whoever asks (after a change the service made itself). */
  async load(runner: Runner, companyId: number, id: number): Promise<ChatWithUsers | undefined> {
    const [row] = await runner
      .select()
      .from(chats)
      .where(rowOf(chats, companyId, id));
    if (!row) return undefined;
    return (await this.withUsers(runner, companyId, [row]))[0];
  }

  /** The chat's row, locked until the transaction ends: participant changes and sends take turns. */
  async lock(tx: Tx, companyId: number, id: number): Promise<ChatRow | undefined> {
    const [row] = await tx
      .select()
      .from(chats)
      .where(rowOf(chats, companyId, id))
      .for("update");
    return row;
  }

  /** The ids, without repeats, once every one is a user of the company; otherwise 400 on `users`. */
  async checkedUserIds(runner: Runner, companyId: number, userIds: number[]): Promise<number[]> {
    const unique = [...new Set(userIds)];
    const found = await runner
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, companyId), inArray(users.id, unique)));
    if (found.length !== unique.length)
      throw new AppError("ERR_VALIDATION", { field: "users", message: "Unknown user" });
    return unique;
  }

  async insert(
    tx: Tx,
    companyId: number,
    values: { title: string; ownerId: number },
    userIds: number[],
  ): Promise<number> {
    const [row] = await tx
      .insert(chats)
      .values({ companyId, ...values })
      .returning({ id: chats.id });
    const chatId = row!.id;
    await tx.insert(chatUsers).values(userIds.map((userId) => ({ companyId, chatId, userId })));
    return chatId;
  }

  /**
   * New title and participants. Users who stay keep their unread counts; the
   * ones taken out are answered so their screens can drop the chat.
   */
  async update(
    tx: Tx,
    companyId: number,
    chatId: number,
    title: string,
    userIds: number[],
  ): Promise<{ removed: number[] }> {
    await tx
      .update(chats)
      .set({ title, updatedAt: sql`now()` })
      .where(rowOf(chats, companyId, chatId));
    const current = await tx
      .select({ userId: chatUsers.userId })
      .from(chatUsers)
      .where(ofCompany(chatUsers, companyId, eq(chatUsers.chatId, chatId)));
    const removed = current.map((p) => p.userId).filter((id) => !userIds.includes(id));
    if (removed.length > 0)
      await tx
        .delete(chatUsers)
        .where(
          ofCompany(chatUsers, companyId, eq(chatUsers.chatId, chatId), inArray(chatUsers.userId, removed)),
        );
    await tx
      .insert(chatUsers)
      .values(userIds.map((userId) => ({ companyId, chatId, userId })))
      .onConflictDoNothing();
    return { removed };
  }

  /** Deletes the chat; its participants and messages go with it (foreign keys cascade). */
  async delete(tx: Tx, companyId: number, chatId: number): Promise<void> {
    await tx.delete(chats).where(rowOf(chats, companyId, chatId));
  }

  /**
   * Stores a message, makes it the chat's last one and counts it unread for
   * every participant but its sender, in the caller's transaction.
   */
  async addMessage(tx: Tx, companyId: number, chatId: number, senderId: number, message: string) {
    const [row] = await tx.insert(chatMessages).values({ companyId, chatId, senderId, message }).returning();
    await tx
      .update(chats)
      .set({ lastMessage: message.slice(0, PREVIEW_LENGTH), updatedAt: sql`now()` })
      .where(rowOf(chats, companyId, chatId));
    await tx
      .update(chatUsers)
      .set({ unreads: sql`${chatUsers.unreads} + 1`, updatedAt: sql`now()` })
      .where(ofCompany(chatUsers, companyId, eq(chatUsers.chatId, chatId), ne(chatUsers.userId, senderId)));
    return row!;
  }

  /** The user has read every message of the chat; false when nothing was unread. */
  async markRead(runner: Runner, companyId: number, chatId: number, userId: number): Promise<boolean> {
    const changed = await runner
      .update(chatUsers)
      .set({ unreads: 0, updatedAt: sql`now()` })
      .where(
        ofCompany(
          chatUsers,
          companyId,
          eq(chatUsers.chatId, chatId),
          eq(chatUsers.userId, userId),
          ne(chatUsers.unreads, 0),
        ),
      )
      .returning({ userId: chatUsers.userId });
    return changed.length > 0;
  }

  /**
   * One page of the chat's messages, newest first, walking the index
   * (company, chat, createdAt desc, id desc). With `before`, the messages
   * older than that message of the chat (keyset: each message appears once
   * however many arrive meanwhile); otherwise by offset.
   */
  async messagesPage(
    companyId: number,
    chatId: number,
    page: { before?: number; offset: number; size: number },
  ): Promise<{ rows: ChatMessageRow[]; count: number }> {
    const inChat = ofCompany(chatMessages, companyId, eq(chatMessages.chatId, chatId));
    const [rows, [total]] = await Promise.all([
      this.messagesPageQuery(companyId, chatId, page),
      this.db.select({ value: count() }).from(chatMessages).where(inChat),
    ]);
    return {
      rows: rows.map((r) => ({ ...r.message, senderName: r.senderName })),
      count: Number(total?.value ?? 0),
    };
  }

  /** The page's statement (one more row than the page, to tell whether more follow); tests read its plan. */
  messagesPageQuery(
    companyId: number,
    chatId: number,
    page: { before?: number; offset: number; size: number },
  ) {
    const olderThan =
      page.before === undefined
        ? undefined
        : sql`(${chatMessages.createdAt}, ${chatMessages.id}) < (SELECT m.created_at, m.id FROM ${chatMessages} m
            WHERE m.company_id = ${companyId} AND m.chat_id = ${chatId} AND m.id = ${page.before})`;
    return this.db
      .select({ message: chatMessages, senderName: users.name })
      .from(chatMessages)
      .leftJoin(users, and(eq(users.id, chatMessages.senderId), eq(users.companyId, companyId)))
      .where(and(ofCompany(chatMessages, companyId, eq(chatMessages.chatId, chatId)), olderThan))
      .orderBy(descNullsLast(chatMessages.createdAt), descNullsLast(chatMessages.id))
      .limit(page.size + 1)
      .offset(page.before === undefined ? page.offset : 0);
  }

  /** The sender's name of a message just stored. */
  async userName(runner: Runner, companyId: number, userId: number): Promise<string> {
    const [row] = await runner
      .select({ name: users.name })
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
    return row?.name ?? "";
  }

  private async withUsers(runner: Runner, companyId: number, rows: ChatRow[]): Promise<ChatWithUsers[]> {
    const ids = rows.map((r) => r.id);
    const participants =
      ids.length === 0
        ? []
        : await runner
            .select({
              chatId: chatUsers.chatId,
              userId: chatUsers.userId,
              unreads: chatUsers.unreads,
              name: users.name,
            })
            .from(chatUsers)
            .innerJoin(users, and(eq(users.id, chatUsers.userId), eq(users.companyId, companyId)))
            .where(ofCompany(chatUsers, companyId, inArray(chatUsers.chatId, ids)))
            .orderBy(asc(users.name), asc(users.id));
    return rows.map((row) => ({ ...row, users: participants.filter((p) => p.chatId === row.id) }));
  }
}
