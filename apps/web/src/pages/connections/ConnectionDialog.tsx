import type { Channel, ConnectionDto } from "@inbox/shared";
import { Dialog, DialogTitle } from "@mui/material";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { isChannel, useConnection, useCreateConnection, useUpdateConnection } from "../../api/connections";
import { useQueueOptions } from "../../api/queues";
import { errorMessage } from "../../app/toast/toast-error";
import { toast } from "../../app/toast/toast-store";
import { ConnectionForm } from "../../components/connection-modal/ConnectionForm";
import {
  type ConnectionFormValues,
  toCreateBody,
  toUpdateBody,
} from "../../components/connection-modal/connection-form-schema";
import { EmptyState } from "../../components/EmptyState";
import { LoadingState } from "../../components/LoadingState";

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

/** Create or edit a connection: loads the connection (with its webhook URL) and the queues, then the form. */
export function ConnectionDialog({ state, onSaved, onClose }: ConnectionDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const editingId = state.open && state.mode === "edit" ? state.connectionId : null;
  const detail = useConnection(editingId);
  const queues = useQueueOptions(state.open);
  const createConnection = useCreateConnection();
  const updateConnection = useUpdateConnection();

  const channel: Channel | null = !state.open
    ? null
    : state.mode === "create"
      ? state.channel
      : isChannel(detail.data?.channel)
        ? detail.data.channel
        : null;

  const handleSubmit = async (values: ConnectionFormValues) => {
    const saved =
      editingId === null
        ? await createConnection.mutateAsync(toCreateBody(values))
        : await updateConnection.mutateAsync({ id: editingId, body: toUpdateBody(values) });
    toast.success(t("connectionModal.saved"));
    onSaved(saved, editingId === null);
  };

  const title = channel ? t(`connections.channels.${channel}`) : "";
  const failure = detail.isError ? detail.error : queues.isError ? queues.error : null;
  const ready = channel !== null && !queues.isPending && (editingId === null || detail.data !== undefined);

  return (
    <Dialog
      open={state.open}
      onClose={onClose}
      maxWidth="md"
      fullWidth
      scroll="paper"
      aria-labelledby={titleId}
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
          onSubmit={handleSubmit}
          onCancel={onClose}
        />
      ) : (
        <LoadingState />
      )}
    </Dialog>
  );
}
