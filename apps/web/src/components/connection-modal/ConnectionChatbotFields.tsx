import { Grid, MenuItem, TextField } from "@mui/material";
import { type Control, Controller, type FieldErrors, type UseFormRegister } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { QueueOption } from "../../api/queues";
import { muiRegister } from "../mui-register";
import type { ConnectionFormInput } from "./connection-form-schema";
import { fieldErrorText } from "./server-errors";

interface ConnectionChatbotFieldsProps {
  control: Control<ConnectionFormInput>;
  register: UseFormRegister<ConnectionFormInput>;
  errors: FieldErrors<ConnectionFormInput>;
  queues: QueueOption[];
}

type NumberField =
  | "maxUseBotQueues"
  | "timeUseBotQueues"
  | "timeSendQueue"
  | "expiresTicket"
  | "timeInactiveMessage"
  | "expiresTicketNPS"
  | "maxUseBotQueuesNPS"
  | "timeCreateNewTicket";

/** Chatbot limits, the move-to-queue timer, ticket expiry and NPS timings (spec 2 section 3). */
export function ConnectionChatbotFields({ control, register, errors, queues }: ConnectionChatbotFieldsProps) {
  const { t } = useTranslation();

  const numberField = (name: NumberField) => (
    <Grid size={{ xs: 12, sm: 6 }}>
      <TextField
        {...muiRegister(register(name))}
        type="number"
        label={t(`connectionModal.fields.${name}`)}
        fullWidth
        error={Boolean(errors[name])}
        helperText={fieldErrorText(errors[name]?.message)}
        slotProps={{ htmlInput: { min: 0, step: 1, inputMode: "numeric" } }}
      />
    </Grid>
  );

  return (
    <Grid container spacing={2}>
      {numberField("maxUseBotQueues")}
      {numberField("timeUseBotQueues")}
      {numberField("timeSendQueue")}
      <Grid size={{ xs: 12, sm: 6 }}>
        <Controller
          control={control}
          name="sendIdQueue"
          render={({ field }) => (
            <TextField
              select
              fullWidth
              name={field.name}
              inputRef={field.ref}
              label={t("connectionModal.fields.sendIdQueue")}
              value={field.value ?? ""}
              onBlur={field.onBlur}
              onChange={(event) =>
                field.onChange(event.target.value === "" ? null : Number(event.target.value))
              }
              error={Boolean(errors.sendIdQueue)}
              helperText={fieldErrorText(errors.sendIdQueue?.message)}
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
      </Grid>
      {numberField("expiresTicket")}
      <Grid size={{ xs: 12, sm: 6 }}>
        <Controller
          control={control}
          name="whenExpiresTicket"
          render={({ field }) => (
            <TextField
              {...field}
              inputRef={field.ref}
              select
              fullWidth
              label={t("connectionModal.fields.whenExpiresTicket")}
            >
              <MenuItem value="0">{t("connectionModal.options.lastMessageAny")}</MenuItem>
              <MenuItem value="1">{t("connectionModal.options.lastMessageAgent")}</MenuItem>
            </TextField>
          )}
        />
      </Grid>
      <Grid size={12}>
        <TextField
          {...muiRegister(register("expiresInactiveMessage"))}
          label={t("connectionModal.fields.expiresInactiveMessage")}
          multiline
          minRows={2}
          maxRows={8}
          fullWidth
          error={Boolean(errors.expiresInactiveMessage)}
          helperText={fieldErrorText(errors.expiresInactiveMessage?.message)}
        />
      </Grid>
      {numberField("timeInactiveMessage")}
      {numberField("timeCreateNewTicket")}
      {numberField("expiresTicketNPS")}
      {numberField("maxUseBotQueuesNPS")}
    </Grid>
  );
}
