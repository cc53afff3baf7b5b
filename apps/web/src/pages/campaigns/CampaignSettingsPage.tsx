import { zodResolver } from "@hookform/resolvers/zod";
import { type CampaignSettings, campaignSettingsValuesSchema, parseCampaignSettings } from "@inbox/shared";
import AddIcon from "@mui/icons-material/Add";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutline";
import {
  Alert,
  Box,
  Button,
  Grid,
  IconButton,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from "@mui/material";
import { Controller, useFieldArray, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { useCampaignSettings, useSaveCampaignSettings } from "../../api/campaigns";
import { errorMessage, toastError } from "../../app/toast/toast-error";
import { toast } from "../../app/toast/toast-store";
import { LoadingState } from "../../components/LoadingState";
import { PageHeader } from "../../components/PageHeader";
import { SwitchField } from "../../components/SwitchField";
import { CAMPAIGN_MESSAGE_KEYS } from "./campaign-form";
import {
  greaterIntervalOptions,
  longerIntervalAfterOptions,
  messageIntervalOptions,
  type SettingOption,
} from "./campaign-settings-options";

type SettingsForm = z.input<typeof campaignSettingsValuesSchema>;

/**
 * /campaigns-config (spec 3 section 2): the pacing of every campaign (spec 3 section 9's options),
 * the sending window (start and end hour, Saturdays, Sundays) and the custom variables a message
 * uses as {key}. POST /campaign-settings answers the stored settings, which replace the cache.
 */
export function CampaignSettingsPage() {
  const { t } = useTranslation();
  const settings = useCampaignSettings();
  return (
    <>
      <PageHeader title={t("campaigns.settings.title")} />
      {settings.isPending && <LoadingState />}
      {settings.isError && <Alert severity="error">{errorMessage(settings.error)}</Alert>}
      {settings.data && <SettingsFormView initial={parseCampaignSettings(settings.data)} />}
    </>
  );
}

function SettingsFormView({ initial }: { initial: CampaignSettings }) {
  const { t } = useTranslation();
  const save = useSaveCampaignSettings();
  const form = useForm<SettingsForm, unknown, CampaignSettings>({
    resolver: zodResolver(campaignSettingsValuesSchema),
    defaultValues: initial,
  });
  const variables = useFieldArray({ control: form.control, name: "variables" });
  const errors = form.formState.errors;
  const message = (text: string | undefined): string | undefined => {
    if (!text) return undefined;
    if (text === "Invalid variable") return t("campaigns.settings.invalidVariable");
    if (text === "Invalid time") return t("campaigns.settings.invalidTime");
    const key = CAMPAIGN_MESSAGE_KEYS[text];
    return key ? t(key) : text;
  };

  const submit = form.handleSubmit(async (values) => {
    try {
      const list = await save.mutateAsync({ settings: values });
      form.reset(parseCampaignSettings(list));
      toast.success(t("campaigns.settings.saved"));
    } catch (error) {
      toastError(error);
    }
  });

  const select = (
    name: "messageInterval" | "longerIntervalAfter" | "greaterInterval",
    options: SettingOption[],
  ) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <TextField
          select
          fullWidth
          label={t(`campaigns.settings.${name}`)}
          value={field.value}
          onChange={(event) => field.onChange(Number(event.target.value))}
          inputRef={field.ref}
        >
          {options.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack spacing={2}>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            {t("campaigns.settings.intervals")}
          </Typography>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 4 }}>{select("messageInterval", messageIntervalOptions(t))}</Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              {select("longerIntervalAfter", longerIntervalAfterOptions(t))}
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>{select("greaterInterval", greaterIntervalOptions(t))}</Grid>
          </Grid>
        </Paper>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            {t("campaigns.settings.window")}
          </Typography>
          <Grid container spacing={2} sx={{ alignItems: "center" }}>
            {(["startHour", "endHour"] as const).map((name) => (
              <Grid key={name} size={{ xs: 12, sm: 6, md: 3 }}>
                <TextField
                  type="time"
                  fullWidth
                  label={t(`campaigns.settings.${name}`)}
                  slotProps={{ inputLabel: { shrink: true } }}
                  {...form.register(name)}
                  error={Boolean(errors[name])}
                  helperText={message(errors[name]?.message)}
                />
              </Grid>
            ))}
            <Grid size={{ xs: 12, sm: 6, md: 3 }}>
              <SwitchField control={form.control} name="sabado" label={t("campaigns.settings.sabado")} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 3 }}>
              <SwitchField control={form.control} name="domingo" label={t("campaigns.settings.domingo")} />
            </Grid>
          </Grid>
        </Paper>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            {t("campaigns.settings.variables")}
          </Typography>
          <Stack spacing={2}>
            {variables.fields.length === 0 && (
              <Typography color="text.secondary">{t("campaigns.settings.noVariables")}</Typography>
            )}
            {variables.fields.map((row, index) => {
              const rowErrors = errors.variables?.[index];
              return (
                <Stack key={row.id} direction={{ xs: "column", sm: "row" }} spacing={1}>
                  <TextField
                    label={t("campaigns.settings.variableKey")}
                    required
                    sx={{ minWidth: 200 }}
                    {...form.register(`variables.${index}.key`)}
                    error={Boolean(rowErrors?.key)}
                    helperText={message(rowErrors?.key?.message)}
                  />
                  <TextField
                    label={t("campaigns.settings.variableValue")}
                    fullWidth
                    {...form.register(`variables.${index}.value`)}
                    error={Boolean(rowErrors?.value)}
                    helperText={message(rowErrors?.value?.message)}
                  />
                  <Tooltip title={t("campaigns.settings.removeVariable", { key: row.key || index + 1 })}>
                    <IconButton
                      aria-label={t("campaigns.settings.removeVariable", { key: row.key || index + 1 })}
                      onClick={() => variables.remove(index)}
                      sx={{ alignSelf: "center" }}
                    >
                      <DeleteOutlineIcon />
                    </IconButton>
                  </Tooltip>
                </Stack>
              );
            })}
            <Box>
              <Button startIcon={<AddIcon />} onClick={() => variables.append({ key: "", value: "" })}>
                {t("campaigns.settings.addVariable")}
              </Button>
            </Box>
          </Stack>
        </Paper>
        <Box sx={{ display: "flex", justifyContent: "flex-end" }}>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {t("common.save")}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
