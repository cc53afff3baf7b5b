import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { fixedStatement } from "../../db/prepared.js";
import { tags, ticketLogs, tickets, ticketTags } from "../../db/schema/index.js";
import { ofCompany, rowOf } from "../../db/tenant-scope.js";
import type { TicketRow } from "../tickets/presenter.js";

type Runner = Db | Tx;
export type LaneRow = typeof tags.$inferSelect;

/** The ticket's lane link: its kanban tag's row in ticket_tags, with the entry's token and timer. */
export interface LaneLink {
  tagId: number;
  laneEntry: string | null;
  laneTimerAt: Date | null;
}

/** Kanban lanes of tickets (a lane is a tag with kanban = 1); every query by company. */
export class LaneRepo {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** The ticket, locked until the transaction ends: lane changes of a ticket happen one at a time. */
  async lockTicket(tx: Tx, companyId: number, ticketId: number): Promise<TicketRow | undefined> {
    const [row] = await tx
      .select()
      .from(tickets)
      .where(rowOf(tickets, companyId, ticketId))
      .for("update");
    return row;
  }

  async tag(companyId: number, tagId: number, runner: Runner = this.db): Promise<LaneRow | undefined> {
    const [row] = await runner
      .select()
      .from(tags)
      .where(rowOf(tags, companyId, tagId))
      .limit(1);
    return row;
  }

  /** The ticket's kanban links: one in practice (a move replaces it), several only in older data. */
  async laneLinks(tx: Tx, companyId: number, ticketId: number): Promise<LaneLink[]> {
    return tx
      .select({
        tagId: ticketTags.tagId,
        laneEntry: ticketTags.laneEntry,
        laneTimerAt: ticketTags.laneTimerAt,
      })
      .from(ticketTags)
      .innerJoin(tags, and(eq(tags.id, ticketTags.tagId), eq(tags.companyId, ticketTags.companyId)))
      .where(ofCompany(ticketTags, companyId, eq(ticketTags.ticketId, ticketId), eq(tags.kanban, 1)))
      .orderBy(ticketTags.createdAt, ticketTags.tagId);
  }

  async removeLinks(tx: Tx, companyId: number, ticketId: number, tagIds: number[]): Promise<void> {
    if (tagIds.length === 0) return;
    await tx
      .delete(ticketTags)
      .where(
        ofCompany(
          ticketTags,
          companyId,
          eq(ticketTags.ticketId, ticketId),
          inArray(ticketTags.tagId, tagIds),
        ),
      );
  }

  /** The ticket enters the lane: a fresh link with the entry's token and its timer (if any). */
  async enter(
    tx: Tx,
    link: { companyId: number; ticketId: number; tagId: number; laneEntry: string; laneTimerAt: Date | null },
  ): Promise<void> {
    await tx.insert(ticketTags).values(link);
  }

  /** A plain (non-kanban) tag: added once. */
  async addTag(companyId: number, ticketId: number, tagId: number): Promise<void> {
    await this.db.insert(ticketTags).values({ companyId, ticketId, tagId }).onConflictDoNothing();
  }

  async logLane(
    tx: Tx,
    entry: {
      companyId: number;
      ticketId: number;
      userId: number | null;
      fromTagId: number | null;
      toTagId: number | null;
    },
  ): Promise<void> {
    await tx.insert(ticketLogs).values({ ...entry, type: "lane", queueId: null });
  }

  /** The lane timer of the ticket's current entry is done (or cancelled): nothing is due any more. */
  async clearTimer(tx: Tx, companyId: number, ticketId: number, laneEntry: string): Promise<void> {
    await tx
      .update(ticketTags)
      .set({ laneTimerAt: null })
      .where(
        ofCompany(
          ticketTags,
          companyId,
          eq(ticketTags.ticketId, ticketId),
          eq(ticketTags.laneEntry, laneEntry),
        ),
      );
  }

  /** Timers overdue by `seconds` whose job was lost (a crash before it was queued, a dropped job). */
  async overdueTimers(
    seconds: number,
    now: Date,
    limit: number,
  ): Promise<{ companyId: number; ticketId: number; laneEntry: string }[]> {
    const rows = await this.db
      .select({
        companyId: ticketTags.companyId,
        ticketId: ticketTags.ticketId,
        laneEntry: ticketTags.laneEntry,
      })
      .from(ticketTags)
      .where(
        sql`${ticketTags.laneTimerAt} < ${new Date(now.getTime() - seconds * 1000).toISOString()}::timestamptz`,
      )
      .orderBy(ticketTags.laneTimerAt)
      .limit(limit);
    return rows.flatMap((r) => (r.laneEntry ? [{ ...r, laneEntry: r.laneEntry }] : []));
  }

  /**
   * Of these tickets (locked by the caller), those in a lane that has a rollback lane, with it:
   * one statement over ticket_tags' primary key, so a batch without lanes costs one cheap read
   * (prepared with its ids as one array: it runs in every automation batch, db/prepared.ts).
   */
  async rollbackLanes(
    tx: Tx,
    keys: { companyId: number; ticketId: number }[],
  ): Promise<{ companyId: number; ticketId: number; tagId: number; rollbackLaneId: number }[]> {
    if (keys.length === 0) return [];
    const rows = await rollbackLanesOf(tx, { ticketIds: keys.map((k) => k.ticketId) });
    const wanted = new Set(keys.map((k) => `${k.companyId}:${k.ticketId}`));
    return rows.flatMap((r) =>
      r.rollbackLaneId !== null && wanted.has(`${r.companyId}:${r.ticketId}`)
        ? [{ ...r, rollbackLaneId: r.rollbackLaneId }]
        : [],
    );
  }
}

/** The tickets' lanes that have a rollback lane (LaneRepo.rollbackLanes); ids are unique across companies. */
const rollbackLanesOf = fixedStatement<{
  companyId: number;
  ticketId: number;
  tagId: number;
  rollbackLaneId: number | null;
}>(
  "kanban_rollback_lanes",
  () => sql`
    SELECT tt.company_id AS "companyId", tt.ticket_id AS "ticketId", tt.tag_id AS "tagId",
      g.rollback_lane_id AS "rollbackLaneId"
    FROM ${ticketTags} tt
    JOIN LATERAL (
      SELECT rollback_lane_id FROM ${tags}
      WHERE id = tt.tag_id AND company_id = tt.company_id AND kanban = 1 AND rollback_lane_id IS NOT NULL
      LIMIT 1
    ) g ON true
    WHERE tt.ticket_id = ANY(${sql.placeholder("ticketIds")}::int[])`,
);
