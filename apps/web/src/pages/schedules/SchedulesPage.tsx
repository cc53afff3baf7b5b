import type { ScheduleDto } from "@inbox/shared";
import AddIcon from "@mui/icons-material/Add";
import DeleteIcon from "@mui/icons-material/Delete";
import EditIcon from "@mui/icons-material/Edit";
import { Alert, Box, Button, IconButton, Paper, Stack, Typography } from "@mui/material";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import dayjs from "dayjs";
import "dayjs/locale/en";
import "dayjs/locale/es";
import "dayjs/locale/pt-br";
import "dayjs/locale/tr";
import { createContext, useContext, useMemo, useState } from "react";
import { Calendar, dayjsLocalizer, type EventProps, type View, Views } from "react-big-calendar";
import "react-big-calendar/lib/css/react-big-calendar.css";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { contactsApi } from "../../api/contacts";
import { schedulesApi } from "../../api/schedules";
import { toastError } from "../../app/toast/toast-error";
import { toast } from "../../app/toast/toast-store";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { LoadingState } from "../../components/LoadingState";
import { PageHeader } from "../../components/PageHeader";
import { useCompanyEvent } from "../../realtime/realtime-context";
import { ScheduleMessageDialog } from "../tickets/schedule/ScheduleMessageDialog";
import { type ScheduleEvent, STATUS_COLORS, scheduleEvents } from "./schedule-events";

const localizer = dayjsLocalizer(dayjs);
const CULTURES: Record<string, string> = { pt: "pt-br", en: "en", es: "es", tr: "tr" };
/** The agenda view's length in days (react-big-calendar's default). */
const AGENDA_DAYS = 30;
/** Pages of 40 read per visible range at most (1,000 schedules). */
const MAX_PAGES = 25;

/** The instants a view shows around `date`: what GET /schedules is asked for. */
export function visibleRange(view: View, date: Date): { from: Date; to: Date } {
  const at = dayjs(date);
  if (view === Views.MONTH)
    return {
      from: at.startOf("month").startOf("week").toDate(),
      to: at.endOf("month").endOf("week").add(1, "ms").toDate(),
    };
  if (view === Views.WEEK || view === Views.WORK_WEEK)
    return { from: at.startOf("week").toDate(), to: at.endOf("week").add(1, "ms").toDate() };
  if (view === Views.DAY)
    return { from: at.startOf("day").toDate(), to: at.endOf("day").add(1, "ms").toDate() };
  return { from: at.startOf("day").toDate(), to: at.startOf("day").add(AGENDA_DAYS, "day").toDate() };
}

/** Every schedule with sendAt in the range, page after page. */
async function loadRange(range: { from: Date; to: Date }, signal: AbortSignal): Promise<ScheduleDto[]> {
  const all: ScheduleDto[] = [];
  for (let pageNumber = 1; pageNumber <= MAX_PAGES; pageNumber++) {
    const page = await schedulesApi.list(
      { pageNumber, from: range.from.toISOString(), to: range.to.toISOString() },
      signal,
    );
    all.push(...page.schedules);
    if (!page.hasMore) break;
  }
  return all;
}

type DialogState =
  | { kind: "closed" }
  | { kind: "create"; sendAt?: Date; contact?: { id: number; name: string } }
  | { kind: "edit"; schedule: ScheduleDto };

/**
 * /schedules (spec 3 section 3): the company's schedules on a calendar
 * (month, week, day, agenda; 30-minute steps), loaded per visible range.
 * Clicking a slot schedules a message at that time; clicking a card edits
 * it; `?contactId=` opens the dialog for that contact. A recurring series
 * shows its sends to come, dashed.
 */
