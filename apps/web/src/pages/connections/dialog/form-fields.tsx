import { MenuItem, TextField } from "@mui/material";
import { type Control, Controller, type FieldErrors, type UseFormRegister } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { QueueOption } from "../../../api/queues";
import { muiRegister } from "../../../components/mui-register";
import type connectionDialogPt from "../../../i18n/locales/connection-dialog/pt";
import type { ConnectionFormField, ConnectionFormInput } from "./connection-form-schema";
import { fieldErrorText } from "./server-errors";

/** What every tab of the dialog receives from the one form. */
export interface TabProps {
  control: Control<ConnectionFormInput>;
  register: UseFormRegister<ConnectionFormInput>;
  errors: FieldErrors<ConnectionFormInput>;
}

export type HelpKey = keyof typeof connectionDialogPt.help;

export type NumberFieldName =
  | "maxUseBotQueues"
  | "timeUseBotQueues"
  | "timeSendQueue"
  | "expiresTicket"
  | "timeInactiveMessage"
  | "expiresTicketNPS"
  | "maxUseBotQueuesNPS"
  | "timeCreateNewTicket";

export type MessageFieldName =
  | "greetingMessage"
  | "complationMessage"
  | "outOfHoursMessage"
  | "ratingMessage"
  | "inactiveMessage"
  | "expiresInactiveMessage"
  | "collectiveVacationMessage";

/** The error under a field when there is one, else what the server does with it. */
export function useHelperText() {
  const { t } = useTranslation();
  return (field: ConnectionFormField, error: string | undefined, help: HelpKey | undefined) =>
    fieldErrorText(error, field) ?? (help ? t(`connectionModal.help.${help}`) : undefined);
}

/** Minutes or a counter: a whole number from 0. */
export function NumberField({
  name,
  register,
  errors,
  help = name,
  required,
}: Pick<TabProps, "register" | "errors"> & { name: NumberFieldName; help?: HelpKey; required?: boolean }) {
  const { t } = useTranslation();
  const helperText = useHelperText();
  return (
    <TextField
      {...muiRegister(register(name))}
      type="number"
      label={t(`connectionModal.fields.${name}`)}
      fullWidth
      required={required}
      error={Boolean(errors[name])}
      helperText={helperText(name, errors[name]?.message, help)}
      slotProps={{ htmlInput: { min: 0, step: 1, inputMode: "numeric" } }}
    />
  );
}

/** A message the automation sends (WhatsApp formatting and message variables allowed). */
export function MessageField({
  name,
  register,
  errors,
  help,
  required,
}: Pick<TabProps, "register" | "errors"> & { name: MessageFieldName; help?: HelpKey; required?: boolean }) {
  const { t } = useTranslation();
  const helperText = useHelperText();
  return (
    <TextField
      {...muiRegister(register(name))}
      label={t(`connectionModal.fields.${name}`)}
      multiline
      minRows={2}
      maxRows={8}
      fullWidth
      required={required}
      error={Boolean(errors[name])}
      helperText={helperText(name, errors[name]?.message, help)}
    />
  );
}

/** One queue of the company, or none. */
export function QueueSelect({
  name,
  control,
  errors,
  queues,
  help,
}: Pick<TabProps, "control" | "errors"> & {
  name: "sendIdQueue" | "queueIdImportMessages";
  queues: QueueOption[];
  help?: HelpKey;
}) {
  const { t } = useTranslation();
  const helperText = useHelperText();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TextField
          select
          fullWidth
          name={field.name}
          inputRef={field.ref}
          label={t(`connectionModal.fields.${name}`)}
          value={field.value ?? ""}
          onBlur={field.onBlur}
          onChange={(event) => field.onChange(event.target.value === "" ? null : Number(event.target.value))}
          error={Boolean(errors[name])}
          helperText={helperText(name, errors[name]?.message, help)}
        >
          <MenuItem value="">{t("common.none")}</MenuItem>
          {queues.map((queue) => (
            <MenuItem key={queue.id} value={queue.id}>
              {queue.name}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
