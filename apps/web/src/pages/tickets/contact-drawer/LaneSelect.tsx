import { DEFAULT_LANE, laneOfTags, type TagDto, type TicketDto } from "@inbox/shared";
import { Box, MenuItem, TextField } from "@mui/material";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../api/client";
import { kanbanApi } from "../../../api/kanban";
import { queryKeys } from "../../../api/query-keys";
import { useCurrentUser } from "../../../app/auth/auth-context";
import { planAllows } from "../../../app/permissions";
import { errorMessage, toastError } from "../../../app/toast/toast-error";

/** The company's kanban lanes (GET /tags/list?kanban=1); under the tags' key, so tag changes refresh it. */
export const laneKeys = { lanes: ["tags", "list", "kanban"] as const };

function useLanes() {
  return useQuery({
    queryKey: laneKeys.lanes,
    queryFn: ({ signal }) => api.get<TagDto[]>("/tags/list", { kanban: 1 }, signal),
  });
}

/**
 * The ticket's kanban stage in the contact drawer (spec 1 section 2): the
 * company's lanes plus 'no stage'. The ticket's lane is its kanban tag with
 * the smallest id (`laneOfTags`, as the board reads it). Choosing a lane is
 * PUT /ticket-tags/{ticketId}/{tagId}, choosing none DELETE /ticket-tags/{ticketId};
 * the ticket's `update` event then carries its new tags into the cached
 * ticket, so moves made elsewhere (the board, the lane timer) show here too.
 * Hidden when the company's plan has no kanban.
 */
export function LaneSelect({ ticket }: { ticket: TicketDto }) {
  const user = useCurrentUser();
  const allowed = planAllows(user, "useKanban");
  return allowed ? <LaneField ticket={ticket} /> : null;
}

function LaneField({ ticket }: { ticket: TicketDto }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const lanes = useLanes();
  const [busy, setBusy] = useState(false);
  const laneIds = useMemo(() => new Set((lanes.data ?? []).map((lane) => lane.id)), [lanes.data]);
  const current = laneOfTags(
    (ticket.tags ?? []).map((tag) => tag.id),
    laneIds,
  );

  const choose = async (lane: number) => {
    if (lane === current) return;
    setBusy(true);
    try {
      await kanbanApi.move(ticket.id, lane);
      // The answer carries no ticket: the cached one takes the new lane now; its update event confirms it.
      const chosen = lanes.data?.find((tag) => tag.id === lane);
      queryClient.setQueryData<TicketDto>(queryKeys.tickets.detail(ticket.uuid), (cached) =>
        cached
          ? {
              ...cached,
              tags: [
                ...(cached.tags ?? []).filter((tag) => !laneIds.has(tag.id)),
                ...(chosen ? [{ id: chosen.id, name: chosen.name, color: chosen.color }] : []),
              ],
            }
          : cached,
      );
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ px: 2, pb: 2 }}>
      <TextField
        select
        fullWidth
        size="small"
        label={t("ticketView.drawer.lane")}
        value={lanes.isSuccess ? String(current) : ""}
        disabled={busy || !lanes.isSuccess}
        error={lanes.isError}
        helperText={lanes.isError ? errorMessage(lanes.error) : undefined}
        onChange={(event) => void choose(Number(event.target.value))}
      >
        <MenuItem value={String(DEFAULT_LANE)}>{t("ticketView.drawer.noLane")}</MenuItem>
        {(lanes.data ?? []).map((lane) => (
          <MenuItem key={lane.id} value={String(lane.id)}>
            {lane.name}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
