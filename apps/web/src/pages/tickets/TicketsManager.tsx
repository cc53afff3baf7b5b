import type { TicketDto, TicketStatus, UserDto } from "@inbox/shared";
import { canShowAllTickets, WITHOUT_QUEUE } from "@inbox/shared";
import AddIcon from "@mui/icons-material/Add";
import SortIcon from "@mui/icons-material/Sort";
import {
  Badge,
  Box,
  FormControlLabel,
  IconButton,
  Switch,
  Tab,
  Tabs,
  ToggleButton,
  Tooltip,
} from "@mui/material";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useConnectionOptions } from "../../api/connections";
import { useTags } from "../../api/contacts";
import { useQueueOptions } from "../../api/queues";
import { useUserOptions } from "../../api/ticket-actions";
import { type TicketListFilters, type TicketSort, useTicketsInfinite } from "../../api/tickets";
import { isAdmin } from "../../app/permissions";
import { useStoredPreference } from "../../app/preferences";
import { errorMessage } from "../../app/toast/toast-error";
import { QueueMultiSelect } from "../../components/QueueMultiSelect";
import { flattenTickets, listCount } from "../../realtime/ticket-list-rules";
import { type TakenBy, TicketTakenDialog } from "./conversation/TicketTakenDialog";
import { CloseAllButton } from "./manager/CloseAllButton";
import { NewTicketDialog, type ShownTicket } from "./manager/NewTicketDialog";
import { NO_SEARCH_FILTERS, type SearchFilters, SearchPanel } from "./manager/SearchPanel";
import { useDebouncedValue } from "./manager/use-debounced-value";
import { TicketList } from "./TicketList";
import { ticketViewerOf } from "./ticket-viewer";

type MainTab = "open" | "closed" | "search";
type OpenSubtab = "open" | "pending" | "group";

const isMainTab = (value: unknown): value is MainTab =>
  value === "open" || value === "closed" || value === "search";
const isOpenSubtab = (value: unknown): value is OpenSubtab =>
  value === "open" || value === "pending" || value === "group";
const isBoolean = (value: unknown): value is boolean => typeof value === "boolean";
const isSort = (value: unknown): value is TicketSort => value === "ASC" || value === "DESC";
const isIdList = (value: unknown): value is number[] =>
  Array.isArray(value) && value.every((id) => Number.isInteger(id));

/** A request to show the tab of a status (after accepting or reopening); `seq` repeats a request. */
export interface TabFocus {
  status: string;
  seq: number;
}

interface TicketsManagerProps {
  user: UserDto;
  selectedUuid?: string;
  onOpen: (ticket: TicketDto) => void;
  /** A ticket to show in its tab (a new ticket, or the open one the server named). */
  onShow: (ticket: ShownTicket) => void;
  focus?: TabFocus;
}

/** Grey of the 'without queue' choice and badge. */
const NO_QUEUE_COLOR = "#9e9e9e";

const queueFilters = (selectedQueues: number[]) => ({
  queueIds: selectedQueues.filter((id) => id !== WITHOUT_QUEUE),
  withoutQueue: selectedQueues.includes(WITHOUT_QUEUE),
});

const filtersFor = (
  status: TicketStatus,
  showAll: boolean,
  selectedQueues: number[],
  sortTickets?: TicketSort,
): TicketListFilters => ({
  status,
  showAll,
  ...queueFilters(selectedQueues),
  searchParam: "",
  ...(sortTickets ? { sortTickets } : {}),
});

/**
 * The left panel of the tickets screen (spec 1 section 2): the open tab with
 * its subtabs (attending, waiting, groups with allowGroup) and their counts,
 * the resolved tab and the search tab; the show-all toggle for those allowed
 * to see all, new ticket, close-all (admins) and the sort order (open tab).
 * The open-tab lists stay loaded together, so every badge stays live.
 */
