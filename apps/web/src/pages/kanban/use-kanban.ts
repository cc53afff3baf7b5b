import { type KanbanBoard, type TicketEventPayload, ticketScope } from "@inbox/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useContext, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { type KanbanRange, kanbanApi, kanbanKeys, useKanbanBoard } from "../../api/kanban";
import { useCurrentUser } from "../../app/auth/auth-context";
import { errorMessage, toastError } from "../../app/toast/toast-error";
import { toast } from "../../app/toast/toast-store";
import { setLiveQueryData } from "../../realtime/live-query-data";
import { RealtimeContext, useCompanyEvent } from "../../realtime/realtime-context";
import { ticketViewerOf } from "../tickets/ticket-viewer";
import {
  appendPage,
  applyTicketUpdate,
  type BoardView,
  findCard,
  moveCard,
  removeCard,
  restoreCard,
} from "./board-rules";

const DAY_MS = 86_400_000;

/** The range's instants: the viewer's first midnight to the midnight after the last day. */
export function rangeInstants(range: KanbanRange): { from: number; to: number } {
  const shift = range.utcOffset * 60_000;
  return {
    from: Date.parse(`${range.startDate}T00:00:00Z`) - shift,
    to: Date.parse(`${range.endDate}T00:00:00Z`) + DAY_MS - shift,
  };
}

/**
 * The board of a range and what changes it: a lane's next page, the user's
 * moves (shown at once, undone with a toast when the server refuses) and other
 * viewers' changes from `company-{id}-ticket`, all applied to the cached board.
 */
export function useKanban(range: KanbanRange) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const query = useKanbanBoard(range);
  const key = useMemo(() => kanbanKeys.board(range), [range]);
  const [loadingLanes, setLoadingLanes] = useState<ReadonlySet<number>>(new Set());

  const view: BoardView = useMemo(
    () => ({ scope: ticketScope(ticketViewerOf(user), true), ...rangeInstants(range) }),
    [user, range],
  );

  const update = useCallback(
    (change: (board: KanbanBoard) => KanbanBoard) =>
      setLiveQueryData<KanbanBoard>(queryClient, key, (board) => (board ? change(board) : board)),
    [queryClient, key],
  );

  const loadMore = useCallback(
    async (laneId: number) => {
      const lane = queryClient.getQueryData<KanbanBoard>(key)?.lanes.find((l) => l.id === laneId);
      if (!lane?.hasMore || !lane.nextCursor || loadingLanes.has(laneId)) return;
      setLoadingLanes((current) => new Set([...current, laneId]));
      try {
        const page = (await kanbanApi.lanePage(range, laneId, lane.nextCursor)).lanes[0];
        if (page) update((board) => appendPage(board, page));
      } catch (error) {
        toastError(error);
      } finally {
        setLoadingLanes((current) => new Set([...current].filter((id) => id !== laneId)));
      }
    },
    [queryClient, key, loadingLanes, range, update],
  );

  const move = useCallback(
    async (ticketId: number, laneId: number) => {
      const board = queryClient.getQueryData<KanbanBoard>(key);
      const found = board && findCard(board, ticketId);
      if (!found || found.lane === laneId) return;
      update((current) => moveCard(current, ticketId, laneId));
      try {
        await kanbanApi.move(ticketId, laneId);
      } catch (error) {
        update((current) => restoreCard(current, found.ticket, found.lane));
        toast.error(t("kanban.moveFailed", { reason: errorMessage(error) }));
      }
    },
    [queryClient, key, update, t],
  );

  // Moves by others (and any change of a ticket) arrive with the ticket's tags: applied in place.
  useCompanyEvent<TicketEventPayload>("ticket", (payload) => {
    if (payload.action === "delete") update((board) => removeCard(board, payload.ticketId));
    else update((board) => applyTicketUpdate(board, payload.ticket, view));
  });

  // A reconnection may have missed events: the board is read again.
  const { socket } = useContext(RealtimeContext);
  useEffect(() => {
    if (!socket) return;
    const onConnect = () => void queryClient.invalidateQueries({ queryKey: kanbanKeys.all });
    socket.on("connect", onConnect);
    return () => {
      socket.off("connect", onConnect);
    };
  }, [socket, queryClient]);

  return { query, loadingLanes, loadMore, move };
}
