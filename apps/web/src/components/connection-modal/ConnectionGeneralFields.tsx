import { Grid, MenuItem, TextField } from "@mui/material";
import type { ReactNode } from "react";
import { type Control, Controller, type FieldErrors, type UseFormRegister } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { QueueOption } from "../../api/queues";
import { muiRegister } from "../mui-register";
import { QueueMultiSelect } from "../QueueMultiSelect";
import { SwitchField } from "../SwitchField";
import type { ConnectionFormInput } from "./connection-form-schema";
import { fieldErrorText } from "./server-errors";

interface ConnectionGeneralFieldsProps {
  control: Control<ConnectionFormInput>;
  register: UseFormRegister<ConnectionFormInput>;
  errors: FieldErrors<ConnectionFormInput>;
  queues: QueueOption[];
  /** The channel's account block, shown after the queues and before the messages. */
  credentials?: ReactNode;
}

const MESSAGES = [
  "greetingMessage",
  "complationMessage",
  "outOfHoursMessage",
  "ratingMessage",
  "inactiveMessage",
] as const;

/** Name, default flag, queues, group handling and the connection's messages. */
export function ConnectionGeneralFields(props: ConnectionGeneralFieldsProps) {
  const { control, register, errors, queues, credentials } = props;
  const { t } = useTranslation();
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, sm: 8 }}>
        <TextField
          {...muiRegister(register("name"))}
          label={t("connectionModal.fields.name")}
          autoComplete="off"
          autoFocus
          fullWidth
          required
          error={Boolean(errors.name)}
          helperText={fieldErrorText(errors.name?.message)}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }} sx={{ display: "flex", alignItems: "center" }}>
        <SwitchField control={control} name="isDefault" label={t("connectionModal.fields.isDefault")} />
      </Grid>
      <Grid size={12}>
        <Controller
          control={control}
          name="queueIds"
          render={({ field }) => (
            <QueueMultiSelect
              name={field.name}
              inputRef={field.ref}
              label={t("connectionModal.fields.queues")}
              queues={queues}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={Boolean(errors.queueIds)}
              helperText={
                fieldErrorText(errors.queueIds?.message) ??
                (queues.length === 0 ? t("connectionModal.noQueues") : undefined)
              }
            />
          )}
        />
      </Grid>
      {credentials && <Grid size={12}>{credentials}</Grid>}
      <Grid size={{ xs: 12, sm: 6 }} sx={{ display: "flex", alignItems: "center" }}>
        <SwitchField control={control} name="allowGroup" label={t("connectionModal.fields.allowGroup")} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <Controller
          control={control}
          name="groupAsTicket"
          render={({ field }) => (
            <TextField
              {...field}
              inputRef={field.ref}
              select
              fullWidth
              label={t("connectionModal.fields.groupAsTicket")}
            >
              <MenuItem value="disabled">{t("connectionModal.options.disabled")}</MenuItem>
              <MenuItem value="enabled">{t("connectionModal.options.enabled")}</MenuItem>
            </TextField>
          )}
        />
      </Grid>
      {MESSAGES.map((name) => (
        <Grid key={name} size={12}>
          <TextField
            {...muiRegister(register(name))}
            label={t(`connectionModal.fields.${name}`)}
            multiline
            minRows={2}
            maxRows={8}
            fullWidth
            error={Boolean(errors[name])}
            helperText={fieldErrorText(errors[name]?.message)}
          />
        </Grid>
      ))}
    </Grid>
  );
}