export function TicketsManager({ user, selectedUuid, onOpen, onShow, focus }: TicketsManagerProps) {
  const { t } = useTranslation();
  const admin = isAdmin(user);
  // The screen's choices are the user's saved preferences (app/preferences.ts): kept over reloads and sign-ins.
  const [tab, setTab] = useStoredPreference<MainTab>("tickets.tab", "open", isMainTab);
  const [storedSubtab, setSubtab] = useStoredPreference<OpenSubtab>("tickets.subtab", "open", isOpenSubtab);
  const mayShowAll = canShowAllTickets(ticketViewerOf(user));
  const [storedShowAll, setShowAll] = useStoredPreference("tickets.showAll", false, isBoolean);
  const showAll = mayShowAll && storedShowAll;
  /** Empty: every queue the user may see; WITHOUT_QUEUE stands for 'without queue'. */
  const [selectedQueues, setSelectedQueues] = useStoredPreference<number[]>("tickets.queues", [], isIdList);
  const [sort, setSort] = useStoredPreference<TicketSort>("tickets.sort", "DESC", isSort);
  const [searchText, setSearchText] = useState("");
  const [searchOnMessages, setSearchOnMessages] = useState(false);
  const [searchFilters, setSearchFilters] = useState<SearchFilters>(NO_SEARCH_FILTERS);
  const [newTicketOpen, setNewTicketOpen] = useState(false);
  const [takenBy, setTakenBy] = useState<TakenBy | null>(null);
  const groups = admin || user.allowGroup;
  const subtab = storedSubtab === "group" && !groups ? "open" : storedSubtab;
  const searching = tab === "search";
  const searchParam = useDebouncedValue(searchText.trim().toLowerCase());

  // After accepting or reopening, the ticket's tab is shown (spec 1 section 4).
  useEffect(() => {
    if (!focus) return;
    if (focus.status === "closed") {
      setTab("closed");
    } else if (focus.status === "open" || focus.status === "pending" || focus.status === "group") {
      setTab("open");
      setSubtab(focus.status);
    }
  }, [focus, setTab, setSubtab]);

  const open = useTicketsInfinite(filtersFor("open", showAll, selectedQueues, sort));
  const pending = useTicketsInfinite(filtersFor("pending", showAll, selectedQueues, sort));
  const group = useTicketsInfinite(filtersFor("group", showAll, selectedQueues, sort), groups);
  const closed = useTicketsInfinite(filtersFor("closed", showAll, selectedQueues), tab === "closed");
  // The search tab: an ordinary user searches without show-all and without the user filter.
  const search = useTicketsInfinite(
    {
      showAll: admin ? showAll : false,
      ...queueFilters(selectedQueues),
      searchParam,
      searchOnMessages,
      tags: searchFilters.tags,
      users: admin ? searchFilters.users : [],
      whatsapps: searchFilters.whatsapps,
      statuses: searchFilters.statuses,
    },
    searching,
  );
  const queues = useQueueOptions();
  const connections = useConnectionOptions();
  const tags = useTags(searching);
  const users = useUserOptions(searching && admin);

  const queueChoices = [
    ...(queues.data ?? []),
    { id: WITHOUT_QUEUE, name: t("tickets.noQueue"), color: NO_QUEUE_COLOR },
  ];

  const lists = { open, pending, group, closed };
  const current = tab === "search" ? search : tab === "closed" ? closed : lists[subtab];
  const subtabs: OpenSubtab[] = groups ? ["open", "pending", "group"] : ["open", "pending"];

  return (
    <Box sx={{ display: "flex", flexDirection: "column", height: "100%", minHeight: 0 }}>
      <Tabs
        value={tab}
        onChange={(_, value: MainTab) => setTab(value)}
        variant="fullWidth"
        sx={{ borderBottom: 1, borderColor: "divider" }}
      >
        <Tab value="open" label={t("tickets.tabs.open")} />
        <Tab value="closed" label={t("tickets.tabs.closed")} />
        <Tab value="search" label={t("ticketsManager.searchTab")} />
      </Tabs>
      <Box
        role="toolbar"
        aria-label={t("ticketsManager.actions.toolbar")}
        sx={{ display: "flex", alignItems: "center", gap: 0.5, px: 1, pt: 0.5 }}
      >
        <Tooltip title={t("ticketsManager.actions.newTicket")}>
          <IconButton
            color="primary"
            aria-label={t("ticketsManager.actions.newTicket")}
            onClick={() => setNewTicketOpen(true)}
          >
            <AddIcon />
          </IconButton>
        </Tooltip>
        {admin && tab === "open" && <CloseAllButton status={subtab} selectedQueueIds={selectedQueues} />}
        {tab === "open" && (
          <Tooltip title={t("ticketsManager.actions.oldestFirst")}>
            <ToggleButton
              value="ASC"
              size="small"
              selected={sort === "ASC"}
              aria-label={t("ticketsManager.actions.oldestFirst")}
              onChange={() => setSort(sort === "ASC" ? "DESC" : "ASC")}
              sx={{ border: 0, borderRadius: "50%", p: 1 }}
            >
              <SortIcon sx={{ transform: sort === "ASC" ? "scaleY(-1)" : undefined }} />
            </ToggleButton>
          </Tooltip>
        )}
        <Box sx={{ flexGrow: 1 }} />
        {mayShowAll && (
          <FormControlLabel
            sx={{ mr: 0 }}
            control={<Switch size="small" checked={showAll} onChange={(_, value) => setShowAll(value)} />}
            label={t("tickets.showAll")}
          />
        )}
      </Box>
      {searching && (
        <SearchPanel
          text={searchText}
          onTextChange={setSearchText}
          onMessages={searchOnMessages}
          onOnMessagesChange={setSearchOnMessages}
          filters={searchFilters}
          onFiltersChange={setSearchFilters}
          tags={tags.data ?? []}
          connections={connections.data ?? []}
          users={admin ? (users.data ?? []) : undefined}
        />
      )}
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
        showUser={admin}
        queues={queues.data ?? []}
        connections={connections.data ?? []}
        onOpen={onOpen}
      />
      <NewTicketDialog
        open={newTicketOpen}
        user={user}
        onClose={() => setNewTicketOpen(false)}
        onShow={onShow}
        onTaken={setTakenBy}
      />
      <TicketTakenDialog takenBy={takenBy} onClose={() => setTakenBy(null)} />
    </Box>
  );
}
