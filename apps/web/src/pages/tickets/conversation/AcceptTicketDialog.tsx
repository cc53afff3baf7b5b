import { zodResolver } from "@hookform/resolvers/zod";
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormHelperText,
  InputLabel,
  MenuItem,
  Select,
} from "@mui/material";
import { useId } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { QueueOption } from "../../../api/queues";
import { type AcceptFormInput, acceptFormSchema } from "./ticket-action-schemas";

interface AcceptTicketDialogProps {
  open: boolean;
  title: string;
  queues: QueueOption[];
  busy: boolean;
  onConfirm: (queueId: number) => void;
  onClose: () => void;
}

const resolver = zodResolver(acceptFormSchema);

/** The queue-choice modal: accepting or reopening a ticket without a queue needs one (spec 1 section 4). */
export function AcceptTicketDialog({
  open,
  title,
  queues,
  busy,
  onConfirm,
  onClose,
}: AcceptTicketDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const labelId = useId();
  const { control, handleSubmit } = useForm<AcceptFormInput>({ resolver, defaultValues: { queueId: "" } });
  const submit = handleSubmit((values) => {
    if (typeof values.queueId === "number") onConfirm(values.queueId);
  });
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t("ticketView.accept.message")}</DialogContentText>
          <Controller
            control={control}
            name="queueId"
            render={({ field, fieldState }) => (
              <FormControl fullWidth error={Boolean(fieldState.error)}>
                <InputLabel id={labelId}>{t("ticketView.accept.queue")}</InputLabel>
                <Select
                  labelId={labelId}
                  label={t("ticketView.accept.queue")}
                  value={field.value}
                  onChange={(event) => field.onChange(event.target.value)}
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
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t("common.cancel")}</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {t("ticketView.accept.confirm")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
