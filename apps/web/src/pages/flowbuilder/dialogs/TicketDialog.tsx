import { MenuItem, Stack, TextField } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useQueueOptions } from "../../../api/queues";
import { useUserChoices } from "../../../api/users";
import { NodeDialogFrame, type NodeDialogProps } from "./NodeDialogFrame";

/** The queue the conversation moves to ('Adicione uma fila' without one) and, optionally, a user. */
export function TicketDialog({ mode, data, onSave, onClose }: NodeDialogProps) {
  const { t } = useTranslation();
  const queues = useQueueOptions();
  const users = useUserChoices(true);
  const current = data.queue as { id: number; name?: string } | null | undefined;
  const [queueId, setQueueId] = useState(current?.id ? String(current.id) : "");
  const [userId, setUserId] = useState(data.userId ? String(data.userId) : "");
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const queue = queues.data?.find((q) => String(q.id) === queueId);
    if (!queueId) return setError(t("flowbuilder.errors.queue"));
    const user = users.data?.find((u) => String(u.id) === userId);
    onSave({
      ...data,
      queue: { id: Number(queueId), name: queue?.name ?? current?.name },
      userId: userId ? Number(userId) : null,
      userName: user?.name ?? null,
    });
  };
  return (
    <NodeDialogFrame type="ticket" mode={mode} onSubmit={submit} onClose={onClose} maxWidth="xs">
      <Stack spacing={2}>
        <TextField
          select
          label={t("flowbuilder.fields.queue")}
          size="small"
          value={queueId}
          onChange={(event) => {
            setQueueId(event.target.value);
            setError(null);
          }}
          error={Boolean(error)}
          helperText={error ?? (queues.data?.length === 0 ? t("flowbuilder.ticket.noQueues") : undefined)}
        >
          {(queues.data ?? []).map((queue) => (
            <MenuItem key={queue.id} value={String(queue.id)}>
              {queue.name}
            </MenuItem>
          ))}
          {current?.id && !queues.data?.some((q) => q.id === current.id) && (
            <MenuItem value={String(current.id)}>{current.name ?? `#${current.id}`}</MenuItem>
          )}
        </TextField>
        <TextField
          select
          label={t("flowbuilder.fields.user")}
          size="small"
          value={userId}
          onChange={(event) => setUserId(event.target.value)}
        >
          <MenuItem value="">{t("flowbuilder.fields.noUser")}</MenuItem>
          {(users.data ?? []).map((user) => (
            <MenuItem key={user.id} value={String(user.id)}>
              {user.name}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
    </NodeDialogFrame>
  );
}
