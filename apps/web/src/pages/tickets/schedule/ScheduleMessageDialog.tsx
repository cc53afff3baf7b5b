import { zodResolver } from "@hookform/resolvers/zod";
import {
  defaultScheduleSendAt,
  isScheduleMedia,
  SCHEDULE_MEDIA_ACCEPT,
  scheduleBodyField,
  scheduleSendAtField,
  type TicketDto,
} from "@inbox/shared";
import AttachFileIcon from "@mui/icons-material/AttachFile";
import CloseIcon from "@mui/icons-material/Close";
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormHelperText,
  IconButton,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { schedulesApi } from "../../../api/schedules";
import { toastError } from "../../../app/toast/toast-error";
import { toast } from "../../../app/toast/toast-store";
import { muiRegister } from "../../../components/mui-register";

/** The dialog's fields with the shared rules (spec 1 section 5); the contact comes from the ticket. */
const scheduleFormSchema = z.object({ body: scheduleBodyField, sendAt: scheduleSendAtField });
type ScheduleFormInput = z.input<typeof scheduleFormSchema>;
type ScheduleFormOutput = z.output<typeof scheduleFormSchema>;
const resolver = zodResolver(scheduleFormSchema);

/** A date as a datetime-local input shows it: the local wall clock, to the minute. */
export function toDateTimeLocal(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

interface ScheduleMessageDialogProps {
  ticket: TicketDto;
  onClose: () => void;
  /** Called with nothing once the schedule is saved (the dialog closes itself through onClose). */
  onScheduled?: () => void;
}

/**
 * Schedule a message from the conversation (spec 1 sections 2 and 5): the
 * contact of the ticket, a body of at least 5 characters, the time to send
 * (now plus one hour by default) and an optional png/jpg/jpeg attachment.
 * Rendered only while open, so every opening starts from the defaults.
 */
export function ScheduleMessageDialog({ ticket, onClose, onScheduled }: ScheduleMessageDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ScheduleFormInput, unknown, ScheduleFormOutput>({
    resolver,
    defaultValues: { body: "", sendAt: toDateTimeLocal(defaultScheduleSendAt()) },
  });

  const choose = (chosen: File | undefined) => {
    if (fileInput.current) fileInput.current.value = "";
    if (!chosen) return;
    if (!isScheduleMedia(chosen.name, chosen.type)) {
      setFile(null);
      setFileError(t("schedules.dialog.invalidFile"));
      return;
    }
    setFileError(null);
    setFile(chosen);
  };

  const save = handleSubmit(async ({ body, sendAt }) => {
    try {
      const schedule = await schedulesApi.create({
        body,
        sendAt: sendAt.toISOString(),
        contactId: ticket.contactId,
        ticketId: ticket.id,
        whatsappId: ticket.whatsappId,
      });
      if (file) await schedulesApi.uploadMedia(schedule.id, file);
      toast.success(t("schedules.dialog.success"));
      onScheduled?.();
      onClose();
    } catch (error) {
      toastError(error);
    }
  });

  return (
    <Dialog
      open
      onClose={isSubmitting ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
    >
      <form onSubmit={save} noValidate>
        <DialogTitle id={titleId}>{t("schedules.dialog.title")}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={t("schedules.dialog.contact")}
              value={ticket.contact?.name ?? ""}
              size="small"
              disabled
              fullWidth
            />
            <TextField
              label={t("schedules.dialog.body")}
              multiline
              minRows={3}
              fullWidth
              size="small"
              autoFocus
              error={Boolean(errors.body)}
              helperText={errors.body?.message}
              {...muiRegister(register("body"))}
            />
            <TextField
              label={t("schedules.dialog.sendAt")}
              type="datetime-local"
              size="small"
              fullWidth
              slotProps={{ inputLabel: { shrink: true } }}
              error={Boolean(errors.sendAt)}
              helperText={errors.sendAt?.message}
              {...muiRegister(register("sendAt"))}
            />
            <Stack direction="row" spacing={1} alignItems="center">
              <Button
                size="small"
                variant="outlined"
                startIcon={<AttachFileIcon />}
                onClick={() => fileInput.current?.click()}
                disabled={isSubmitting}
              >
                {t("schedules.dialog.attach")}
              </Button>
              <input
                ref={fileInput}
                type="file"
                hidden
                accept={SCHEDULE_MEDIA_ACCEPT}
                aria-label={t("schedules.dialog.attachment")}
                onChange={(event) => choose(event.target.files?.[0])}
              />
              {file && (
                <>
                  <Typography variant="body2" noWrap sx={{ minWidth: 0, flex: 1 }}>
                    {file.name}
                  </Typography>
                  <IconButton
                    size="small"
                    aria-label={t("schedules.dialog.removeAttachment")}
                    onClick={() => setFile(null)}
                  >
                    <CloseIcon fontSize="small" />
                  </IconButton>
                </>
              )}
            </Stack>
            {fileError && <FormHelperText error>{fileError}</FormHelperText>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isSubmitting}>
            {t("schedules.dialog.cancel")}
          </Button>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            {t("schedules.dialog.save")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
