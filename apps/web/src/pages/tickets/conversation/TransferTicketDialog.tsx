import { zodResolver } from "@hookform/resolvers/zod";
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormHelperText,
  InputLabel,
  MenuItem,
  MenuList,
  Select,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { type KeyboardEvent, useId, useRef, useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { QueueOption } from "../../../api/queues";
import { useUsersWithQueues } from "../../../api/users";
import { muiRegister } from "../../../components/mui-register";
import { type TransferFormInput, transferFormSchema } from "./ticket-action-schemas";
import { transferCandidates } from "./transfer-users";

export interface TransferChoice {
  queueId: number;
  userId: number | null;
  message: string;
}

interface TransferTicketDialogProps {
  open: boolean;
  queues: QueueOption[];
  initialQueueId: number | null;
  busy: boolean;
  onConfirm: (choice: TransferChoice) => void;
  onClose: () => void;
}

const resolver = zodResolver(transferFormSchema);

/**
 * Transfer: a queue (required), a user (optional) and a message to the
 * contact (optional). The chosen queue's users are listed at once (every
 * user while no queue is chosen); the search field only narrows the list.
 * Keyboard: arrow down from the search enters the list, arrows move in it,
 * Enter or Space picks.
 */
export function TransferTicketDialog({
  open,
  queues,
  initialQueueId,
  busy,
  onConfirm,
  onClose,
}: TransferTicketDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const labelId = useId();
  const usersLabelId = useId();
  const listId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const [filter, setFilter] = useState("");
  const users = useUsersWithQueues(open);
  const { control, register, handleSubmit, setValue } = useForm<TransferFormInput>({
    resolver,
    defaultValues: { queueId: initialQueueId ?? "", userId: null, message: "" },
  });
  const queueId = useWatch({ control, name: "queueId" });
  const userId = useWatch({ control, name: "userId" });
  const everyone = users.data ?? [];
  const listed = transferCandidates(everyone, queueId === "" ? null : queueId, filter);

  const chooseQueue = (next: number) => {
    // A chosen user who does not work in the new queue is let go.
    const user = everyone.find((u) => u.id === userId);
    if (user && !user.queueIds.includes(next)) setValue("userId", null);
  };
  const enterList = (event: KeyboardEvent) => {
    if (event.key !== "ArrowDown") return;
    event.preventDefault();
    listRef.current?.querySelector<HTMLElement>('[role="option"]')?.focus();
  };
  const submit = handleSubmit((values) => {
    if (typeof values.queueId !== "number") return;
    onConfirm({ queueId: values.queueId, userId: values.userId, message: values.message.trim() });
  });

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{t("ticketView.transfer.title")}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Controller
              control={control}
              name="queueId"
              render={({ field, fieldState }) => (
                <FormControl fullWidth error={Boolean(fieldState.error)}>
                  <InputLabel id={labelId}>{t("ticketView.transfer.queue")}</InputLabel>
                  <Select
                    labelId={labelId}
                    label={t("ticketView.transfer.queue")}
                    value={field.value}
                    onChange={(event) => {
                      const next = Number(event.target.value);
                      field.onChange(next);
                      chooseQueue(next);
                    }}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    autoFocus
                  >
                    {queues.map((queue) => (
                      <MenuItem key={queue.id} value={queue.id}>
                        {queue.name}
                      </MenuItem>
                    ))}
                  </Select>
                  {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
                </FormControl>
              )}
            />
            <Box>
              <Typography id={usersLabelId} variant="subtitle2" sx={{ mb: 1 }}>
                {t("ticketView.transfer.user")}
              </Typography>
              <TextField
                label={t("ticketView.transfer.search")}
                value={filter}
                onChange={(event) => setFilter(event.target.value)}
                onKeyDown={enterList}
                size="small"
                fullWidth
                slotProps={{ htmlInput: { "aria-controls": listId } }}
              />
              <MenuList
                ref={listRef}
                id={listId}
                role="listbox"
                aria-labelledby={usersLabelId}
                dense
                sx={{
                  maxHeight: 240,
                  overflowY: "auto",
                  border: 1,
                  borderColor: "divider",
                  borderRadius: 1,
                  mt: 1,
                }}
              >
                <MenuItem
                  role="option"
                  aria-selected={userId === null}
                  selected={userId === null}
                  onClick={() => setValue("userId", null)}
                >
                  {t("ticketView.transfer.noUser")}
                </MenuItem>
                {listed.map((user) => (
                  <MenuItem
                    key={user.id}
                    role="option"
                    aria-selected={userId === user.id}
                    selected={userId === user.id}
                    onClick={() => setValue("userId", user.id)}
                  >
                    {user.name}
                  </MenuItem>
                ))}
              </MenuList>
              {users.isLoading ? (
                <Stack direction="row" spacing={1} alignItems="center" sx={{ mt: 1 }}>
                  <CircularProgress size={16} />
                  <Typography variant="body2">{t("ticketView.transfer.loadingUsers")}</Typography>
                </Stack>
              ) : (
                listed.length === 0 && (
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} role="status">
                    {filter.trim() ? t("ticketView.transfer.noUsers") : t("ticketView.transfer.noQueueUsers")}
                  </Typography>
                )
              )}
            </Box>
            <TextField
              label={t("ticketView.transfer.message")}
              multiline
              minRows={2}
              {...muiRegister(register("message"))}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t("common.cancel")}</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {t("ticketView.transfer.confirm")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
