import type { TicketDto, TicketStatus, UserDto } from "@inbox/shared";
import { canShowAllTickets, WITHOUT_QUEUE } from "@inbox/shared";
import { Badge, Box, FormControlLabel, Switch, Tab, Tabs } from "@mui/material";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useConnectionOptions } from "../../api/connections";
import { useQueueOptions } from "../../api/queues";
import { type TicketListFilters, useTicketsInfinite } from "../../api/tickets";
import { isAdmin } from "../../app/permissions";
import { errorMessage } from "../../app/toast/toast-error";
import { QueueMultiSelect } from "../../components/QueueMultiSelect";
import { flattenTickets, listCount } from "../../realtime/ticket-list-rules";
import { TicketList } from "./TicketList";
import { ticketViewerOf } from "./ticket-viewer";

type MainTab = "open" | "closed";
type OpenSubtab = "open" | "pending" | "group";

/** A request to show the tab of a status (after accepting or reopening); `seq` repeats a request. */
export interface TabFocus {
  status: string;
  seq: number;
}

interface TicketsManagerProps {
  user: UserDto;
  selectedUuid?: string;
  onOpen: (ticket: TicketDto) => void;
  focus?: TabFocus;
}

/** Grey of the 'without queue' choice and badge. */
const NO_QUEUE_COLOR = "#9e9e9e";

const filtersFor = (status: TicketStatus, showAll: boolean, selectedQueues: number[]): TicketListFilters => ({
  status,
  showAll,
  queueIds: selectedQueues.filter((id) => id !== WITHOUT_QUEUE),
  withoutQueue: selectedQueues.includes(WITHOUT_QUEUE),
  searchParam: "",
});

/**
 * The left panel of the tickets screen (spec 1 section 2): the open tab with
 * its subtabs (attending, waiting, groups with allowGroup) and their counts,
 * the resolved tab, and the show-all toggle for those allowed to see all.
 * The open-tab lists stay loaded together, so every badge stays live.
 */
export function TicketsManager({ user, selectedUuid, onOpen, focus }: TicketsManagerProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<MainTab>("open");
  const [subtab, setSubtab] = useState<OpenSubtab>("open");
  const mayShowAll = canShowAllTickets(ticketViewerOf(user));
  const [showAll, setShowAll] = useState(false);
  /** Empty: every queue the user may see; WITHOUT_QUEUE stands for 'without queue'. */
  const [selectedQueues, setSelectedQueues] = useState<number[]>([]);
  const groups = isAdmin(user) || user.allowGroup;

  // After accepting or reopening, the ticket's tab is shown (spec 1 section 4).
  useEffect(() => {
    if (!focus) return;
    if (focus.status === "closed") {
      setTab("closed");
    } else if (focus.status === "open" || focus.status === "pending" || focus.status === "group") {
      setTab("open");
      setSubtab(focus.status);
    }
  }, [focus]);

  const open = useTicketsInfinite(filtersFor("open", showAll, selectedQueues));
  const pending = useTicketsInfinite(filtersFor("pending", showAll, selectedQueues));
  const group = useTicketsInfinite(filtersFor("group", showAll, selectedQueues), groups);
  const closed = useTicketsInfinite(filtersFor("closed", showAll, selectedQueues), tab === "closed");
  const queues = useQueueOptions();
  const connections = useConnectionOptions();

  const queueChoices = [
    ...(queues.data ?? []),
    { id: WITHOUT_QUEUE, name: t("tickets.noQueue"), color: NO_QUEUE_COLOR },
  ];

  const lists = { open, pending, group, closed };
  const current = tab === "closed" ? closed : lists[subtab];
  const subtabs: OpenSubtab[] = groups ? ["open", "pending", "group"] : ["open", "pending"];

  return (
    <Box sx={{ display: "flex", flexDirection: "column", height: "100%", minHeight: 0 }}>
      <Box sx={{ display: "flex", alignItems: "center", borderBottom: 1, borderColor: "divider" }}>
        <Tabs value={tab} onChange={(_, value: MainTab) => setTab(value)} sx={{ flexGrow: 1 }}>
          <Tab value="open" label={t("tickets.tabs.open")} />
          <Tab value="closed" label={t("tickets.tabs.closed")} />
        </Tabs>
        {mayShowAll && (
          <FormControlLabel
            sx={{ mr: 1 }}
            control={<Switch size="small" checked={showAll} onChange={(_, value) => setShowAll(value)} />}
            label={t("tickets.showAll")}
          />
        )}
      </Box>
      <Box sx={{ px: 1.5, pt: 1.5 }}>
        <QueueMultiSelect
          name="queueIds"
          size="small"
          label={t("tickets.queueFilter")}
          queues={queueChoices}
          value={selectedQueues}
          onChange={setSelectedQueues}
        />
      </Box>
      {tab === "open" && (
        <Tabs
          value={subtab}
          onChange={(_, value: OpenSubtab) => setSubtab(value)}
          variant="fullWidth"
          sx={{ borderBottom: 1, borderColor: "divider" }}
        >
          {subtabs.map((name) => {
            const label = t(`tickets.subtabs.${name}`);
            const count = listCount(lists[name].data);
            return (
              <Tab
                key={name}
                value={name}
                aria-label={t("tickets.count", { label, count })}
                label={
                  <Badge badgeContent={count} color={name === "pending" ? "secondary" : "primary"} max={999}>
                    <Box component="span" sx={{ pr: 1.5 }}>
                      {label}
                    </Box>
                  </Badge>
                }
              />
            );
          })}
        </Tabs>
      )}
      <TicketList
        tickets={flattenTickets(current.data)}
        loading={current.isPending}
        error={current.isError ? errorMessage(current.error) : undefined}
        loadingMore={current.isFetchingNextPage}
        canLoadMore={Boolean(current.hasNextPage)}
        onLoadMore={() => void current.fetchNextPage()}
        selectedUuid={selectedUuid}
        showUser={isAdmin(user)}
        queues={queues.data ?? []}
        connections={connections.data ?? []}
        onOpen={onOpen}
      />
    </Box>
  );
}
