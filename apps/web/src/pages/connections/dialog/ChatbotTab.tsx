import { Grid, MenuItem, TextField } from "@mui/material";
import { Controller } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { QueueOption } from "../../../api/queues";
import { MessageField, NumberField, QueueSelect, type TabProps } from "./form-fields";

/**
 * The chatbot's limits, the move-to-queue timer, the inactivity close and the
 * reopen window (spec 2 section 3); each help text says what the server does.
 */
export function ChatbotTab({ control, register, errors, queues }: TabProps & { queues: QueueOption[] }) {
  const { t } = useTranslation();
  const field = { register, errors };
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, sm: 6 }}>
        <NumberField name="maxUseBotQueues" {...field} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <NumberField name="timeUseBotQueues" {...field} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <NumberField name="timeSendQueue" {...field} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <QueueSelect
          name="sendIdQueue"
          control={control}
          errors={errors}
          queues={queues}
          help="sendIdQueue"
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <NumberField name="timeInactiveMessage" {...field} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <NumberField name="expiresTicket" {...field} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <Controller
          control={control}
          name="whenExpiresTicket"
          render={({ field: select }) => (
            <TextField
              {...select}
              inputRef={select.ref}
              select
              fullWidth
              label={t("connectionModal.fields.whenExpiresTicket")}
              helperText={t("connectionModal.help.whenExpiresTicket")}
            >
              <MenuItem value="0">{t("connectionModal.options.lastMessageAny")}</MenuItem>
              <MenuItem value="1">{t("connectionModal.options.lastMessageAgent")}</MenuItem>
            </TextField>
          )}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <NumberField name="timeCreateNewTicket" {...field} />
      </Grid>
      <Grid size={12}>
        <MessageField name="expiresInactiveMessage" help="expiresInactiveMessage" {...field} />
      </Grid>
    </Grid>
  );
}
