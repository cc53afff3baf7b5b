import type { Channel, ConnectionDto } from "@inbox/shared";
import { Alert, Grid, Stack, TextField, Typography } from "@mui/material";
import { useId } from "react";
import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { CopyableField } from "../../../components/CopyableField";
import { muiRegister } from "../../../components/mui-register";
import { PasswordField } from "../../../components/PasswordField";
import {
  CHANNEL_CREDENTIALS,
  type ConnectionFormInput,
  type CredentialField,
} from "./connection-form-schema";
import { fieldErrorText } from "./server-errors";

interface CredentialFieldsProps {
  channel: Channel;
  register: UseFormRegister<ConnectionFormInput>;
  errors: FieldErrors<ConnectionFormInput>;
  /** The saved connection, for the "configured" hints and the webhook URL; absent when creating. */
  connection?: ConnectionDto;
}

type AccountField = Exclude<CredentialField, "accessToken" | "appSecret">;

/**
 * The Meta account of a Cloud API, Facebook or Instagram connection. The
 * access token and app secret are write-only: never prefilled, the saved
 * state only shows as a hint, and an empty field keeps what is stored.
 */
export function CredentialFields({ channel, register, errors, connection }: CredentialFieldsProps) {
  const { t } = useTranslation();
  const titleId = useId();
  // A QR-code connection has no Meta account.
  if (channel === "whatsapp") return null;

  const accountFields = CHANNEL_CREDENTIALS[channel].filter(
    (field): field is AccountField => field !== "accessToken" && field !== "appSecret",
  );
  const tokenHint = connection?.accessTokenHint
    ? t("connectionModal.secretConfigured", { hint: connection.accessTokenHint })
    : undefined;
  const secretHint = connection?.appSecretSet ? t("connectionModal.secretConfiguredNoHint") : undefined;

  return (
    <Stack spacing={2} component="section" aria-labelledby={titleId}>
      <Typography variant="subtitle2" component="h3" id={titleId}>
        {t(`connectionModal.credentials.${channel}`)}
      </Typography>
      <Grid container spacing={2}>
        {accountFields.map((field) => (
          <Grid key={field} size={{ xs: 12, sm: 6 }}>
            <TextField
              {...muiRegister(register(field))}
              label={t(`connectionModal.fields.${field}`)}
              autoComplete="off"
              fullWidth
              error={Boolean(errors[field])}
              helperText={fieldErrorText(errors[field]?.message, field)}
            />
          </Grid>
        ))}
        <Grid size={12}>
          <PasswordField
            {...register("accessToken")}
            label={t(
              channel === "whatsappapi"
                ? "connectionModal.fields.accessToken"
                : "connectionModal.fields.pageAccessToken",
            )}
            autoComplete="new-password"
            fullWidth
            error={Boolean(errors.accessToken)}
            helperText={fieldErrorText(errors.accessToken?.message, "accessToken") ?? tokenHint}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <PasswordField
            {...register("appSecret")}
            label={t("connectionModal.fields.appSecret")}
            autoComplete="new-password"
            fullWidth
            error={Boolean(errors.appSecret)}
            helperText={fieldErrorText(errors.appSecret?.message, "appSecret") ?? secretHint}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            {...muiRegister(register("verifyToken"))}
            label={t("connectionModal.fields.verifyToken")}
            autoComplete="off"
            fullWidth
            error={Boolean(errors.verifyToken)}
            helperText={
              fieldErrorText(errors.verifyToken?.message, "verifyToken") ??
              (connection ? undefined : t("connectionModal.verifyTokenGenerated"))
            }
          />
        </Grid>
        <Grid size={12}>
          {connection?.webhookUrl ? (
            <CopyableField label={t("connectionModal.fields.webhookUrl")} value={connection.webhookUrl} />
          ) : (
            <Alert severity="info">{t("connectionModal.webhookAfterSave")}</Alert>
          )}
        </Grid>
      </Grid>
    </Stack>
  );
}
