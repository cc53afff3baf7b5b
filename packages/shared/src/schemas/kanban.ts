import { z } from "zod";
import { MAX_DB_INT } from "./common.js";
import { calendarDay } from "./dashboard.js";
import { tagRefDto, ticketDto, ticketListQuery } from "./ticket.js";

/**
 * The kanban board on the wire (spec 2 sections 2, 3 and 7): GET /ticket/kanban
 * answers the board's lanes, each paging by itself.
 *
 * A lane is a kanban tag (tags.kanban = 1) or the default lane (id 0) of the
 * tickets without one. A ticket lies in exactly one lane: `laneOfTags`.
 */

/** The default lane's id: tickets that carry no kanban tag. */
export const DEFAULT_LANE = 0;

/** Cards per lane and page. */
export const KANBAN_PAGE_SIZE = 20;

/**
 * The lane of a ticket: of its tags that are kanban lanes, the one with the
 * smallest id (a ticket normally has one; PUT /ticket-tags replaces it), else
 * the default lane. The server's lane walks and the web's live moves both use it.
 */
export function laneOfTags(tagIds: readonly number[], laneIds: ReadonlySet<number>): number {
  let lane = DEFAULT_LANE;
  for (const id of tagIds) if (laneIds.has(id) && (lane === DEFAULT_LANE || id < lane)) lane = id;
  return lane;
}

/**
 * Where a lane's next page starts: the last card's `updatedAt` (to the
 * microsecond, as PostgreSQL stores it) and id, opaque to clients.
 */
export const kanbanCursor = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z_\d{1,10}$/, "Invalid cursor")
  .transform((text, ctx) => {
    const [updatedAt = "", id = ""] = text.split("_");
    const ticketId = Number(id);
    if (Number.isNaN(Date.parse(updatedAt)) || ticketId > MAX_DB_INT) {
      ctx.addIssue({ code: "custom", message: "Invalid cursor" });
      return z.NEVER;
    }
    return { updatedAt, id: ticketId };
  });
export type KanbanCursor = z.output<typeof kanbanCursor>;

export const kanbanCursorOf = (updatedAt: string, id: number): string => `${updatedAt}_${id}`;

/** A lane in the query string: a kanban tag's id, or 0 / "none" for the default lane. */
const laneParam = z.preprocess(
  (raw) => (raw === "none" ? DEFAULT_LANE : raw),
  z.coerce.number().int().min(0).max(MAX_DB_INT),
);

/**
 * GET /ticket/kanban. Without `lane`: the first page of every lane. With
 * `lane` (and `cursor` from that lane's previous answer): that lane's next page.
 * The days are the viewer's (`utcOffset` minutes east of UTC), inclusive,
 * matched against the ticket's `updatedAt`; absent, today.
 */
export const kanbanQuery = z
  .object({
    queueIds: ticketListQuery.shape.queueIds,
    startDate: calendarDay.optional(),
    endDate: calendarDay.optional(),
    utcOffset: z.coerce.number().int().min(-840).max(840).optional().default(0),
    lane: laneParam.optional(),
    cursor: kanbanCursor.optional(),
    limit: z.coerce.number().int().min(1).max(100).optional().default(KANBAN_PAGE_SIZE),
  })
  .refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, {
    message: "startDate must not be after endDate",
    path: ["endDate"],
  })
  .refine((q) => q.cursor === undefined || q.lane !== undefined, {
    message: "A cursor belongs to one lane: give its lane",
    path: ["lane"],
  });
export type KanbanQuery = z.infer<typeof kanbanQuery>;

export const kanbanLaneDto = z.object({
  /** The kanban tag's id; 0 for the default lane. */
  id: z.number(),
  /** The lane's tag (name and colour); null for the default lane. */
  tag: tagRefDto.nullable(),
  /** Most recently updated first (updatedAt, then id, both descending). */
  tickets: z.array(ticketDto),
  hasMore: z.boolean(),
  /** Pass as `cursor` with `lane` for the next page; null at the end. */
  nextCursor: z.string().nullable(),
});
export type KanbanLane = z.infer<typeof kanbanLaneDto>;

/** The default lane first, then the kanban tags by name (as GET /tags/list orders them). */
export const kanbanBoardDto = z.object({ lanes: z.array(kanbanLaneDto) });
export type KanbanBoard = z.infer<typeof kanbanBoardDto>;
