import { asc, eq, inArray, sql } from "drizzle-orm";
import { type Db, rowsOf, type Tx } from "../../db/client.js";
import { chatbots, queues, tickets, userQueues, users, whatsapps } from "../../db/schema/index.js";
import { ofCompany, rowOf } from "../../db/tenant-scope.js";

type Runner = Db | Tx;
export type QueueRow = typeof queues.$inferSelect;
export type NewQueue = Omit<typeof queues.$inferInsert, "companyId" | "id">;
export type ChatbotRow = typeof chatbots.$inferSelect;
export type NewChatbot = Omit<typeof chatbots.$inferInsert, "companyId" | "id">;

/** Guards the recursive walks against a cycle no write can make, should one ever appear. */
const WALK_LIMIT = 100;

export class QueuesRepo {
  constructor(private readonly db: Db) {}

  /** A company has tens of queues, not thousands: the whole list, in the menu's order (orderQueue, then id). */
  async list(companyId: number): Promise<QueueRow[]> {
    return this.db
      .select()
      .from(queues)
      .where(ofCompany(queues, companyId))
      .orderBy(sql`${queues.orderQueue} ASC NULLS LAST`, asc(queues.id));
  }

  async find(companyId: number, id: number, runner: Runner = this.db): Promise<QueueRow | undefined> {
    const [row] = await runner
      .select()
      .from(queues)
      .where(rowOf(queues, companyId, id))
      .limit(1);
    return row;
  }

  async count(companyId: number, runner: Runner = this.db): Promise<number> {
    const [row] = await runner
      .select({ n: sql<number>`count(*)::int` })
      .from(queues)
      .where(ofCompany(queues, companyId));
    return row?.n ?? 0;
  }

