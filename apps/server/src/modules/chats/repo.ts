import { and, asc, count, desc, eq, ilike, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { chats, chatUsers, users } from "../../db/schema/index.js";
import { ofCompany } from "../../db/tenant-scope.js";
import { escapeLike } from "../users/repo.js";

export type ChatRow = typeof chats.$inferSelect;
export type ChatParticipant = { chatId: number; userId: number; unreads: number; name: string };

export class ChatsRepo {
  constructor(private readonly db: Db) {}

  /** The internal chats the user takes part in, most recent first, with every participant's unread count. */
  async listFor(
    companyId: number,
    userId: number,
    search: string,
    page: { number: number; size: number },
  ): Promise<{ rows: (ChatRow & { users: ChatParticipant[] })[]; count: number }> {
    const term = search.trim().toLowerCase();
    const where = ofCompany(
      chats,
      companyId,
      sql`EXISTS (SELECT 1 FROM ${chatUsers} WHERE ${chatUsers.companyId} = ${companyId}
        AND ${chatUsers.chatId} = ${chats.id} AND ${chatUsers.userId} = ${userId})`,
      term ? ilike(chats.title, `%${escapeLike(term)}%`) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(chats)
        .where(where)
        .orderBy(desc(chats.updatedAt), desc(chats.id))
        .limit(page.size)
        .offset((page.number - 1) * page.size),
      this.db.select({ value: count() }).from(chats).where(where),
    ]);
    const ids = rows.map((r) => r.id);
    const participants =
      ids.length === 0
        ? []
        : await this.db
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
    return {
      rows: rows.map((row) => ({ ...row, users: participants.filter((p) => p.chatId === row.id) })),
      count: Number(total?.value ?? 0),
    };
  }
}
