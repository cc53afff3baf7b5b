import type { OpenTicketRef } from "@inbox/shared";
import { aliasedTable, and, asc, eq, inArray, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import { type Db, rowsOf, type Tx } from "../../db/client.js";
import {
  companySettings,
  contacts,
  contactTags,
  queues,
  tags,
  ticketAutomations,
  ticketLogs,
  tickets,
  ticketTags,
  users,
  whatsapps,
} from "../../db/schema/index.js";
import { ofCompany, rowOf } from "../../db/tenant-scope.js";
import type { TicketChanges, TicketLogType } from "./lifecycle.js";
import type { ContactRow, TicketRow } from "./presenter.js";

type Runner = Db | Tx;

/**
 * The live (non-closed) ticket of a contact on a connection; the database
 * allows at most one. Shared by the lifecycle, scheduled sends and ingest.
 */
export async function findOpenTicket(
  runner: Runner,
  companyId: number,
  contactId: number,
  whatsappId: number,
): Promise<TicketRow | undefined> {
  const [row] = await runner
    .select()
    .from(tickets)
    .where(
      ofCompany(
        tickets,
        companyId,
        eq(tickets.contactId, contactId),
        eq(tickets.whatsappId, whatsappId),
        ne(tickets.status, "closed"),
      ),
    )
    .limit(1);
  return row;
}

/** The settings of spec 1 section 3 and spec 2 section 3 the lifecycle reads. */
export interface LifecycleSettings {
  sendGreetingAccepted: string;
  greetingAcceptedMessage: string | null;
  requiredTag: string;
  sendMsgTransfTicket: string;
  transferMessage: string | null;
  /** Closing a waiting (pending) ticket says the farewell only when enabled. */
  sendFarewellWaitingTicket: string;
  /** Resolving asks the contact for a rating first (the automation's nps wait). */
  userRating: string;
  /** A transfer to another queue closes the ticket and the conversation goes on in a new one. */
  closeTicketOnTransfer: string;
}

export type ConnectionFacts = Pick<
  typeof whatsapps.$inferSelect,
  "id" | "name" | "channel" | "groupAsTicket" | "complationMessage" | "ratingMessage"
>;

/** The lanes a "lane" entry names (modules/kanban); the log keeps their ids without a reference. */
const fromLane = aliasedTable(tags, "from_lane");
const toLane = aliasedTable(tags, "to_lane");

export type LogType = TicketLogType | "create" | "receivedTransfer";

/**
 * The writes of the ticket lifecycle and the lookups they need. Every query
 * takes the company; a runner is a transaction when the service holds one.
 */
export class TicketLifecycleRepo {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** The live (non-closed) ticket of a contact on a connection: at most one (tickets_one_open_per_contact_key). */
  openTicket(runner: Runner, companyId: number, contactId: number, whatsappId: number) {
    return findOpenTicket(runner, companyId, contactId, whatsappId);
  }

  /** The ticket, locked until the transaction ends: transitions of one ticket happen one at a time. */
  async lock(tx: Tx, companyId: number, id: number): Promise<TicketRow | undefined> {
    const [row] = await tx
      .select()
      .from(tickets)
      .where(rowOf(tickets, companyId, id))
      .for("update");
    return row;
  }

  async update(tx: Tx, companyId: number, id: number, changes: TicketChanges): Promise<TicketRow> {
    const [row] = await tx
      .update(tickets)
      .set({ ...changes, updatedAt: new Date() })
      .where(rowOf(tickets, companyId, id))
      .returning();
    if (!row) throw new Error("a locked ticket vanished");
    return row;
  }

  /** The automation has to look at the ticket, even after a crash (automation/repo.ts overdueTickets). */
  async markDue(tx: Tx, companyId: number, ticketId: number): Promise<void> {
    await tx
      .insert(ticketAutomations)
      .values({ companyId, ticketId, dueAt: sql`now()` })
      .onConflictDoUpdate({
        target: ticketAutomations.ticketId,
        set: { dueAt: sql`coalesce(${ticketAutomations.dueAt}, excluded.due_at)` },
        where: sql`${ticketAutomations.companyId} = excluded.company_id`,
      });
  }

  async insertTicket(tx: Tx, values: typeof tickets.$inferInsert): Promise<TicketRow | undefined> {
    const [row] = await tx.insert(tickets).values(values).onConflictDoNothing().returning();
    return row;
  }

  async log(
    runner: Runner,
    entry: {
      companyId: number;
      ticketId: number;
      type: LogType;
      userId: number | null;
      queueId: number | null;
    },
  ): Promise<void> {
    await runner.insert(ticketLogs).values(entry);
  }

  async remove(companyId: number, id: number): Promise<boolean> {
    const rows = await this.db
      .delete(tickets)
      .where(rowOf(tickets, companyId, id))
      .returning({ id: tickets.id });
    return rows.length > 0;
  }

  /**
   * Closes every ticket of `status` in the queues (0: without queue; none:
   * all), with one "closed" log entry each, in one statement. Answers the ids.
   */
  async closeAll(companyId: number, status: string, queueIds: number[], userId: number): Promise<number[]> {
    const withoutQueue = queueIds.includes(0);
    const ids = queueIds.filter((q) => q !== 0);
    const queueFilter: SQL | undefined =
      queueIds.length === 0
        ? undefined
        : or(
            ids.length > 0 ? inArray(tickets.queueId, ids) : undefined,
            withoutQueue ? isNull(tickets.queueId) : undefined,
          );
    const where = ofCompany(tickets, companyId, eq(tickets.status, status), queueFilter);
    const result = await this.db.transaction(async (tx) => {
      const closed = await tx
        .update(tickets)
        .set({ status: "closed", closedAt: new Date(), updatedAt: new Date() })
        .where(where)
        .returning({ id: tickets.id, queueId: tickets.queueId });
      if (closed.length > 0)
        await tx
          .insert(ticketLogs)
          .values(
            closed.map((t) => ({ companyId, ticketId: t.id, type: "closed", userId, queueId: t.queueId })),
          );
      return closed.map((t) => t.id);
    });
    return result;
  }

  /**
   * Open tickets untouched since `before` are closed by the system, the
   * oldest first, at most `limit` of them; one "closed" log entry each
   * (without a user). Rows a transition holds are skipped, not waited for.
   */
  async closeIdle(before: Date, limit: number): Promise<{ id: number; companyId: number }[]> {
    return this.db.transaction(async (tx) => {
      const closed = rowsOf<{ id: number; company_id: number; queue_id: number | null }>(
        await tx.execute(sql`
          UPDATE ${tickets} SET status = 'closed', closed_at = now(), updated_at = now()
          WHERE id IN (
            SELECT t.id FROM ${tickets} t
            WHERE t.status = 'open' AND t.updated_at < ${before.toISOString()}::timestamptz
              -- Connections with expiresTicket close their own tickets (automation/inactivity.ts).
              AND NOT EXISTS (SELECT 1 FROM ${whatsapps} w
                WHERE w.company_id = t.company_id AND w.id = t.whatsapp_id AND w.expires_ticket > 0)
            ORDER BY t.updated_at LIMIT ${limit}
            FOR UPDATE OF t SKIP LOCKED)
          RETURNING id, company_id, queue_id`),
      );
      if (closed.length > 0)
        await tx.insert(ticketLogs).values(
          closed.map((t) => ({
            companyId: t.company_id,
            ticketId: t.id,
            type: "closed",
            userId: null,
            queueId: t.queue_id,
          })),
        );
      return closed.map((t) => ({ id: Number(t.id), companyId: Number(t.company_id) }));
    });
  }

  async setLastMessage(companyId: number, id: number, lastMessage: string): Promise<TicketRow | undefined> {
    const [row] = await this.db
      .update(tickets)
      .set({ lastMessage })
      .where(rowOf(tickets, companyId, id))
      .returning();
    return row;
  }

  /** The non-closed ticket of a contact on a connection (the one-open index), with who holds it. */
  async openTicketOf(
    runner: Runner,
    companyId: number,
    contactId: number,
    whatsappId: number | null,
  ): Promise<OpenTicketRef | undefined> {
    const [row] = await runner
      .select({
        id: tickets.id,
        uuid: tickets.uuid,
        status: tickets.status,
        userId: tickets.userId,
        userName: users.name,
        queueId: tickets.queueId,
        queueName: queues.name,
      })
      .from(tickets)
      .leftJoin(users, and(eq(users.id, tickets.userId), eq(users.companyId, tickets.companyId)))
      .leftJoin(queues, and(eq(queues.id, tickets.queueId), eq(queues.companyId, tickets.companyId)))
      .where(
        ofCompany(
          tickets,
          companyId,
          eq(tickets.contactId, contactId),
          whatsappId === null ? isNull(tickets.whatsappId) : eq(tickets.whatsappId, whatsappId),
          ne(tickets.status, "closed"),
        ),
      )
      .limit(1);
    if (!row) return undefined;
    return {
      id: row.id,
      uuid: row.uuid,
      status: row.status,
      userId: row.userId,
      user: row.userId !== null && row.userName !== null ? { id: row.userId, name: row.userName } : null,
      queue: row.queueId !== null && row.queueName !== null ? { id: row.queueId, name: row.queueName } : null,
    };
  }

  /** Every non-closed ticket of a contact, on any connection (GET /contacts/{id}/status). */
  async openTicketsOfContact(companyId: number, contactId: number) {
    return this.db
      .select({
        id: tickets.id,
        uuid: tickets.uuid,
        status: tickets.status,
        userId: tickets.userId,
        userName: users.name,
      })
      .from(tickets)
      .leftJoin(users, and(eq(users.id, tickets.userId), eq(users.companyId, tickets.companyId)))
      .where(ofCompany(tickets, companyId, eq(tickets.contactId, contactId), ne(tickets.status, "closed")))
      .orderBy(asc(tickets.id));
  }

  async settings(runner: Runner, companyId: number): Promise<LifecycleSettings> {
    const [row] = await runner
      .select({
        sendGreetingAccepted: companySettings.sendGreetingAccepted,
        greetingAcceptedMessage: companySettings.greetingAcceptedMessage,
        requiredTag: companySettings.requiredTag,
        sendMsgTransfTicket: companySettings.sendMsgTransfTicket,
        transferMessage: companySettings.transferMessage,
        sendFarewellWaitingTicket: companySettings.sendFarewellWaitingTicket,
        userRating: companySettings.userRating,
        closeTicketOnTransfer: companySettings.closeTicketOnTransfer,
      })
      .from(companySettings)
      .where(eq(companySettings.companyId, companyId))
      .limit(1);
    return (
      row ?? {
        sendGreetingAccepted: "disabled",
        greetingAcceptedMessage: null,
        requiredTag: "disabled",
        sendMsgTransfTicket: "disabled",
        transferMessage: null,
        sendFarewellWaitingTicket: "disabled",
        userRating: "disabled",
        closeTicketOnTransfer: "disabled",
      }
    );
  }

  async contact(runner: Runner, companyId: number, id: number): Promise<ContactRow | undefined> {
    const [row] = await runner
      .select()
      .from(contacts)
      .where(rowOf(contacts, companyId, id))
      .limit(1);
    return row;
  }

  async connection(runner: Runner, companyId: number, id: number): Promise<ConnectionFacts | undefined> {
    const [row] = await runner
      .select({
        id: whatsapps.id,
        name: whatsapps.name,
        channel: whatsapps.channel,
        groupAsTicket: whatsapps.groupAsTicket,
        complationMessage: whatsapps.complationMessage,
        ratingMessage: whatsapps.ratingMessage,
      })
      .from(whatsapps)
      .where(rowOf(whatsapps, companyId, id))
      .limit(1);
    return row;
  }

  async queueExists(runner: Runner, companyId: number, id: number): Promise<boolean> {
    const [row] = await runner
      .select({ id: queues.id })
      .from(queues)
      .where(rowOf(queues, companyId, id))
      .limit(1);
    return Boolean(row);
  }

  async user(runner: Runner, companyId: number, id: number) {
    const [row] = await runner
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(rowOf(users, companyId, id))
      .limit(1);
    return row;
  }

  /** requiredTag: a tag on the contact (or on this ticket) lets the ticket be resolved. */
  async hasTag(runner: Runner, companyId: number, contactId: number, ticketId: number): Promise<boolean> {
    const result = await runner.execute(sql`
      SELECT EXISTS (SELECT 1 FROM ${contactTags} WHERE ${contactTags.companyId} = ${companyId}
                       AND ${contactTags.contactId} = ${contactId})
          OR EXISTS (SELECT 1 FROM ${ticketTags} WHERE ${ticketTags.companyId} = ${companyId}
                       AND ${ticketTags.ticketId} = ${ticketId}) AS tagged`);
    return Boolean(rowsOf<{ tagged: boolean }>(result)[0]?.tagged);
  }

  /** The log of a ticket, oldest first, with the names of users and queues of the company. */
  async logs(companyId: number, ticketId: number) {
    return this.db
      .select({
        id: ticketLogs.id,
        ticketId: ticketLogs.ticketId,
        type: ticketLogs.type,
        userId: ticketLogs.userId,
        userName: users.name,
        queueId: ticketLogs.queueId,
        queueName: queues.name,
        queueColor: queues.color,
        fromLane: { id: fromLane.id, name: fromLane.name, color: fromLane.color },
        toLane: { id: toLane.id, name: toLane.name, color: toLane.color },
        detail: ticketLogs.detail,
        createdAt: ticketLogs.createdAt,
      })
      .from(ticketLogs)
      .leftJoin(users, and(eq(users.id, ticketLogs.userId), eq(users.companyId, ticketLogs.companyId)))
      .leftJoin(queues, and(eq(queues.id, ticketLogs.queueId), eq(queues.companyId, ticketLogs.companyId)))
      .leftJoin(
        fromLane,
        and(eq(fromLane.id, ticketLogs.fromTagId), eq(fromLane.companyId, ticketLogs.companyId)),
      )
      .leftJoin(toLane, and(eq(toLane.id, ticketLogs.toTagId), eq(toLane.companyId, ticketLogs.companyId)))
      .where(ofCompany(ticketLogs, companyId, eq(ticketLogs.ticketId, ticketId)))
      .orderBy(asc(ticketLogs.createdAt), asc(ticketLogs.id));
  }
}
