import { useDroppable } from "@dnd-kit/core";
import type { KanbanLane } from "@inbox/shared";
import { Box, CircularProgress, Paper, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { InfiniteScrollArea } from "../../components/InfiniteScrollArea";
import { KanbanCard } from "./KanbanCard";

interface KanbanLaneColumnProps {
  lane: KanbanLane;
  name: string;
  loadingMore: boolean;
  onReachEnd: () => void;
}

export const DEFAULT_LANE_COLOR = "#9e9e9e";

/** A lane: its tag's name in its colour, its cards (more as the user scrolls), a drop target. */
export function KanbanLaneColumn({ lane, name, loadingMore, onReachEnd }: KanbanLaneColumnProps) {
  const { t } = useTranslation();
  const { setNodeRef, isOver } = useDroppable({ id: `lane-${lane.id}`, data: { lane: lane.id } });
  const color = lane.tag?.color ?? DEFAULT_LANE_COLOR;
  const headingId = `kanban-lane-${lane.id}-title`;

  return (
    <Paper
      ref={setNodeRef}
      component="section"
      aria-labelledby={headingId}
      data-testid={`kanban-lane-${lane.id}`}
      variant="outlined"
      sx={{
        width: 300,
        flexShrink: 0,
        display: "flex",
        flexDirection: "column",
        bgcolor: isOver ? "action.hover" : "background.default",
        borderTop: 4,
        borderTopColor: color,
      }}
    >
      <Box sx={{ px: 1.5, py: 1, display: "flex", alignItems: "center", gap: 1 }}>
        <Box sx={{ width: 12, height: 12, borderRadius: "50%", bgcolor: color }} aria-hidden />
        <Typography id={headingId} variant="subtitle1" component="h2" noWrap>
          {name}
        </Typography>
      </Box>
      <InfiniteScrollArea
        canLoadMore={lane.hasMore && !loadingMore}
        onReachEnd={onReachEnd}
        sx={{
          px: 1,
          pb: 1,
          display: "flex",
          flexDirection: "column",
          gap: 1,
          flexGrow: 1,
          maxHeight: "calc(100vh - 240px)",
        }}
      >
        {lane.tickets.map((ticket) => (
          <KanbanCard key={ticket.id} ticket={ticket} lane={lane.id} />
        ))}
        {lane.tickets.length === 0 && !lane.hasMore && (
          <Typography variant="body2" color="text.secondary" sx={{ p: 2, textAlign: "center" }}>
            {t("kanban.empty")}
          </Typography>
        )}
        {loadingMore && (
          <Box role="status" sx={{ display: "flex", justifyContent: "center", p: 1 }}>
            <CircularProgress size={20} aria-label={t("kanban.loadingMore")} />
          </Box>
        )}
      </InfiniteScrollArea>
    </Paper>
  );
}
