import { PROFILES } from "@inbox/shared";
import { Grid, MenuItem, TextField } from "@mui/material";
import { type Control, Controller, type FieldErrors, type UseFormRegister } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { ConnectionOption } from "../../api/connections";
import type { QueueOption } from "../../api/queues";
import { muiRegister } from "../mui-register";
import { QueueMultiSelect } from "../QueueMultiSelect";
import type { UserFormInput } from "./user-form-schema";

interface UserAccessFieldsProps {
  control: Control<UserFormInput>;
  register: UseFormRegister<UserFormInput>;
  errors: FieldErrors<UserFormInput>;
  queues: QueueOption[];
  connections: ConnectionOption[];
}

/** Admin-only: profile, queues, default connection and working hours. */
export function UserAccessFields({ control, register, errors, queues, connections }: UserAccessFieldsProps) {
  const { t } = useTranslation();

  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, sm: 6 }}>
        <Controller
          control={control}
          name="profile"
          render={({ field }) => (
            <TextField {...field} select fullWidth label={t("userModal.fields.profile")}>
              {PROFILES.map((profile) => (
                <MenuItem key={profile} value={profile}>
                  {t(`users.profiles.${profile}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <Controller
          control={control}
          name="whatsappId"
          render={({ field }) => (
            <TextField
              select
              fullWidth
              name={field.name}
              inputRef={field.ref}
              label={t("userModal.fields.whatsapp")}
              value={field.value ?? ""}
              onBlur={field.onBlur}
              onChange={(event) =>
                field.onChange(event.target.value === "" ? null : Number(event.target.value))
              }
            >
              <MenuItem value="">{t("userModal.noConnection")}</MenuItem>
              {connections.map((connection) => (
                <MenuItem key={connection.id} value={connection.id}>
                  {connection.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </Grid>
      <Grid size={12}>
        <Controller
          control={control}
          name="queueIds"
          render={({ field }) => (
            <QueueMultiSelect
              name={field.name}
              inputRef={field.ref}
              label={t("userModal.fields.queues")}
              queues={queues}
              value={field.value ?? []}
              onChange={field.onChange}
              onBlur={field.onBlur}
              helperText={queues.length === 0 ? t("userModal.noQueues") : undefined}
            />
          )}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          {...muiRegister(register("startWork"))}
          type="time"
          fullWidth
          label={t("userModal.fields.startWork")}
          error={Boolean(errors.startWork)}
          helperText={errors.startWork?.message}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 600 } }}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          {...muiRegister(register("endWork"))}
          type="time"
          fullWidth
          label={t("userModal.fields.endWork")}
          error={Boolean(errors.endWork)}
          helperText={errors.endWork?.message}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 600 } }}
        />
      </Grid>
    </Grid>
  );
}
