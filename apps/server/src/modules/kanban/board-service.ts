import {
  DEFAULT_LANE,
  type KanbanBoard,
  type KanbanLane,
  type KanbanQuery,
  kanbanCursorOf,
  WITHOUT_QUEUE,
} from "@inbox/shared";
import type { Db } from "../../db/client.js";
import { AppError } from "../../http/app-error.js";
import type { RequestContext } from "../../http/context.js";
import { rangeOf, viewerToday } from "../dashboard/service.js";
import { TagsRepo } from "../tags/repo.js";
import { scopeFor } from "../tickets/policy.js";
import { TicketsRepo } from "../tickets/repo.js";
import { presentDetail } from "../tickets/service.js";
import { type BoardFilters, BoardRepo, type LaneHit } from "./board-repo.js";

/**
 * The kanban board (spec 2 sections 2, 3, 6, 7): which of the tickets the
 * viewer may see lie in which lane. Reads only; moves are PUT/DELETE
 * /ticket-tags (lane-moves.ts).
 */
export class BoardService {
  private readonly lanes: BoardRepo;
  private readonly tickets: TicketsRepo;
  private readonly tags: TagsRepo;

  constructor(deps: { db: Db }) {
    this.lanes = new BoardRepo(deps.db);
    this.tickets = new TicketsRepo(deps.db);
    this.tags = new TagsRepo(deps.db);
  }

  /**
   * Without `lane`: the first page of every lane (the default lane, then each
   * kanban tag by name). With `lane`: that lane's page after `cursor`.
   * Visibility is GET /tickets' with show-all asked for: admins and users
   * allowed to show all see every open and pending ticket; others their own
   * and the waiting ones of their queues.
   */
  async board(ctx: RequestContext, query: KanbanQuery): Promise<KanbanBoard> {
    const [laneTags, queueIds] = await Promise.all([
      this.tags.list(ctx.companyId, 1),
      this.tickets.viewerQueueIds(ctx),
    ]);
    const lanes = [
      { id: DEFAULT_LANE, tag: null },
      ...laneTags.map((tag) => ({ id: tag.id, tag: { id: tag.id, name: tag.name, color: tag.color } })),
    ];
    const asked = query.lane === undefined ? lanes : lanes.filter((lane) => lane.id === query.lane);
    if (asked.length === 0) throw new AppError("ERR_NOT_FOUND", { field: "lane", message: "Lane not found" });

    const today = viewerToday(query.utcOffset);
    const first = query.startDate ?? (query.endDate && query.endDate < today ? query.endDate : today);
    // Days compare as text (YYYY-MM-DD): the later of the start and today.
    const last = query.endDate ?? ([first, today].sort().at(-1) as string);
    const filters: BoardFilters = {
      scope: scopeFor(ctx.user, queueIds, true),
      filters: {
        search: "",
        searchOnMessages: false,
        queueIds: query.queueIds.filter((id) => id !== WITHOUT_QUEUE),
        withoutQueue: query.queueIds.includes(WITHOUT_QUEUE),
        whatsappIds: [],
        userIds: [],
        tagIds: [],
        withUnreadMessages: false,
      },
      range: rangeOf(first, last, query.utcOffset),
      laneIds: laneTags.map((tag) => tag.id),
    };
    const hits =
      query.lane === undefined
        ? await this.lanes.firstPages(
            ctx.companyId,
            filters,
            asked.map((lane) => lane.id),
            query.limit,
          )
        : await this.lanes.walkLanes(
            ctx.companyId,
            filters,
            asked.map((lane) => ({
              lane: lane.id,
              limit: query.limit,
              ...(query.cursor ? { after: query.cursor } : {}),
            })),
          );

    // The page's ids first (each ticket in one lane), then the details of those tickets only.
    const pages = new Map<number, LaneHit[]>();
    for (const lane of asked) {
      const ordered = hits
        .filter((hit) => hit.lane === lane.id)
        .sort((a, b) => (a.cursorAt === b.cursorAt ? b.id - a.id : a.cursorAt < b.cursorAt ? 1 : -1));
      pages.set(lane.id, ordered);
    }
    const pageIds = [...pages.values()].flatMap((hitsOfLane) =>
      hitsOfLane.slice(0, query.limit).map((hit) => hit.id),
    );
    const details = new Map(
      (await this.tickets.findByIds(ctx.companyId, pageIds)).map((d) => [d.ticket.id, d]),
    );

    return {
      lanes: asked.map((lane): KanbanLane => {
        const found = pages.get(lane.id) ?? [];
        const page = found.slice(0, query.limit);
        const hasMore = found.length > query.limit;
        const last = page.at(-1);
        return {
          id: lane.id,
          tag: lane.tag,
          tickets: page.flatMap((hit) => {
            const detail = details.get(hit.id);
            return detail ? [presentDetail(detail)] : [];
          }),
          hasMore,
          nextCursor: hasMore && last ? kanbanCursorOf(last.cursorAt, last.id) : null,
        };
      }),
    };
  }
}
