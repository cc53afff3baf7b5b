import { PROFILES } from "@inbox/shared";
import { Box, Chip, Grid, MenuItem, TextField } from "@mui/material";
import { type Control, Controller, type FieldErrors, type UseFormRegister } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { ConnectionOption } from "../../api/connections";
import type { QueueOption } from "../../api/queues";
import { muiRegister } from "../mui-register";
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
  const queueName = (id: number) => queues.find((queue) => queue.id === id);

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
            <TextField
              select
              fullWidth
              name={field.name}
              inputRef={field.ref}
              label={t("userModal.fields.queues")}
              value={field.value ?? []}
              onBlur={field.onBlur}
              onChange={(event) => {
                const value = event.target.value as unknown as (number | string)[];
                field.onChange(value.map(Number));
              }}
              helperText={queues.length === 0 ? t("userModal.noQueues") : undefined}
              disabled={queues.length === 0}
              slotProps={{
                select: {
                  multiple: true,
                  renderValue: (selected) => (
                    <Box sx={{ display: "flex", flexWrap: "wrap", gap: 0.5 }}>
                      {(selected as number[]).map((id) => {
                        const queue = queueName(id);
                        return queue ? (
                          <Chip
                            key={id}
                            size="small"
                            label={queue.name}
                            sx={{ bgcolor: queue.color, color: "#fff" }}
                          />
                        ) : null;
                      })}
                    </Box>
                  ),
                },
              }}
            >
              {queues.map((queue) => (
                <MenuItem key={queue.id} value={queue.id}>
                  {queue.name}
                </MenuItem>
              ))}
            </TextField>
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
