import { DEFAULT_LANE, type KanbanBoard } from "@inbox/shared";
import { useQuery } from "@tanstack/react-query";
import { api } from "./client";

/** What the board shows: the viewer's days (inclusive) and their clock's offset, minutes east of UTC. */
export interface KanbanRange {
  startDate: string;
  endDate: string;
  utcOffset: number;
}

export const kanbanKeys = {
  all: ["kanban"] as const,
  board: (range: KanbanRange) => ["kanban", "board", range] as const,
};

const rangeQuery = (range: KanbanRange) => ({
  startDate: range.startDate,
  endDate: range.endDate,
  utcOffset: range.utcOffset,
});

export const kanbanApi = {
  /** The first page of every lane. */
  board: (range: KanbanRange, signal?: AbortSignal) =>
    api.get<KanbanBoard>("/ticket/kanban", rangeQuery(range), signal),
  /** A lane's page after `cursor`. */
  lanePage: (range: KanbanRange, lane: number, cursor: string, signal?: AbortSignal) =>
    api.get<KanbanBoard>("/ticket/kanban", { ...rangeQuery(range), lane, cursor }, signal),
  /** Moves a ticket to a lane: the tag's lane replaces its kanban tag; the default lane removes it. */
  move: (ticketId: number, lane: number) =>
    lane === DEFAULT_LANE
      ? api.delete<{ message: string }>(`/ticket-tags/${ticketId}`)
      : api.put<{ message: string }>(`/ticket-tags/${ticketId}/${lane}`),
};

/**
 * The board of a range. The cache holds every page loaded so far per lane; moves and live events
 * change it in place (board-rules.ts), so it is not refetched behind the user's back.
 */
export function useKanbanBoard(range: KanbanRange) {
  return useQuery({
    queryKey: kanbanKeys.board(range),
    queryFn: ({ signal }) => kanbanApi.board(range, signal),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}
