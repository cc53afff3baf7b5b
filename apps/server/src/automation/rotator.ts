import { and, asc, eq, gt, isNull, notInArray, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.js";
import {
  companySettings,
  queueRotations,
  queues,
  ticketAutomations,
  ticketLogs,
  tickets,
  userQueues,
  users,
} from "../db/schema/index.js";
import { ofCompany } from "../db/tenant-scope.js";
import { TicketsRepo } from "../modules/tickets/repo.js";
import { presentDetail } from "../modules/tickets/service.js";
import type { TicketEvents } from "../realtime/ticket-events.js";

/**
 * The queue rotator (issue 9, rule 4): every tempoRoteador minutes, a queue
 * with ativarRoteador hands its waiting tickets (pending, no user, the bot
 * done with them) to its online users in turn, starting after the user who
 * got the last one; with the company's userRandom each goes to a random
 * online user instead. Run by the automation's minute job, each queue in its
 * own transaction under its rotation row's lock, so two processes never hand
 * out one ticket twice.
 */

/** Who gets each ticket: users in id order starting after `lastUserId`, or at random. */
export function handOut(
  ticketIds: readonly number[],
  userIds: readonly number[],
  lastUserId: number | null,
  random?: () => number,
): { ticketId: number; userId: number }[] {
  if (userIds.length === 0) return [];
  const sorted = [...userIds].sort((a, b) => a - b);
  let next = lastUserId === null ? 0 : sorted.findIndex((id) => id > lastUserId);
  if (next < 0) next = 0;
  return ticketIds.map((ticketId) => {
    if (random) return { ticketId, userId: sorted[Math.floor(random() * sorted.length)] as number };
    const userId = sorted[next % sorted.length] as number;
    next += 1;
    return { ticketId, userId };
  });
}

/** Bot stages during which the ticket is still the bot's (not handed out). */
const BOT_BUSY = ["menu", "lgpd"];
const PER_PASS = 200;

export class QueueRotator {
  private readonly tickets: TicketsRepo;

  constructor(
    private readonly deps: { db: Db; events: TicketEvents; now?: () => Date; random?: () => number },
  ) {
    this.tickets = new TicketsRepo(deps.db);
  }

  /** One pass over every queue whose turn has come. */
  async pass(): Promise<number> {
    const now = this.deps.now?.() ?? new Date();
    const due = await this.deps.db
      .select({ companyId: queues.companyId, queueId: queues.id })
      .from(queues)
      .leftJoin(queueRotations, eq(queueRotations.queueId, queues.id))
      .where(
        and(
          eq(queues.ativarRoteador, true),
          gt(queues.tempoRoteador, 0),
          or(
            isNull(queueRotations.lastAt),
            sql`${queueRotations.lastAt} <= ${now.toISOString()}::timestamptz - make_interval(mins => ${queues.tempoRoteador})`,
          ),
        ),
      );
    let handed = 0;
    for (const { companyId, queueId } of due) {
      const given = await this.deps.db.transaction((tx) => this.rotate(tx, companyId, queueId, now));
      handed += given.length;
      for (const detail of await this.tickets.findByIds(
        companyId,
        given.map((g) => g.ticketId),
      )) {
        const dto = presentDetail(detail);
        this.deps.events.ticketChanged(companyId, dto, "update", { ...dto, status: "pending", userId: null });
      }
    }
    return handed;
  }

  private async rotate(tx: Tx, companyId: number, queueId: number, now: Date) {
    await tx.insert(queueRotations).values({ companyId, queueId }).onConflictDoNothing();
    const [turn] = await tx
      .select({
        lastUserId: queueRotations.lastUserId,
        lastAt: queueRotations.lastAt,
        every: queues.tempoRoteador,
      })
      .from(queueRotations)
      .innerJoin(
        queues,
        and(eq(queues.companyId, queueRotations.companyId), eq(queues.id, queueRotations.queueId)),
      )
      .where(eq(queueRotations.queueId, queueId))
      .for("update", { of: queueRotations });
    // Another process took this turn meanwhile.
    if (!turn || (turn.lastAt && now.getTime() - turn.lastAt.getTime() < turn.every * 60_000)) return [];

    const waiting = await tx
      .select({ id: tickets.id })
      .from(tickets)
      .leftJoin(
        ticketAutomations,
        and(eq(ticketAutomations.companyId, tickets.companyId), eq(ticketAutomations.ticketId, tickets.id)),
      )
      .where(
        ofCompany(
          tickets,
          companyId,
          eq(tickets.queueId, queueId),
          eq(tickets.status, "pending"),
          isNull(tickets.userId),
          or(
            isNull(ticketAutomations.ticketId),
            notInArray(sql`${ticketAutomations.state}->>'stage'`, BOT_BUSY),
          ),
        ),
      )
      .orderBy(asc(tickets.id))
      .limit(PER_PASS)
      .for("update", { of: tickets, skipLocked: true });
    const online = await tx
      .select({ id: users.id })
      .from(userQueues)
      .innerJoin(users, and(eq(users.companyId, userQueues.companyId), eq(users.id, userQueues.userId)))
      .where(ofCompany(userQueues, companyId, eq(userQueues.queueId, queueId), eq(users.online, true)));
    const [settings] = await tx
      .select({ userRandom: companySettings.userRandom })
      .from(companySettings)
      .where(eq(companySettings.companyId, companyId));
    const random = settings?.userRandom === "enabled" ? (this.deps.random ?? Math.random) : undefined;
    const given = handOut(
      waiting.map((t) => t.id),
      online.map((u) => u.id),
      turn.lastUserId,
      random,
    );
    for (const { ticketId, userId } of given) {
      await tx
        .update(tickets)
        .set({ status: "open", userId, updatedAt: now })
        .where(ofCompany(tickets, companyId, eq(tickets.id, ticketId)));
      await tx.insert(ticketLogs).values({ companyId, ticketId, type: "open", userId, queueId });
    }
    await tx
      .update(queueRotations)
      .set({ lastAt: now, ...(given.length > 0 ? { lastUserId: given.at(-1)?.userId } : {}) })
      .where(eq(queueRotations.queueId, queueId));
    return given;
  }
}
