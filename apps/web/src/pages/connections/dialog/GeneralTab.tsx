import { Alert, Grid, MenuItem, Stack, TextField, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { Controller, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { QueueOption } from "../../../api/queues";
import { muiRegister } from "../../../components/mui-register";
import { QueueMultiSelect } from "../../../components/QueueMultiSelect";
import { SwitchField } from "../../../components/SwitchField";
import { QueueSelect, type TabProps, useHelperText } from "./form-fields";

interface GeneralTabProps extends TabProps {
  queues: QueueOption[];
  /** The channel's account block, shown after the queues. */
  credentials?: ReactNode;
  /** The messages-API token block, for a saved connection seen by a manager. */
  apiToken?: ReactNode;
  /** The message import settings exist for QR-code connections only. */
  showImport: boolean;
  /** Editing a connected connection: turning the import on resets its session (spec 2 section 4). */
  connected?: boolean;
}

/** Name, default flag, queues (with the no-queue warning), the account, groups and the message import. */
export function GeneralTab({
  control,
  register,
  errors,
  queues,
  credentials,
  apiToken,
  showImport,
  connected = false,
}: GeneralTabProps) {
  const { t } = useTranslation();
  const helperText = useHelperText();
  const queueIds = useWatch({ control, name: "queueIds" });
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
          helperText={helperText("name", errors.name?.message, undefined)}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <SwitchField control={control} name="isDefault" label={t("connectionModal.fields.isDefault")} />
        <Typography variant="caption" color="text.secondary" component="p">
          {t("connectionModal.help.isDefault")}
        </Typography>
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
                helperText("queueIds", errors.queueIds?.message, undefined) ??
                (queues.length === 0 ? t("connectionModal.noQueues") : t("connectionModal.help.queues"))
              }
            />
          )}
        />
      </Grid>
      {queueIds.length === 0 && (
        <Grid size={12}>
          <Alert severity="warning">{t("connectionModal.warnings.noQueues")}</Alert>
        </Grid>
      )}
      {credentials && <Grid size={12}>{credentials}</Grid>}
      {apiToken && <Grid size={12}>{apiToken}</Grid>}
      <Grid size={{ xs: 12, sm: 6 }}>
        <SwitchField control={control} name="allowGroup" label={t("connectionModal.fields.allowGroup")} />
        <Typography variant="caption" color="text.secondary" component="p">
          {t("connectionModal.help.allowGroup")}
        </Typography>
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
              helperText={t("connectionModal.help.groupAsTicket")}
            >
              <MenuItem value="disabled">{t("connectionModal.options.disabled")}</MenuItem>
              <MenuItem value="enabled">{t("connectionModal.options.enabled")}</MenuItem>
            </TextField>
          )}
        />
      </Grid>
      {showImport && (
        <Grid size={12}>
          <ImportFields
            control={control}
            register={register}
            errors={errors}
            queues={queues}
            connected={connected}
          />
        </Grid>
      )}
    </Grid>
  );
}

/**
 * Message import (spec 2 sections 3, 4 and 5): runs at the next QR code scan. On a connected
 * connection a persistent warning says saving resets the session.
 */
function ImportFields({
  control,
  register,
  errors,
  queues,
  connected,
}: TabProps & { queues: QueueOption[]; connected: boolean }) {
  const { t } = useTranslation();
  const helperText = useHelperText();
  const importing = useWatch({ control, name: "importMessages" });
  const dateField = (name: "importOldMessages" | "importRecentMessages") => (
    <Grid size={{ xs: 12, sm: 6 }}>
      <TextField
        {...muiRegister(register(name))}
        type="date"
        label={t(`connectionModal.fields.${name}`)}
        fullWidth
        required={name === "importOldMessages"}
        error={Boolean(errors[name])}
        helperText={helperText(name, errors[name]?.message, name)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
    </Grid>
  );
  return (
    <Stack spacing={1} component="section" aria-label={t("connectionModal.fields.importMessages")}>
      <SwitchField
        control={control}
        name="importMessages"
        label={t("connectionModal.fields.importMessages")}
      />
      <Typography variant="caption" color="text.secondary">
        {t("connectionModal.help.importMessages")}
      </Typography>
      {importing && connected && <Alert severity="warning">{t("connectionImport.connectedWarning")}</Alert>}
      {importing && (
        <Grid container spacing={2}>
          {dateField("importOldMessages")}
          {dateField("importRecentMessages")}
          <Grid size={{ xs: 12, sm: 6 }}>
            <SwitchField
              control={control}
              name="importOldMessagesGroups"
              label={t("connectionModal.fields.importOldMessagesGroups")}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <SwitchField
              control={control}
              name="closedTicketsPostImported"
              label={t("connectionModal.fields.closedTicketsPostImported")}
            />
          </Grid>
          <Grid size={12}>
            <QueueSelect
              name="queueIdImportMessages"
              control={control}
              errors={errors}
              queues={queues}
              help="queueIdImportMessages"
            />
          </Grid>
        </Grid>
      )}
    </Stack>
  );
}