  /** Another queue of the company with this value in `column`, compared without case. */
  async taken(
    runner: Runner,
    companyId: number,
    column: "name" | "color",
    value: string,
    exceptId?: number,
  ): Promise<boolean> {
    const [row] = await runner
      .select({ id: queues.id })
      .from(queues)
      .where(
        ofCompany(
          queues,
          companyId,
          sql`lower(${queues[column]}) = lower(${value})`,
          exceptId === undefined ? undefined : sql`${queues.id} <> ${exceptId}`,
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  async insert(tx: Tx, companyId: number, values: NewQueue): Promise<QueueRow> {
    const [row] = await tx
      .insert(queues)
      .values({ ...values, companyId })
      .returning();
    return row!;
  }

  async update(tx: Tx, companyId: number, id: number, values: Partial<NewQueue>): Promise<void> {
    await tx
      .update(queues)
      .set({ ...values, updatedAt: new Date() })
      .where(rowOf(queues, companyId, id));
  }

  /** Tickets still in the queue and not closed: their lists hear that they left it. */
  async liveTicketIds(tx: Tx, companyId: number, queueId: number): Promise<number[]> {
    const rows = await tx
      .select({ id: tickets.id })
      .from(tickets)
      .where(ofCompany(tickets, companyId, eq(tickets.queueId, queueId), sql`${tickets.status} <> 'closed'`));
    return rows.map((r) => r.id);
  }

  async linkedUserIds(tx: Tx, companyId: number, queueId: number): Promise<number[]> {
    const rows = await tx
      .select({ id: userQueues.userId })
      .from(userQueues)
      .where(ofCompany(userQueues, companyId, eq(userQueues.queueId, queueId)));
    return rows.map((r) => r.id);
  }

  /**
   * Deletes the queue. The database takes its links (users, connections)
   * and its chatbot options with it, and leaves its tickets without a queue;
   * the connection fields that name a queue without a foreign key are cleared here.
   */
  async delete(tx: Tx, companyId: number, id: number): Promise<boolean> {
    await tx
      .update(whatsapps)
      .set({ sendIdQueue: null })
      .where(ofCompany(whatsapps, companyId, eq(whatsapps.sendIdQueue, id)));
    await tx
      .update(whatsapps)
      .set({ queueIdImportMessages: null })
      .where(ofCompany(whatsapps, companyId, eq(whatsapps.queueIdImportMessages, id)));
    const deleted = await tx
      .delete(queues)
      .where(rowOf(queues, companyId, id))
      .returning({ id: queues.id });
    return deleted.length > 0;
  }

  /** The ids among `ids` that are queues (or users) of the company. */
  async existingQueueIds(runner: Runner, companyId: number, ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await runner
      .select({ id: queues.id })
      .from(queues)
      .where(ofCompany(queues, companyId, inArray(queues.id, ids)));
    return rows.map((r) => r.id);
  }

  async existingUserIds(runner: Runner, companyId: number, ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await runner
      .select({ id: users.id })
      .from(users)
      .where(ofCompany(users, companyId, inArray(users.id, ids)));
    return rows.map((r) => r.id);
  }

  /* Chatbot options */

  async findOption(companyId: number, id: number, runner: Runner = this.db): Promise<ChatbotRow | undefined> {
    const [row] = await runner
      .select()
      .from(chatbots)
      .where(rowOf(chatbots, companyId, id))
      .limit(1);
    return row;
  }

  /**
   * Every option under an owner, at any depth, ordered by id: a queue's whole
   * tree (`{ queueId }`) or the options below an option (`{ chatbotId }`).
   */
  async optionsUnder(
    companyId: number,
    owner: { queueId: number } | { chatbotId: number },
    runner: Runner = this.db,
  ): Promise<ChatbotRow[]> {
    const roots =
      "queueId" in owner
        ? sql`queue_id = ${owner.queueId} AND chatbot_id IS NULL`
        : sql`chatbot_id = ${owner.chatbotId}`;
    return runner
      .select()
      .from(chatbots)
      .where(
        ofCompany(
          chatbots,
          companyId,
          inArray(
            chatbots.id,
            sql`(WITH RECURSIVE tree(id, level) AS (
              SELECT id, 1 FROM chatbots WHERE company_id = ${companyId} AND ${roots}
              UNION ALL
              SELECT c.id, tree.level + 1 FROM chatbots c JOIN tree ON c.chatbot_id = tree.id
              WHERE c.company_id = ${companyId} AND tree.level < ${WALK_LIMIT}
            ) SELECT id FROM tree)`,
          ),
        ),
      )
      .orderBy(asc(chatbots.id));
  }

  /** Where an option sits: its level (1 for a queue's first level) and the queue of its tree. */
  async placeOf(
    companyId: number,
    id: number,
    runner: Runner = this.db,
  ): Promise<{ level: number; queueId: number } | undefined> {
    const result = await runner.execute(sql`
      WITH RECURSIVE up(id, chatbot_id, queue_id, level) AS (
        SELECT id, chatbot_id, queue_id, 1 FROM chatbots WHERE company_id = ${companyId} AND id = ${id}
        UNION ALL
        SELECT p.id, p.chatbot_id, p.queue_id, up.level + 1 FROM chatbots p JOIN up ON p.id = up.chatbot_id
        WHERE p.company_id = ${companyId} AND up.level < ${WALK_LIMIT}
      )
      SELECT max(level)::int AS level, max(queue_id)::int AS queue_id FROM up`);
    const [row] = rowsOf<{ level: number | null; queue_id: number | null }>(result);
    if (!row || row.level === null || row.queue_id === null) return undefined;
    return { level: row.level, queueId: row.queue_id };
  }

  async insertOption(tx: Tx, companyId: number, values: NewChatbot): Promise<number> {
    const [row] = await tx
      .insert(chatbots)
      .values({ ...values, companyId })
      .returning({ id: chatbots.id });
    return row!.id;
  }

  async updateOption(tx: Tx, companyId: number, id: number, values: Partial<NewChatbot>): Promise<void> {
    await tx
      .update(chatbots)
      .set({ ...values, updatedAt: new Date() })
      .where(rowOf(chatbots, companyId, id));
  }

  /** Deletes options; the database deletes their children with them. */
  async deleteOptions(tx: Tx, companyId: number, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await tx.delete(chatbots).where(ofCompany(chatbots, companyId, inArray(chatbots.id, ids)));
  }

  /** How many options an option has directly below it. */
  async childCount(companyId: number, id: number, runner: Runner = this.db): Promise<number> {
    const [row] = await runner
      .select({ n: sql<number>`count(*)::int` })
      .from(chatbots)
      .where(ofCompany(chatbots, companyId, eq(chatbots.chatbotId, id)));
    return row?.n ?? 0;
  }
}
