import { zodResolver } from "@hookform/resolvers/zod";
import {
  defaultScheduleSendAt,
  isScheduleMedia,
  LIMITS,
  recurrenceIssues,
  SCHEDULE_MEDIA_ACCEPT,
  type ScheduleDto,
  scheduleBodyField,
  scheduleRecurrenceFields,
  scheduleSendAtField,
  type TicketDto,
} from "@inbox/shared";
import AttachFileIcon from "@mui/icons-material/AttachFile";
import CloseIcon from "@mui/icons-material/Close";
import {
  Autocomplete,
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
import { type Resolver, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { schedulesApi } from "../../../api/schedules";
import { useContactSearch } from "../../../api/ticket-actions";
import { toastError } from "../../../app/toast/toast-error";
import { toast } from "../../../app/toast/toast-store";
import { muiRegister } from "../../../components/mui-register";
import { useDebouncedValue } from "../manager/use-debounced-value";
import { RecurrenceFields, type RecurrenceFormValues } from "./RecurrenceFields";

/** An input's text as a number; empty is none. */
const numberOrNone = <T extends z.ZodType>(field: T) =>
  z.preprocess(
    (value) => (value === "" || value === undefined || value === null ? null : Number(value)),
    field,
  );

/** The dialog's fields with the shared rules (spec 1 section 5; recurrence spec 3 section 5). */
const scheduleFormSchema = z
  .object({
    body: scheduleBodyField,
    sendAt: scheduleSendAtField,
    intervalo: numberOrNone(scheduleRecurrenceFields.intervalo),
    valorIntervalo: numberOrNone(scheduleRecurrenceFields.valorIntervalo),
    enviarQuantasVezes: numberOrNone(scheduleRecurrenceFields.enviarQuantasVezes),
    tipoDias: z.preprocess((value) => Number(value || 4), scheduleRecurrenceFields.tipoDias),
  })
  .superRefine((value, ctx) => {
    for (const issue of recurrenceIssues(value))
      ctx.addIssue({ code: "custom", path: [issue.field], message: issue.message });
  });
type ScheduleFormInput = RecurrenceFormValues & { body: string; sendAt: string };
type ScheduleFormOutput = z.output<typeof scheduleFormSchema>;
const resolver = zodResolver(scheduleFormSchema) as unknown as Resolver<
  ScheduleFormInput,
  unknown,
  ScheduleFormOutput
>;

/** A date as a datetime-local input shows it: the local wall clock, to the minute. */
export function toDateTimeLocal(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

interface ScheduleMessageDialogProps {
  /** Made from the conversation: the ticket's contact, ticket and connection. */
  ticket?: TicketDto;
  /** Made from the calendar for this contact (?contactId=); neither: the dialog asks for one. */
  contact?: { id: number; name: string };
  /** Editing this schedule. */
  schedule?: ScheduleDto;
  /** The time a new schedule starts at (a calendar slot); now plus one hour otherwise. */
  initialSendAt?: Date;
  onClose: () => void;
  /** Called with the saved schedule (the dialog closes itself through onClose). */
  onScheduled?: (schedule: ScheduleDto) => void;
}

type ContactChoice = { id: number; name: string };

/**
 * Schedule a message (spec 1 sections 2 and 5; spec 3 "Schedules"): the
 * contact (the ticket's, the calendar's or one searched for), a body of at
 * least 5 characters, the time to send (now plus one hour by default), an
 * optional png/jpg/jpeg attachment and the recurrence. Rendered only while
 * open, so every opening starts from its defaults.
 */
export function ScheduleMessageDialog({
  ticket,
  contact: givenContact,
  schedule,
  initialSendAt,
  onClose,
  onScheduled,
}: ScheduleMessageDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const fixedContact =
    schedule?.contact ?? (ticket ? { id: ticket.contactId, name: ticket.contact?.name ?? "" } : givenContact);
  const [picked, setPicked] = useState<ContactChoice | null>(null);
  const [contactText, setContactText] = useState("");
  const [contactError, setContactError] = useState<string | null>(null);
  const term = useDebouncedValue(contactText.trim());
  const searching = !fixedContact && term.length >= LIMITS.searchMinChars;
  const found = useContactSearch(term, searching);
  const contact: ContactChoice | null | undefined = fixedContact ?? picked;
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ScheduleFormInput, unknown, ScheduleFormOutput>({
    resolver,
    defaultValues: {
      body: schedule?.body ?? "",
      sendAt: toDateTimeLocal(
        schedule ? new Date(schedule.sendAt) : (initialSendAt ?? defaultScheduleSendAt()),
      ),
      intervalo: schedule?.intervalo ? String(schedule.intervalo) : "",
      valorIntervalo: schedule?.valorIntervalo ? String(schedule.valorIntervalo) : "1",
      enviarQuantasVezes: schedule?.enviarQuantasVezes ? String(schedule.enviarQuantasVezes) : "2",
      tipoDias: String(schedule?.tipoDias ?? 4),
    },
  });
  const intervalo = watch("intervalo");

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

  const save = handleSubmit(async (values) => {
    if (!contact) {
      setContactError(t("schedules.dialog.contactRequired"));
      return;
    }
    const repeats = values.intervalo !== null && values.intervalo !== undefined;
    const recurrence = repeats
      ? {
          intervalo: values.intervalo,
          valorIntervalo: values.valorIntervalo,
          enviarQuantasVezes: values.enviarQuantasVezes,
          tipoDias: values.tipoDias,
        }
      : schedule?.intervalo
        ? { intervalo: null }
        : {};
    try {
      const saved = schedule
        ? await schedulesApi.update(schedule.id, {
            body: values.body,
            sendAt: values.sendAt.toISOString(),
            ...recurrence,
          })
        : await schedulesApi.create({
            body: values.body,
            sendAt: values.sendAt.toISOString(),
            contactId: contact.id,
            ...(ticket ? { ticketId: ticket.id, whatsappId: ticket.whatsappId } : {}),
            ...recurrence,
          });
      if (file) await schedulesApi.uploadMedia(saved.id, file);
      toast.success(t("schedules.dialog.success"));
      onScheduled?.(saved);
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
        <DialogTitle id={titleId}>
          {schedule ? t("schedules.dialog.editTitle") : t("schedules.dialog.title")}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {fixedContact ? (
              <TextField
                label={t("schedules.dialog.contact")}
                value={fixedContact.name}
                size="small"
                disabled
                fullWidth
              />
            ) : (
              <Autocomplete<ContactChoice>
                value={picked}
                onChange={(_, value) => {
                  setPicked(value);
                  setContactError(null);
                }}
                inputValue={contactText}
                onInputChange={(_, value) => setContactText(value)}
                options={searching ? (found.data?.contacts ?? []) : []}
                filterOptions={(options) => options}
                getOptionLabel={(option) => option.name}
                isOptionEqualToValue={(a, b) => a.id === b.id}
                loading={searching && found.isFetching}
                noOptionsText={t("schedules.dialog.contactHint")}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    size="small"
                    autoFocus
                    label={t("schedules.dialog.contact")}
                    error={Boolean(contactError)}
                    helperText={contactError ?? t("schedules.dialog.contactHint")}
                  />
                )}
              />
            )}
            <TextField
              label={t("schedules.dialog.body")}
              multiline
              minRows={3}
              fullWidth
              size="small"
              autoFocus={Boolean(fixedContact)}
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
            <RecurrenceFields
              register={register}
              errors={errors}
              intervalo={intervalo}
              disabled={isSubmitting}
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
