import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Tab, Tabs } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../api/api-error";
import { api } from "../../api/client";
import { useFileListOptions } from "../../api/files";
import { queryKeys } from "../../api/query-keys";
import { useQueueIntegrationOptions } from "../../api/queue-integrations";
import { type QueueOption, useQueue, useQueueOptions, useSaveQueue } from "../../api/queues";
import { usersApi } from "../../api/users";
import { useCurrentUser } from "../../app/auth/auth-context";
import { errorMessage, toastError } from "../../app/toast/toast-error";
import { toast } from "../../app/toast/toast-store";
import { DialogForm, STABLE_DIALOG_PAPER } from "../../components/DialogForm";
import { EmptyState } from "../../components/EmptyState";
import { LoadingState } from "../../components/LoadingState";
import type { Choice } from "./ChatbotOptionsEditor";
import { QueueDataTab } from "./QueueDataTab";
import { QueueScheduleTab } from "./QueueScheduleTab";
import {
  type FieldErrors,
  type OptionDraft,
  type OptionPath,
  optionField,
  type QueueDraft,
  toBody,
  toDraft,
  validate,
} from "./queue-form";

interface QueueModalProps {
  open: boolean;
  /** null creates a new queue. */
  queueId: number | null;
  /** How many queues the company has now (the greeting is required with more than one). */
  queueCount: number;
  onClose: () => void;
}

/** GET /companySettingOne?column=scheduleType: "queue" shows the schedule tab. */
function useScheduleType(enabled: boolean) {
  return useQuery({
    queryKey: ["settings", "companySettingOne", "scheduleType"] as const,
    queryFn: ({ signal }) =>
      api.get<Record<string, string | null>>("/companySettingOne", { column: "scheduleType" }, signal),
    enabled,
    staleTime: 0,
    select: (answer) => answer.scheduleType ?? "disabled",
  });
}

/** Everyone the company has, for attendant options (GET /users/list: the whole list, not a page). */
function useUserChoices(enabled: boolean) {
  return useQuery({
    queryKey: [...queryKeys.users.all, "choices"] as const,
    queryFn: () => usersApi.list(),
    enabled,
    staleTime: 60_000,
    select: (list): Choice[] => list.map(({ id, name }) => ({ id, name })),
  });
}

/** Create or edit a queue (spec 2 sections 2, 3 and 5): data tab, and the schedule tab when scheduleType is "queue". */
export function QueueModal({ open, queueId, queueCount, onClose }: QueueModalProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const editing = queueId !== null;
  const detail = useQueue(open && editing ? queueId : null);
  const scheduleType = useScheduleType(open);
  const users = useUserChoices(open);
  const queues = useQueueOptions(open);
  const fileLists = useFileListOptions(open);
  // Options of type `integration` need the list whatever the plan; the queue's own select needs the plan flag.
  const integrations = useQueueIntegrationOptions(open);
  const withIntegration = useCurrentUser().company?.plan?.useIntegrations ?? false;

  const ready =
    (!editing || detail.data !== undefined) &&
    !scheduleType.isPending &&
    !users.isPending &&
    !fileLists.isPending &&
    !integrations.isPending;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth="md"
      fullWidth
      scroll="paper"
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: STABLE_DIALOG_PAPER } }}
    >
      <DialogTitle id={titleId}>
        {editing ? t("queues.modal.titleEdit") : t("queues.modal.titleAdd")}
      </DialogTitle>
      {open && detail.isError ? (
        <EmptyState message={errorMessage(detail.error)} />
      ) : open && ready ? (
        <QueueForm
          key={queueId ?? "new"}
          queueId={queueId}
          initial={toDraft(detail.data)}
          withSchedules={scheduleType.data === "queue"}
          queueCount={editing ? queueCount : queueCount + 1}
          users={users.data ?? []}
          fileLists={fileLists.data ?? []}
          integrations={(integrations.data ?? []).map(({ id, name }) => ({ id, name }))}
          withIntegration={withIntegration}
          queues={(queues.data ?? []).filter((queue: QueueOption) => queue.id !== queueId)}
          onSaved={onClose}
          onCancel={onClose}
        />
      ) : (
        <LoadingState />
      )}
    </Dialog>
  );
}

interface QueueFormProps {
  queueId: number | null;
  initial: QueueDraft;
  withSchedules: boolean;
  /** Queues the company will have with this one. */
  queueCount: number;
  users: Choice[];
  queues: Choice[];
  fileLists: Choice[];
  integrations: Choice[];
  withIntegration: boolean;
  onSaved: () => void;
  onCancel: () => void;
}

type TabName = "data" | "schedules";

