import { zodResolver } from "@hookform/resolvers/zod";
import { LIMITS, type UserDto } from "@inbox/shared";
import {
  Autocomplete,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormHelperText,
  InputLabel,
  MenuItem,
  Select,
  Stack,
  TextField,
} from "@mui/material";
import { useId, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { QueueOption } from "../../../api/queues";
import { useUserSearch } from "../../../api/users";
import { muiRegister } from "../../../components/mui-register";
import { type TransferFormInput, transferFormSchema } from "./ticket-action-schemas";

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

/** Transfer: a queue (required), a user (optional) and a message to the contact (optional). */
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
  const [term, setTerm] = useState("");
  const { users, loading } = useUserSearch(term);
  const [picked, setPicked] = useState<UserDto | null>(null);
  const { control, register, handleSubmit, setValue } = useForm<TransferFormInput>({
    resolver,
    defaultValues: { queueId: initialQueueId ?? "", userId: null, message: "" },
  });
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
            <Autocomplete
              options={picked && !users.some((u) => u.id === picked.id) ? [picked, ...users] : users}
              value={picked}
              loading={loading}
              filterOptions={(options) => options}
              getOptionLabel={(user) => user.name}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              onChange={(_, user) => {
                setPicked(user);
                setValue("userId", user?.id ?? null);
                const firstQueue = user?.queues[0];
                if (firstQueue) setValue("queueId", firstQueue.id);
              }}
              inputValue={term}
              onInputChange={(_, value) => setTerm(value)}
              noOptionsText={
                term.trim().length < LIMITS.searchMinChars
                  ? t("ticketView.transfer.userHelp")
                  : t("ticketView.transfer.noUsers")
              }
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={t("ticketView.transfer.user")}
                  helperText={t("ticketView.transfer.userHelp")}
                  autoFocus
                />
              )}
            />
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
                    onChange={(event) => field.onChange(event.target.value)}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
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