export function SchedulesPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const [view, setView] = useState<View>(Views.MONTH);
  const [date, setDate] = useState(() => new Date());
  const [dialog, setDialog] = useState<DialogState>({ kind: "closed" });
  const [deleting, setDeleting] = useState<ScheduleDto | null>(null);
  const [busy, setBusy] = useState(false);
  const range = useMemo(() => visibleRange(view, date), [view, date]);
  const key = ["schedules", "range", range.from.toISOString(), range.to.toISOString()];
  const schedules = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => loadRange(range, signal),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["schedules", "range"] });
  useCompanyEvent("schedule", () => void refresh());

  const contactId = Number(searchParams.get("contactId"));
  const askedContact = useQuery({
    queryKey: ["contacts", "one", contactId],
    queryFn: ({ signal }) => contactsApi.get(contactId, signal),
    enabled: Number.isInteger(contactId) && contactId > 0,
  });
  const contactDialogOpen = askedContact.data !== undefined && searchParams.has("contactId");
  const closeContactDialog = () => {
    const next = new URLSearchParams(searchParams);
    next.delete("contactId");
    setSearchParams(next, { replace: true });
  };

  const events = useMemo(() => scheduleEvents(schedules.data ?? [], range.to), [schedules.data, range.to]);
  const culture = CULTURES[i18n.language.slice(0, 2)] ?? "pt-br";
  const messages = useMemo(
    () => ({
      date: t("schedules.calendar.date"),
      time: t("schedules.calendar.time"),
      event: t("schedules.calendar.event"),
      allDay: t("schedules.calendar.allDay"),
      week: t("schedules.calendar.week"),
      work_week: t("schedules.calendar.work_week"),
      day: t("schedules.calendar.day"),
      month: t("schedules.calendar.month"),
      previous: t("schedules.calendar.previous"),
      next: t("schedules.calendar.next"),
      yesterday: t("schedules.calendar.yesterday"),
      tomorrow: t("schedules.calendar.tomorrow"),
      today: t("schedules.calendar.today"),
      agenda: t("schedules.calendar.agenda"),
      noEventsInRange: t("schedules.calendar.noEventsInRange"),
      showMore: (count: number) => t("schedules.calendar.showMore", { count }),
    }),
    [t],
  );

  const cardActions = useMemo(
    () => ({
      edit: (schedule: ScheduleDto) => setDialog({ kind: "edit", schedule }),
      remove: (schedule: ScheduleDto) => setDeleting(schedule),
    }),
    [],
  );

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await schedulesApi.remove(deleting.id);
      toast.success(t("schedules.page.deleted"));
      setDeleting(null);
      await refresh();
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ p: 2 }}>
      <PageHeader
        title={t("schedules.page.title")}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ kind: "create" })}>
            {t("schedules.page.add")}
          </Button>
        }
      />
      {schedules.isError && <Alert severity="error">{t("schedules.page.loadError")}</Alert>}
      {schedules.isPending ? (
        <LoadingState />
      ) : (
        <Paper sx={{ p: 1, height: "calc(100vh - 180px)", minHeight: 520 }}>
          <CardActions.Provider value={cardActions}>
            <Calendar<ScheduleEvent>
              localizer={localizer}
              culture={culture}
              messages={messages}
              events={events}
              view={view}
              onView={setView}
              date={date}
              onNavigate={setDate}
              views={[Views.MONTH, Views.WEEK, Views.DAY, Views.AGENDA]}
              step={30}
              timeslots={2}
              selectable
              popup
              onSelectSlot={(slot) => setDialog({ kind: "create", sendAt: slotTime(slot.start, view) })}
              onSelectEvent={(event) => setDialog({ kind: "edit", schedule: event.schedule })}
              components={{ event: ScheduleCard }}
              tooltipAccessor={(event) =>
                event.planned
                  ? t("schedules.page.planned")
                  : `${event.schedule.contact.name}: ${event.schedule.body}`
              }
              eventPropGetter={(event) => ({
                "data-status": event.planned ? "planned" : event.schedule.status,
                style: {
                  backgroundColor: STATUS_COLORS[event.schedule.status],
                  opacity: event.planned ? 0.6 : 1,
                  border: event.planned ? "1px dashed #fff" : undefined,
                },
              })}
            />
          </CardActions.Provider>
        </Paper>
      )}
      {dialog.kind === "create" && (
        <ScheduleMessageDialog
          contact={dialog.contact}
          initialSendAt={dialog.sendAt}
          onClose={() => setDialog({ kind: "closed" })}
          onScheduled={() => void refresh()}
        />
      )}
      {dialog.kind === "edit" && (
        <ScheduleMessageDialog
          schedule={dialog.schedule}
          onClose={() => setDialog({ kind: "closed" })}
          onScheduled={() => void refresh()}
        />
      )}
      {contactDialogOpen && askedContact.data && (
        <ScheduleMessageDialog
          contact={{ id: askedContact.data.id, name: askedContact.data.name }}
          onClose={closeContactDialog}
          onScheduled={() => void refresh()}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t("schedules.page.deleteTitle")}
        message={t("schedules.page.deleteBody")}
        busy={busy}
        onConfirm={() => void remove()}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}

/** What a card's buttons do (the calendar renders the cards itself). */
const CardActions = createContext<{ edit(schedule: ScheduleDto): void; remove(schedule: ScheduleDto): void }>(
  {
    edit: () => {},
    remove: () => {},
  },
);

/** An event card: the time, the contact, the status (ERRO for a failed send), edit and delete. */
function ScheduleCard({ event }: EventProps<ScheduleEvent>) {
  const { t } = useTranslation();
  const actions = useContext(CardActions);
  return (
    <Stack direction="row" spacing={0.5} alignItems="center" sx={{ minWidth: 0 }}>
      <Typography variant="caption" noWrap sx={{ flex: 1, minWidth: 0 }}>
        {dayjs(event.start).format("HH:mm")} {event.schedule.contact.name}
        {event.planned ? "" : ` · ${t(`schedules.status.${event.schedule.status}`)}`}
      </Typography>
      {!event.planned && event.schedule.status !== "completed" && (
        <IconButton
          size="small"
          color="inherit"
          aria-label={t("common.edit")}
          onClick={(e) => {
            e.stopPropagation();
            actions.edit(event.schedule);
          }}
          sx={{ p: 0 }}
        >
          <EditIcon sx={{ fontSize: 14 }} />
        </IconButton>
      )}
      {!event.planned && (
        <IconButton
          size="small"
          color="inherit"
          aria-label={t("common.delete")}
          onClick={(e) => {
            e.stopPropagation();
            actions.remove(event.schedule);
          }}
          sx={{ p: 0 }}
        >
          <DeleteIcon sx={{ fontSize: 14 }} />
        </IconButton>
      )}
    </Stack>
  );
}

/** A month-view day starts at midnight: a schedule made there goes at 09:00. */
function slotTime(start: Date, view: View): Date {
  if (view !== Views.MONTH) return start;
  return dayjs(start).hour(9).minute(0).second(0).toDate();
}