function QueueForm({
  queueId,
  initial,
  withSchedules,
  queueCount,
  users,
  queues,
  fileLists,
  integrations,
  withIntegration,
  onSaved,
  onCancel,
}: QueueFormProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [tab, setTab] = useState<TabName>("data");
  const save = useSaveQueue();
  const contentRef = useRef<HTMLDivElement>(null);
  /** Counts the refused saves: after each, the first field showing an error takes the focus. */
  const [refusals, setRefusals] = useState(0);

  // The content scrolls: without this a refusal could show only errors out of view.
  useEffect(() => {
    if (refusals === 0) return;
    contentRef.current
      ?.querySelector<HTMLElement>('[aria-invalid="true"]:not([aria-hidden="true"])')
      ?.focus();
  }, [refusals]);

  const change = (patch: Partial<QueueDraft>) => setDraft((current) => ({ ...current, ...patch }));

  /** Shows the errors, on the tab of the first one. */
  const showErrors = (found: FieldErrors) => {
    setErrors(found);
    setRefusals((count) => count + 1);
    const first = Object.keys(found)[0];
    if (first) setTab(first.startsWith("schedules") ? "schedules" : "data");
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const body = toBody(draft, withSchedules);
    const found = validate(body, queueCount);
    if (Object.keys(found).length > 0) {
      showErrors(found);
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync({ id: queueId, body });
      toast.success(t("queues.saved"));
      onSaved();
    } catch (error) {
      const fromServer = serverErrors(error, draft.chatbots);
      if (fromServer) showErrors(fromServer);
      else toastError(error);
    }
  };

  return (
    <DialogForm onSubmit={(event) => void submit(event)}>
      <Tabs value={tab} onChange={(_, value: TabName) => setTab(value)} sx={{ px: 3, flexShrink: 0 }}>
        <Tab value="data" label={t("queues.modal.tabs.data")} />
        {withSchedules && <Tab value="schedules" label={t("queues.modal.tabs.schedules")} />}
      </Tabs>
      <DialogContent dividers ref={contentRef}>
        {tab === "data" || !withSchedules ? (
          <QueueDataTab
            draft={draft}
            errors={errors}
            users={users}
            queues={queues}
            fileLists={fileLists}
            integrations={integrations}
            withIntegration={withIntegration}
            onChange={change}
          />
        ) : (
          <QueueScheduleTab
            schedules={draft.schedules}
            errors={errors}
            onChange={(schedules) => change({ schedules })}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={save.isPending}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {queueId === null ? t("queues.modal.add") : t("common.save")}
        </Button>
      </DialogActions>
    </DialogForm>
  );
}

/** Fields the modal shows an error under. */
const SHOWN_FIELDS = new Set([
  "name",
  "color",
  "greetingMessage",
  "outOfHoursMessage",
  "orderQueue",
  "tempoRoteador",
  "integrationId",
  "fileListId",
  "chatbots",
]);
const isShown = (field: string) =>
  SHOWN_FIELDS.has(field) || field.startsWith("chatbots.") || field.startsWith("schedules.");

/**
 * The server names no option when an option's integration is not the company's
 * (field "optIntegrationId"): the refusal goes under every option that chose one.
 */
function integrationOptionErrors(options: OptionDraft[], message: string, parent: OptionPath = []) {
  const found: FieldErrors = {};
  options.forEach((option, index) => {
    const path = [...parent, index];
    if (option.queueType === "integration" && option.optIntegrationId)
      found[optionField(path, "optIntegrationId")] = message;
    Object.assign(found, integrationOptionErrors(option.options, message, path));
  });
  return found;
}

/** A refusal about fields the modal shows, as field errors; undefined for others (toasted instead). */
function serverErrors(error: unknown, options: OptionDraft[]): FieldErrors | undefined {
  if (!isApiError(error)) return undefined;
  // Another company's (or a deleted) record the queue links to: 400 ERR_NOT_FOUND on its field.
  if (error.code === "ERR_NOT_FOUND" && error.status === 400) {
    if (error.field === "integrationId" || error.field === "fileListId")
      return { [error.field]: error.message };
    if (error.field === "optIntegrationId") {
      const found = integrationOptionErrors(options, error.message);
      return Object.keys(found).length > 0 ? found : undefined;
    }
    return undefined;
  }
  if (error.code === "ERR_QUEUE_NAME_ALREADY_EXISTS") return { name: errorMessage(error) };
  if (error.code === "ERR_QUEUE_COLOR_ALREADY_EXISTS") return { color: errorMessage(error) };
  if (error.code !== "ERR_VALIDATION" || !error.field) return undefined;
  const issues = error.issues?.length ? error.issues : [{ field: error.field, message: error.message }];
  if (!issues.every((issue) => isShown(issue.field))) return undefined;
  return Object.fromEntries(issues.map((issue) => [issue.field, issue.message]));
}
