import { and, asc, count, eq, ilike, isNull, lt, ne, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { preparedPer } from "../../db/prepared.js";
import { companies, refreshTokens, userQueues, users } from "../../db/schema/index.js";
import { ofCompany, rowOf } from "../../db/tenant-scope.js";
import type { UserRow } from "../../http/context.js";
import { attachQueues, type QueueRef, replaceQueueLinks, userQueueLinks } from "../queues/links.js";

export type { QueueRef };
export type UserWithQueues = UserRow & { queues: QueueRef[] };
export type NewUser = Omit<typeof users.$inferInsert, "id" | "companyId" | "createdAt" | "updatedAt">;

type Runner = Db | Tx;

/** Every query of the users room; each takes the company it works in. */
export class UsersRepo {
  constructor(private readonly db: Db) {}

  /**
   * Auth only: the user a verified token names, whatever its company (the
   * caller compares), and only while that company is active: a deactivated
   * company's tokens, refreshes and sockets are all refused.
   */
  async findForAuth(userId: number): Promise<UserRow | undefined> {
    return (await this.findForAuthWithDueDate(userId))?.user;
  }

  /**
   * findForAuth with the company's due date and the user's queues, read in
   * one prepared statement on every request and handshake: the expiry rule
   * (http/subscription-gate.ts) needs no cache, so a payment lets the company
   * in at its next request; the queues spare the ticket reads a statement.
   */
  async findForAuthWithDueDate(
    userId: number,
  ): Promise<{ user: UserRow; companyDueDate: string | null; queueIds: number[] } | undefined> {
    const [row] = await authStatementOf(this.db).execute({ userId });
    return row;
  }

  /** Login and recovery: e-mails are unique across the platform. */
  async findByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
    return row;
  }

  async findById(
    companyId: number,
    id: number,
    runner: Runner = this.db,
  ): Promise<UserWithQueues | undefined> {
    const [row] = await runner
      .select()
      .from(users)
      .where(rowOf(users, companyId, id))
      .limit(1);
    if (!row) return undefined;
    const [withQueues] = await attachQueues(runner, userQueueLinks, companyId, [row]);
    return withQueues;
  }

  async list(
    companyId: number,
    options: { search: string; page: number; pageSize: number },
  ): Promise<{ rows: UserWithQueues[]; count: number }> {
    const term = options.search.trim().toLowerCase();
    const filter = ofCompany(
      users,
      companyId,
      term
        ? or(ilike(users.name, `%${escapeLike(term)}%`), ilike(users.email, `%${escapeLike(term)}%`))
        : undefined,
    );
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(users)
        .where(filter)
        .orderBy(asc(users.name), asc(users.id))
        .limit(options.pageSize)
        .offset((options.page - 1) * options.pageSize),
      this.db.select({ value: count() }).from(users).where(filter),
    ]);
    return {
      rows: await attachQueues(this.db, userQueueLinks, companyId, rows),
      count: Number(total?.value ?? 0),
    };
  }

  async listAll(companyId: number): Promise<UserWithQueues[]> {
    const rows = await this.db
      .select()
      .from(users)
      .where(eq(users.companyId, companyId))
      .orderBy(asc(users.name), asc(users.id));
    return attachQueues(this.db, userQueueLinks, companyId, rows);
  }

  async countInCompany(companyId: number, runner: Runner = this.db): Promise<number> {
    const [row] = await runner.select({ value: count() }).from(users).where(eq(users.companyId, companyId));
    return Number(row?.value ?? 0);
  }

  async emailTaken(email: string, exceptUserId?: number, runner: Runner = this.db): Promise<boolean> {
    const [row] = await runner.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    return row !== undefined && row.id !== exceptUserId;
  }

  async insert(tx: Tx, companyId: number, values: NewUser, queueIds: number[]): Promise<number> {
    const [row] = await tx
      .insert(users)
      .values({ ...values, companyId })
      .returning({ id: users.id });
    if (!row) throw new Error("insert returned no row");
    await replaceQueueLinks(tx, userQueueLinks, companyId, row.id, queueIds);
    return row.id;
  }

  async update(
    tx: Tx,
    companyId: number,
    id: number,
    values: Partial<NewUser>,
    queueIds?: number[],
  ): Promise<void> {
    if (Object.keys(values).length > 0) {
      await tx
        .update(users)
        .set({ ...values, updatedAt: new Date() })
        .where(rowOf(users, companyId, id));
    }
    if (queueIds) await replaceQueueLinks(tx, userQueueLinks, companyId, id, queueIds);
  }

  /**
   * The company's super users other than `exceptId`, their rows locked until
   * the transaction ends: two super users removing each other at once cannot
   * both succeed.
   */
  async otherSupers(tx: Tx, companyId: number, exceptId: number): Promise<number> {
    const rows = await tx
      .select({ id: users.id })
      .from(users)
      .where(ofCompany(users, companyId, eq(users.super, true), ne(users.id, exceptId)))
      .for("update");
    return rows.length;
  }

  /**
   * Ends every session of the users (all of the company's when `userId` is
   * absent): older access tokens fail their version check, refresh tokens
   * are revoked. Their sockets are closed by the caller (Realtime.endSessions).
   */
  async endSessions(tx: Tx, companyId: number, userId?: number): Promise<void> {
    const ofUser = userId === undefined ? undefined : eq(users.id, userId);
    await tx
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1`, online: false })
      .where(ofCompany(users, companyId, ofUser));
    await tx
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(
        ofCompany(
          refreshTokens,
          companyId,
          userId === undefined ? undefined : eq(refreshTokens.userId, userId),
          isNull(refreshTokens.revokedAt),
        ),
      );
  }

  async delete(companyId: number, id: number, runner: Runner = this.db): Promise<boolean> {
    const rows = await runner
      .delete(users)
      .where(rowOf(users, companyId, id))
      .returning({ id: users.id });
    return rows.length > 0;
  }

  /** Records a `userStatus` ping; tells whether the user was offline before it. */
  async markSeen(companyId: number, userId: number): Promise<{ user?: UserWithQueues; cameOnline: boolean }> {
    const [before] = await this.db
      .select({ online: users.online })
      .from(users)
      .where(rowOf(users, companyId, userId));
    if (!before) return { cameOnline: false };
    await this.db
      .update(users)
      .set({ online: true, lastSeenAt: new Date() })
      .where(rowOf(users, companyId, userId));
    if (before.online) return { cameOnline: false };
    return { user: await this.findById(companyId, userId), cameOnline: true };
  }

  /** System job: every user whose last ping is older than `before` goes offline. */
  async markStaleOffline(before: Date): Promise<{ id: number; companyId: number }[]> {
    return this.db
      .update(users)
      .set({ online: false })
      .where(and(eq(users.online, true), or(sql`${users.lastSeenAt} IS NULL`, lt(users.lastSeenAt, before))))
      .returning({ id: users.id, companyId: users.companyId });
  }
}

export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Prepared once per database handle (db/prepared.ts): it runs on every request. */
const authStatementOf = preparedPer((db) =>
  db
    .select({
      user: users,
      companyDueDate: companies.dueDate,
      queueIds: sql<number[]>`ARRAY(SELECT ${userQueues.queueId} FROM ${userQueues}
        WHERE ${userQueues.companyId} = ${users.companyId} AND ${userQueues.userId} = ${users.id}
        ORDER BY ${userQueues.queueId})`,
    })
    .from(users)
    .innerJoin(companies, and(eq(companies.id, users.companyId), eq(companies.status, true)))
    .where(eq(users.id, sql.placeholder("userId")))
    .limit(1)
    .prepare("users_find_for_auth"),
);
