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
  const filters = filterCondition(companyId, board.filters);
  const lane = laneCondition(companyId, walk.lane, board.laneIds);
  const after = walk.after
    ? sql`(${tickets.updatedAt}, ${tickets.id}) < (${walk.after.updatedAt}::timestamptz, ${walk.after.id}::int)`
    : undefined;
  const reach = walk.limit + 1;
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
          after,
          lane,
        )}
        ORDER BY ${tickets.updatedAt} DESC NULLS LAST, ${tickets.id} DESC NULLS LAST LIMIT ${reach})`,
    ),
  );
  return sql`(SELECT ${walk.lane}::int AS lane, v.id,
      to_char(v.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_at
    FROM (${sql.join(branches, sql` UNION `)}) AS v
    ORDER BY v.updated_at DESC NULLS LAST, v.id DESC NULLS LAST LIMIT ${reach})`;
}

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
}
