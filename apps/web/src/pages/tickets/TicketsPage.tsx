import type { TicketDto } from "@inbox/shared";
import ForumIcon from "@mui/icons-material/Forum";
import ListIcon from "@mui/icons-material/List";
import { Box, Button, Paper, Tab, Tabs, useMediaQuery, useTheme } from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useNavigate, useParams } from "react-router";
import { queryKeys } from "../../api/query-keys";
import { usersApi } from "../../api/users";
import { useAuth, useCurrentUser } from "../../app/auth/auth-context";
import { toastError } from "../../app/toast/toast-error";
import { EmptyState } from "../../components/EmptyState";
import { TicketEvents } from "../../realtime/TicketEvents";
import type { TicketActionOutcome } from "./conversation/TicketActions";
import type { ShownTicket } from "./manager/NewTicketDialog";
import { clampPanelWidth, PanelResizer } from "./manager/PanelResizer";
import { type TabFocus, TicketsManager } from "./TicketsManager";
import { TicketView } from "./TicketView";
import { ticketViewerOf } from "./ticket-viewer";

type NarrowTab = "ticket" | "list";

/**
 * The tickets screen (spec 1 section 2). On wide screens the list on the
 * left (resizable between 404 and 700 px, the width saved for the user) and
 * the selected ticket (or a welcome message) on the right; on narrow
 * screens two tabs, the ticket and 'Atendimentos' (the list). A missing or
 * 'undefined' id goes back to /tickets.
 */
export function TicketsPage() {
  const { t } = useTranslation();
  const { uuid } = useParams();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const { updateUser } = useAuth();
  const queryClient = useQueryClient();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down("md"), { noSsr: true });
  const viewer = useMemo(() => ticketViewerOf(user), [user]);
  const listId = useId();

  // Lists are kept current by events only while this screen listens: leaving it drops them.
  useEffect(
    () => () => {
      queryClient.removeQueries({ queryKey: queryKeys.tickets.all });
      queryClient.removeQueries({ queryKey: queryKeys.messages.all });
    },
    [queryClient],
  );

  const [width, setWidth] = useState(() => clampPanelWidth(user.defaultTicketsManagerWidth));
  const savedWidth = useRef(width);
  const saveWidth = useCallback(
    (next: number) => {
      if (next === savedWidth.current) return;
      const previous = savedWidth.current;
      savedWidth.current = next;
      usersApi.setTicketsWidth(user.id, next).then(updateUser, (error: unknown) => {
        savedWidth.current = previous;
        toastError(error);
      });
    },
    [user.id, updateUser],
  );

  const [narrowTab, setNarrowTab] = useState<NarrowTab>(uuid ? "ticket" : "list");
  // Picking a ticket shows it; on narrow screens that is the ticket tab.
  useEffect(() => {
    if (uuid) setNarrowTab("ticket");
  }, [uuid]);

  const open = useCallback((ticket: TicketDto) => navigate(`/tickets/${ticket.uuid}`), [navigate]);

  const [focus, setFocus] = useState<TabFocus | undefined>(undefined);
  const show = useCallback(
    ({ status, uuid: shownUuid }: ShownTicket) => {
      setFocus((current) => ({ status, seq: (current?.seq ?? 0) + 1 }));
      navigate(`/tickets/${shownUuid}`);
    },
    [navigate],
  );
  /** After accept or reopen: the ticket in its tab; after close, return, transfer or delete: the list. */
  const afterAction = useCallback(
    (outcome: TicketActionOutcome) => {
      if (outcome.shown) {
        show(outcome.shown);
      } else if (outcome.openUuid) {
        navigate(`/tickets/${outcome.openUuid}`);
      } else if (outcome.leave) {
        setNarrowTab("list");
        navigate("/tickets");
      }
    },
    [navigate, show],
  );
  const back = useCallback(() => {
    setNarrowTab("list");
    navigate("/tickets");
  }, [navigate]);

  if (uuid === "undefined" || uuid === "") return <Navigate to="/tickets" replace />;

  const listVisible = !narrow || narrowTab === "list";
  const ticketVisible = !narrow || narrowTab === "ticket";

  return (
    <Box
      sx={{
        display: "flex",
        flexDirection: narrow ? "column" : "row",
        gap: narrow ? 1 : 2,
        height: { xs: "calc(100vh - 80px)", md: "calc(100vh - 112px)" },
        minHeight: 400,
      }}
    >
      <TicketEvents viewer={viewer} />
      {narrow && (
        <Tabs
          value={narrowTab}
          onChange={(_, value: NarrowTab) => setNarrowTab(value)}
          variant="fullWidth"
          aria-label={t("ticketsManager.narrow.tabs")}
          sx={{ flexShrink: 0, borderBottom: 1, borderColor: "divider" }}
        >
          <Tab
            value="ticket"
            icon={<ForumIcon />}
            iconPosition="start"
            label={t("ticketsManager.narrow.ticket")}
          />
          <Tab
            value="list"
            icon={<ListIcon />}
            iconPosition="start"
            label={t("ticketsManager.narrow.list")}
          />
        </Tabs>
      )}
      <Paper
        id={listId}
        variant="outlined"
        component="section"
        aria-label={t("tickets.title")}
        sx={{
          width: narrow ? "100%" : width,
          flexShrink: 0,
          flexGrow: narrow ? 1 : 0,
          minHeight: 0,
          display: listVisible ? "flex" : "none",
          flexDirection: "column",
          overflow: "hidden",
        }}
      >
        <TicketsManager user={user} selectedUuid={uuid} onOpen={open} onShow={show} focus={focus} />
      </Paper>
      {!narrow && (
        <PanelResizer
          width={width}
          label={t("ticketsManager.resize")}
          controls={listId}
          onChange={setWidth}
          onCommit={saveWidth}
        />
      )}
      <Paper
        variant="outlined"
        sx={{
          flexGrow: 1,
          minWidth: 0,
          minHeight: 0,
          display: ticketVisible ? "flex" : "none",
          flexDirection: "column",
          overflow: "hidden",
          justifyContent: uuid ? "stretch" : "center",
        }}
      >
        {uuid ? (
          <TicketView key={uuid} uuid={uuid} onBack={back} onOutcome={afterAction} />
        ) : (
          <Box sx={{ display: "flex", flexDirection: "column", alignItems: "center", gap: 2 }}>
            <EmptyState icon={<ForumIcon fontSize="large" aria-hidden />} message={t("tickets.welcome")} />
            {narrow && (
              <Button variant="contained" startIcon={<ListIcon />} onClick={() => setNarrowTab("list")}>
                {t("ticketsManager.narrow.pickTicket")}
              </Button>
            )}
          </Box>
        )}
      </Paper>
    </Box>
  );
}
