import { DEFAULT_LANE, type KanbanCursor, type TicketStatus } from "@inbox/shared";
import { eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import { type Db, rowsOf } from "../../db/client.js";
import { tickets, ticketTags } from "../../db/schema/index.js";
import { ofCompany } from "../../db/tenant-scope.js";
import type { InstantRange } from "../dashboard/repo.js";
import { filterCondition, type TicketFilters, visibilityBranches } from "../tickets/list-query.js";
import type { TicketScope } from "../tickets/policy.js";

/** The board shows the tickets still being worked on. */
const BOARD_STATUSES: readonly TicketStatus[] = ["open", "pending"];

/** What a lane's walk needs besides the viewer's scope and filters. */
export interface LaneWalk {
  /** A kanban tag's id, or DEFAULT_LANE. */
  lane: number;
  /** Continue after this card (keyset: updatedAt, id, both descending). */
  after?: KanbanCursor;
  /** Cards wanted; the walk reads one more to tell whether more follow. */
  limit: number;
}

export interface BoardFilters {
  scope: TicketScope;
  filters: TicketFilters;
  /** Matched against the ticket's updatedAt: the board is about current work. */
  range: InstantRange;
  /** Every kanban tag of the company. */
  laneIds: readonly number[];
}

/** A card found by a walk, with the exact cursor of its place. */
export interface LaneHit {
  lane: number;
  id: number;
  /** updated_at in UTC to the microsecond (a JS Date would lose the last three digits). */
  cursorAt: string;
}

/**
 * Which tickets a lane holds, as a condition on `tickets`: its kanban tag and
 * none of a smaller id (laneOfTags in @inbox/shared), or, for the default lane,
 * no kanban tag at all. Each test is a probe of ticket_tags' primary key
 * (ticket_id, tag_id), so however many tags a ticket has, it lies in one lane.
 */
function laneCondition(companyId: number, lane: number, laneIds: readonly number[]): SQL {
  // A scalar subquery, not EXISTS: PostgreSQL never turns it into a join, so it stays a probe per
  // ticket along the ordered walk. As EXISTS, a misestimated branch (the pending tickets of a range)
  // was planned as a hash join over every ticket_tags row of the lane, closed history included.
  const tagged = (ids: readonly number[]) =>
    sql`(SELECT 1 FROM ${ticketTags} WHERE ${ticketTags.companyId} = ${companyId}
          AND ${ticketTags.ticketId} = ${tickets.id} AND ${inArray(ticketTags.tagId, [...ids])} LIMIT 1)`;
  const before = laneIds.filter((id) => lane === DEFAULT_LANE || id < lane);
  const notEarlier = before.length > 0 ? sql`${tagged(before)} IS NULL` : sql`TRUE`;
  if (lane === DEFAULT_LANE) return notEarlier;
  return sql`${tagged([lane])} IS NOT NULL AND ${notEarlier}`;
}

/**
 * One lane's page of ids, built like GET /tickets' (tickets/list-query.ts):
 * a union of branches, one per visibility rule and status, each an ordered
 * walk of a tickets index ((company, [queue | user,] status, updated_at desc,
 * id desc)) from the cursor or the range's end down to its start, that stops
 * after `limit + 1` cards of the lane. A lane's cost is bounded by the open
 * and pending tickets of the range, never by its closed history. `NULLS LAST`
 * (the columns are never null) makes the order the indexes' own: without it
 * `DESC` means `DESC NULLS FIRST`, the index cannot give the order, and the
 * planner may read a status's whole range and sort it (bench/kanban.ts saw it
 * read all 2,000 pending tickets for each lane).
 */
function laneQuery(companyId: number, board: BoardFilters, walk: LaneWalk): SQL {
  const reach = walk.limit + 1;
  const lane = laneCondition(companyId, walk.lane, board.laneIds);
  return sql`(SELECT ${walk.lane}::int AS lane, v.id, ${CURSOR_AT} AS cursor_at
    FROM (${walkedTickets(companyId, board, reach, walk.after, lane)}) AS v
    ORDER BY v.updated_at DESC NULLS LAST, v.id DESC NULLS LAST LIMIT ${reach})`;
}

/** updated_at in UTC to the microsecond, as cursors carry it. */
const CURSOR_AT = sql.raw(`to_char(v.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`);

/** The board's tickets in its order, each branch an ordered index walk of `reach` rows at most. */
function walkedTickets(
  companyId: number,
  board: BoardFilters,
  reach: number,
  after: KanbanCursor | undefined,
  lane: SQL | undefined,
): SQL {
  const filters = filterCondition(companyId, board.filters);
  const from = after
    ? sql`(${tickets.updatedAt}, ${tickets.id}) < (${after.updatedAt}::timestamptz, ${after.id}::int)`
    : undefined;
  const branches = BOARD_STATUSES.flatMap((status) =>
    visibilityBranches(board.scope, board.filters, status).map(
      (branch) => sql`(SELECT ${tickets.id}, ${tickets.updatedAt} FROM ${tickets}
        WHERE ${ofCompany(
          tickets,
          companyId,
          eq(tickets.status, status),
          branch,
          filters,
          gte(tickets.updatedAt, board.range.from),
          lt(tickets.updatedAt, board.range.to),
          from,
          lane,
        )}
        ORDER BY ${tickets.updatedAt} DESC NULLS LAST, ${tickets.id} DESC NULLS LAST LIMIT ${reach})`,
    ),
  );
  return sql.join(branches, sql` UNION `);
}

/**
 * The first cards of every lane from one walk: the board's first `reach`
 * tickets in order (one walk per branch, not one per lane and branch), each
 * given its lane by one probe (its smallest kanban tag), then up to `limit + 1`
 * per lane. Answers the hits, how many tickets were walked and the last one.
 */
function sharedWalkQuery(companyId: number, board: BoardFilters, reach: number, limit: number): SQL {
  const lane =
    board.laneIds.length === 0
      ? sql`0`
      : sql`coalesce((SELECT min(${ticketTags.tagId}) FROM ${ticketTags} WHERE ${ticketTags.companyId} = ${companyId}
          AND ${ticketTags.ticketId} = w.id AND ${inArray(ticketTags.tagId, [...board.laneIds])}), 0)`;
  return sql`WITH walked AS MATERIALIZED (
      SELECT v.id, v.updated_at FROM (${walkedTickets(companyId, board, reach, undefined, undefined)}) AS v
      ORDER BY v.updated_at DESC NULLS LAST, v.id DESC NULLS LAST LIMIT ${reach}),
    laned AS (SELECT w.id, w.updated_at, ${lane} AS lane FROM walked AS w),
    ranked AS (SELECT v.*, row_number() OVER (PARTITION BY v.lane
      ORDER BY v.updated_at DESC NULLS LAST, v.id DESC NULLS LAST) AS rank FROM laned AS v)
    (SELECT v.lane::int AS lane, v.id, ${CURSOR_AT} AS cursor_at FROM ranked AS v WHERE v.rank <= ${limit + 1})
    UNION ALL
    (SELECT ${WALK_END}::int, v.id, ${CURSOR_AT} FROM walked AS v
      ORDER BY v.updated_at ASC NULLS FIRST, v.id ASC NULLS FIRST LIMIT 1)
    UNION ALL
    (SELECT ${WALK_COUNT}::int, count(*)::int, '' FROM walked)`;
}

/** Marker rows of sharedWalkQuery's answer (lane ids are never negative). */
const WALK_END = -1;
const WALK_COUNT = -2;

/** The kanban board's reads; every statement is of one company. */
export class BoardRepo {
  constructor(private readonly db: Db) {}

  /**
   * The cards of several lanes in one statement (one round trip however many
   * lanes), each lane walked by itself: up to `limit + 1` hits per lane, in
   * the lane's order.
   */
  async walkLanes(companyId: number, board: BoardFilters, walks: LaneWalk[]): Promise<LaneHit[]> {
    if (walks.length === 0) return [];
    const parts = walks.map((walk) => laneQuery(companyId, board, walk));
    const rows = rowsOf<{ lane: number; id: number; cursor_at: string }>(
      await this.db.execute(sql.join(parts, sql` UNION ALL `)),
    );
    return rows.map((r) => ({ lane: Number(r.lane), id: Number(r.id), cursorAt: r.cursor_at }));
  }

  /**
   * Up to `limit + 1` hits of each lane, from the start of the board. One walk
   * of the board's first tickets serves every lane (about (lanes + 1) * (limit
   * + 1) * 2 tickets, one probe each, instead of a walk per lane); a lane that
   * walk did not fill continues by its own walk from where it stopped.
   */
  async firstPages(
    companyId: number,
    board: BoardFilters,
    lanes: number[],
    limit: number,
  ): Promise<LaneHit[]> {
    const reach = Math.min(5000, (lanes.length + 1) * (limit + 1) * 2);
    const rows = rowsOf<{ lane: number; id: number; cursor_at: string }>(
      await this.db.execute(sharedWalkQuery(companyId, board, reach, limit)),
    ).map((r) => ({ lane: Number(r.lane), id: Number(r.id), cursorAt: r.cursor_at }));
    const hits = rows.filter((r) => r.lane >= 0 && lanes.includes(r.lane));
    const walked = rows.find((r) => r.lane === WALK_COUNT)?.id ?? 0;
    const end = rows.find((r) => r.lane === WALK_END);
    if (walked < reach || !end) return hits;
    const after = { updatedAt: end.cursorAt, id: end.id };
    const rest = lanes.flatMap((lane): LaneWalk[] => {
      const found = hits.filter((hit) => hit.lane === lane).length;
      return found > limit ? [] : [{ lane, after, limit: limit - found }];
    });
    return [...hits, ...(await this.walkLanes(companyId, board, rest))];
  }
}
