import type { Channel, ConnectionDto } from "@inbox/shared";
import { Dialog, DialogTitle } from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import {
  connectionsApi,
  isChannel,
  storeConnection,
  useConnection,
  useConnectionSettings,
  useCreateConnection,
  useUpdateConnection,
} from "../../api/connections";
import { useFlowOptions } from "../../api/flow-campaigns";
import { usePromptOptions } from "../../api/prompts";
import { useQueueIntegrationOptions } from "../../api/queue-integrations";
import { useQueueOptions } from "../../api/queues";
import { useCurrentUser } from "../../app/auth/auth-context";
import { errorMessage } from "../../app/toast/toast-error";
import { toast } from "../../app/toast/toast-store";
import { STABLE_DIALOG_PAPER } from "../../components/DialogForm";
import { EmptyState } from "../../components/EmptyState";
import { LoadingState } from "../../components/LoadingState";
import { ApiTokenField } from "./dialog/ApiTokenField";
import { ConnectionForm } from "./dialog/ConnectionForm";
import { type ConnectionFormValues, toCreateBody, toUpdateBody } from "./dialog/connection-form-schema";
import type { GreetingMediaChange } from "./dialog/GreetingMediaField";

/** Closed, creating a connection of a channel, or editing one. */
export type ConnectionDialogState =
  | { open: false }
  | { open: true; mode: "create"; channel: Channel }
  | { open: true; mode: "edit"; connectionId: number };

interface ConnectionDialogProps {
  state: ConnectionDialogState;
  /** After a save; `created` is true for a new connection. */
  onSaved: (saved: ConnectionDto, created: boolean) => void;
  onClose: () => void;
}

/**
 * Create or edit a connection: loads the connection (with its webhook URL),
 * the queues and the company settings the tabs depend on, then the form.
 * Saving writes the connection, then its greeting file.
 */
export function ConnectionDialog({ state, onSaved, onClose }: ConnectionDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const editingId = state.open && state.mode === "edit" ? state.connectionId : null;
  const detail = useConnection(editingId);
  const queues = useQueueOptions(state.open);
  const companySettings = useConnectionSettings(user.companyId, state.open);
  const createConnection = useCreateConnection();
  const updateConnection = useUpdateConnection();

  const channel: Channel | null = !state.open
    ? null
    : state.mode === "create"
      ? state.channel
      : isChannel(detail.data?.channel)
        ? detail.data.channel
        : null;

  const settings = {
    userRating: companySettings.data?.userRating ?? false,
    schedulesByConnection: companySettings.data?.scheduleType === "connection",
    integrations: user.company?.plan?.useIntegrations ?? false,
    openAi: user.company?.plan?.useOpenAi ?? false,
  };
  const automation = useAutomationOptions(channel, settings);

  /** The greeting's file follows the saved connection; a failure there keeps the connection saved. */
  const applyMedia = async (saved: ConnectionDto, media: GreetingMediaChange): Promise<ConnectionDto> => {
    if (media.kind === "keep") return saved;
    try {
      const updated =
        media.kind === "upload"
          ? await connectionsApi.uploadGreetingMedia(saved.id, media.file)
          : await connectionsApi.removeGreetingMedia(saved.id);
      storeConnection(queryClient, updated);
      return updated;
    } catch (error) {
      toast.error(t("connectionModal.media.uploadFailed", { error: errorMessage(error) }));
      return saved;
    }
  };

  const handleSubmit = async (values: ConnectionFormValues, media: GreetingMediaChange) => {
    // Spec 2 section 4: the phone sends its history only when paired anew, so a connected
    // connection's session is reset first and started again after the save (a new QR code).
    const resetSession =
      editingId !== null &&
      values.importMessages &&
      detail.data?.channel === "whatsapp" &&
      detail.data.status === "CONNECTED";
    if (resetSession) storeConnection(queryClient, await connectionsApi.session(editingId, "stop"));
    let saved =
      editingId === null
        ? await createConnection.mutateAsync(toCreateBody(values, settings))
        : await updateConnection.mutateAsync({ id: editingId, body: toUpdateBody(values, settings) });
    if (resetSession) {
      saved = await connectionsApi.session(saved.id, "start");
      storeConnection(queryClient, saved);
    }
    const final = await applyMedia(saved, media);
    toast.success(t("connectionModal.saved"));
    if (final.queues.length === 0) toast.warning(t("connectionModal.warnings.savedNoQueues"));
    onSaved(final, editingId === null);
  };

  const title = channel ? t(`connections.channels.${channel}`) : "";
  const failure = detail.isError
    ? detail.error
    : queues.isError
      ? queues.error
      : companySettings.isError
        ? companySettings.error
        : null;
  const ready =
    channel !== null &&
    !queues.isPending &&
    companySettings.data !== undefined &&
    (editingId === null || detail.data !== undefined);

  return (
    <Dialog
      open={state.open}
      onClose={onClose}
      maxWidth="md"
      fullWidth
      scroll="paper"
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: STABLE_DIALOG_PAPER } }}
    >
      <DialogTitle id={titleId}>
        {editingId === null
          ? t("connectionModal.titleAdd", { channel: title })
          : t("connectionModal.titleEdit")}
      </DialogTitle>
      {failure ? (
        <EmptyState message={errorMessage(failure)} />
      ) : ready ? (
        <ConnectionForm
          key={editingId ?? `new-${channel}`}
          channel={channel}
          connection={detail.data}
          queues={queues.data ?? []}
          settings={settings}
          automation={automation}
          onSubmit={handleSubmit}
          onCancel={onClose}
          apiToken={
            editingId !== null &&
            detail.data?.token && <ApiTokenField connectionId={editingId} token={detail.data.token} />
          }
        />
      ) : (
        <LoadingState />
      )}
    </Dialog>
  );
}

/** The automation tab's choices, each fetched only when the dialog shows its select. */
function useAutomationOptions(channel: Channel | null, settings: { integrations: boolean; openAi: boolean }) {
  const flows = useFlowOptions(channel === "whatsapp" || channel === "whatsappapi");
  const prompts = usePromptOptions(channel !== null && settings.openAi);
  const integrations = useQueueIntegrationOptions(channel !== null && settings.integrations);
  return {
    flows: (flows.data ?? []).map(({ id, name }) => ({ id, name })),
    prompts: prompts.data ?? [],
    integrations: integrations.data ?? [],
  };
}
