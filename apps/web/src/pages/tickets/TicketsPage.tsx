import { LIMITS, type TicketDto } from "@inbox/shared";
import ForumIcon from "@mui/icons-material/Forum";
import { Box, Paper } from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useNavigate, useParams } from "react-router";
import { queryKeys } from "../../api/query-keys";
import { useCurrentUser } from "../../app/auth/auth-context";
import { EmptyState } from "../../components/EmptyState";
import { TicketEvents } from "../../realtime/TicketEvents";
import type { TicketActionOutcome } from "./conversation/TicketActions";
import { type TabFocus, TicketsManager } from "./TicketsManager";
import { TicketView } from "./TicketView";
import { ticketViewerOf } from "./ticket-viewer";

/**
 * The tickets screen (spec 1 section 2): the list on the left, the selected
 * ticket (or a welcome message) on the right; on narrow screens one at a
 * time. A missing or 'undefined' id goes back to /tickets.
 */
export function TicketsPage() {
  const { t } = useTranslation();
  const { uuid } = useParams();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const viewer = useMemo(() => ticketViewerOf(user), [user]);
  const width = Math.min(
    LIMITS.ticketsPanelMaxWidth,
    Math.max(LIMITS.ticketsPanelMinWidth, user.defaultTicketsManagerWidth),
  );

  // Lists are kept current by events only while this screen listens: leaving it drops them.
  useEffect(
    () => () => {
      queryClient.removeQueries({ queryKey: queryKeys.tickets.all });
      queryClient.removeQueries({ queryKey: queryKeys.messages.all });
    },
    [queryClient],
  );

  const open = useCallback((ticket: TicketDto) => navigate(`/tickets/${ticket.uuid}`), [navigate]);

  const [focus, setFocus] = useState<TabFocus | undefined>(undefined);
  /** After accept or reopen: the ticket in its tab; after close, return, transfer or delete: the list. */
  const afterAction = useCallback(
    (outcome: TicketActionOutcome) => {
      if (outcome.shown) {
        const { status, uuid: shownUuid } = outcome.shown;
        setFocus((current) => ({ status, seq: (current?.seq ?? 0) + 1 }));
        navigate(`/tickets/${shownUuid}`);
      } else if (outcome.openUuid) {
        navigate(`/tickets/${outcome.openUuid}`);
      } else if (outcome.leave) {
        navigate("/tickets");
      }
    },
    [navigate],
  );

  if (uuid === "undefined" || uuid === "") return <Navigate to="/tickets" replace />;

  return (
    <Box
      sx={{
        display: "flex",
        gap: 2,
        height: { xs: "calc(100vh - 80px)", md: "calc(100vh - 112px)" },
        minHeight: 400,
      }}
    >
      <TicketEvents viewer={viewer} />
      <Paper
        variant="outlined"
        component="section"
        aria-label={t("tickets.title")}
        sx={{
          width: { xs: "100%", md: width },
          flexShrink: 0,
          display: { xs: uuid ? "none" : "flex", md: "flex" },
          flexDirection: "column",
          overflow: "hidden",
        }}
      >
        <TicketsManager user={user} selectedUuid={uuid} onOpen={open} focus={focus} />
      </Paper>
      <Paper
        variant="outlined"
        sx={{
          flexGrow: 1,
          minWidth: 0,
          display: { xs: uuid ? "flex" : "none", md: "flex" },
          flexDirection: "column",
          overflow: "hidden",
          justifyContent: uuid ? "stretch" : "center",
        }}
      >
        {uuid ? (
          <TicketView key={uuid} uuid={uuid} onBack={() => navigate("/tickets")} onOutcome={afterAction} />
        ) : (
          <EmptyState icon={<ForumIcon fontSize="large" aria-hidden />} message={t("tickets.welcome")} />
        )}
      </Paper>
    </Box>
  );
}
