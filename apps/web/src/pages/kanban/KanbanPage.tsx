import {
  type Announcements,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { DEFAULT_LANE, type KanbanBoard } from "@inbox/shared";
import ViewKanbanIcon from "@mui/icons-material/ViewKanban";
import { Alert, Box, Button, TextField } from "@mui/material";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { KanbanRange } from "../../api/kanban";
import { useCurrentUser } from "../../app/auth/auth-context";
import { canSeeDashboard } from "../../app/permissions";
import { errorMessage } from "../../app/toast/toast-error";
import { EmptyState } from "../../components/EmptyState";
import { LoadingState } from "../../components/LoadingState";
import { PageHeader } from "../../components/PageHeader";
import { findCard } from "./board-rules";
import { KanbanLaneColumn } from "./KanbanLaneColumn";
import { laneKeyboardCoordinates } from "./lane-keyboard";
import { useKanban } from "./use-kanban";

const pad = (value: number) => String(value).padStart(2, "0");
const localDay = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** Today on the browser's clock (spec 2 section 2: the range defaults to today). */
export function todayRange(now = new Date()): KanbanRange {
  const today = localDay(now);
  return { startDate: today, endDate: today, utcOffset: -now.getTimezoneOffset() };
}

const laneOf = (id: unknown) =>
  typeof id === "string" && id.startsWith("lane-") ? Number(id.slice(5)) : undefined;

/**
 * The kanban board (spec 2 sections 2, 4, 6): a date range and 'Buscar',
 * 'Adicionar colunas' for users who may view the dashboard, the default lane
 * and one per kanban tag. Cards move between lanes by mouse or keyboard
 * (dnd-kit); a move shows at once and is undone with a toast if refused.
 */
export function KanbanPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [range, setRange] = useState<KanbanRange>(() => todayRange());
  const [draft, setDraft] = useState(range);
  const { query, loadingLanes, loadMore, move } = useKanban(range);
  const board = query.data;

  const sensors = useSensors(
    // A few pixels of travel first: a click on 'Ver ticket' or a card is not a drag.
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: laneKeyboardCoordinates }),
  );

  const laneName = (board: KanbanBoard | undefined, id: number | undefined) => {
    if (id === DEFAULT_LANE) return t("kanban.defaultLane");
    return board?.lanes.find((lane) => lane.id === id)?.tag?.name ?? "";
  };
  const contactOf = (id: unknown) =>
    (board && typeof id === "number" && findCard(board, id)?.ticket.contact?.name) || "";

  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      t("kanban.dnd.start", {
        contact: contactOf(active.id),
        lane: laneName(board, active.data.current?.lane),
      }),
    onDragOver: ({ active, over }) =>
      over
        ? t("kanban.dnd.over", { contact: contactOf(active.id), lane: laneName(board, laneOf(over.id)) })
        : t("kanban.dnd.outside", { contact: contactOf(active.id) }),
    onDragEnd: ({ active, over }) =>
      over
        ? t("kanban.dnd.end", { contact: contactOf(active.id), lane: laneName(board, laneOf(over.id)) })
        : t("kanban.dnd.endOutside", { contact: contactOf(active.id) }),
    onDragCancel: ({ active }) =>
      t("kanban.dnd.cancel", {
        contact: contactOf(active.id),
        lane: laneName(board, active.data.current?.lane),
      }),
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const lane = laneOf(over?.id);
    if (lane !== undefined && typeof active.id === "number") void move(active.id, lane);
  };

  const setDay = (field: "startDate" | "endDate", value: string) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return;
    setDraft((current) => {
      const next = { ...current, [field]: value };
      if (next.startDate > next.endDate) {
        if (field === "startDate") next.endDate = value;
        else next.startDate = value;
      }
      return next;
    });
  };

  const lanes = useMemo(() => board?.lanes ?? [], [board]);

  return (
    <>
      <PageHeader
        title={t("kanban.title")}
        actions={
          <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", alignItems: "center" }}>
            <TextField
              type="date"
              size="small"
              label={t("kanban.startDate")}
              value={draft.startDate}
              onChange={(event) => setDay("startDate", event.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              type="date"
              size="small"
              label={t("kanban.endDate")}
              value={draft.endDate}
              onChange={(event) => setDay("endDate", event.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <Button
              variant="contained"
              onClick={() => {
                setRange({ ...draft, utcOffset: -new Date().getTimezoneOffset() });
                void query.refetch();
              }}
            >
              {t("kanban.search")}
            </Button>
            {canSeeDashboard(user) && (
              <Button variant="outlined" component={Link} to="/TagsKanban">
                {t("kanban.addColumns")}
              </Button>
            )}
          </Box>
        }
      />
      {query.isPending && <LoadingState />}
      {query.isError && <Alert severity="error">{errorMessage(query.error)}</Alert>}
      {board && lanes.length === 0 && <EmptyState message={t("kanban.empty")} icon={<ViewKanbanIcon />} />}
      {board && lanes.length > 0 && (
        <DndContext
          sensors={sensors}
          onDragEnd={onDragEnd}
          accessibility={{
            announcements,
            screenReaderInstructions: { draggable: t("kanban.dnd.instructions") },
          }}
        >
          <Box
            role="region"
            aria-label={t("kanban.boardLabel")}
            sx={{ display: "flex", gap: 2, overflowX: "auto", pb: 2, alignItems: "flex-start" }}
          >
            {lanes.map((lane) => (
              <KanbanLaneColumn
                key={lane.id}
                lane={lane}
                name={laneName(board, lane.id)}
                loadingMore={loadingLanes.has(lane.id)}
                onReachEnd={() => void loadMore(lane.id)}
              />
            ))}
          </Box>
        </DndContext>
      )}
    </>
  );
}
