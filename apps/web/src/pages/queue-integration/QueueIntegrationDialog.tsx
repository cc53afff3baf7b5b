import { QUEUE_INTEGRATION_TYPES, type QueueIntegrationDto, type QueueIntegrationType } from "@inbox/shared";
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from "@mui/material";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFlowOptions } from "../../api/flow-campaigns";
import { useQueueIntegration, useSaveQueueIntegration } from "../../api/queue-integrations";
import { toastError } from "../../app/toast/toast-error";
import { toast } from "../../app/toast/toast-store";
import { DialogForm } from "../../components/DialogForm";
import { IdSelect } from "../../components/IdSelect";
import { LoadingState } from "../../components/LoadingState";
import {
  bodyOf,
  FIELDS_OF_TYPE,
  formOf,
  type IntegrationField,
  type IntegrationForm,
  NUMBER_FIELDS,
  saveFailure,
} from "./integration-form";

interface QueueIntegrationDialogProps {
  /** The integration being edited, or null for a new one. */
  integrationId: number | null;
  onClose: () => void;
  /** A new integration's create answer (it may carry the signing secret, shown once). */
  onCreated: (created: QueueIntegrationDto) => void;
}

const MULTILINE: ReadonlySet<IntegrationField> = new Set([
  "jsonContent",
  "typebotRestartMessage",
  "typebotUnknownMessage",
  "geminiPrompt",
]);

/**
 * Adds or edits an integration (spec 3 "Queue integration"): name and type, then the type's own
 * fields. Credentials are write-only: never prefilled, a placeholder says a stored one is kept.
 */
export function QueueIntegrationDialog({ integrationId, onClose, onCreated }: QueueIntegrationDialogProps) {
  const { t } = useTranslation();
  const loaded = useQueueIntegration(integrationId);
  useEffect(() => {
    if (loaded.isError) {
      toast.error(t("integrations.loadFailed"));
      onClose();
    }
  }, [loaded.isError, onClose, t]);
  if (integrationId !== null && !loaded.data) {
    return (
      <Dialog open onClose={onClose} aria-label={t("integrations.editTitle")}>
        <LoadingState />
      </Dialog>
    );
  }
  return <IntegrationFormDialog integration={loaded.data ?? null} onClose={onClose} onCreated={onCreated} />;
}

function IntegrationFormDialog({
  integration,
  onClose,
  onCreated,
}: {
  integration: QueueIntegrationDto | null;
  onClose: () => void;
  onCreated: (created: QueueIntegrationDto) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const save = useSaveQueueIntegration();
  const [form, setForm] = useState<IntegrationForm>(() => formOf(integration));
  const [errors, setErrors] = useState<Partial<Record<IntegrationField, string>>>({});
  const flows = useFlowOptions(form.type === "flowbuilder");
  const set = (field: IntegrationField, value: string) =>
    setForm((current) => ({ ...current, [field]: value }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = bodyOf(form);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    try {
      const saved = await save.mutateAsync({ id: integration?.id ?? null, body: checked.body });
      toast.success(t("integrations.saved"));
      if (!integration) onCreated(saved);
      onClose();
    } catch (failure) {
      const text = saveFailure(failure, integration ? "edit" : "create");
      if (text) toast.error(text);
      else toastError(failure);
    }
  };

  const secretPlaceholder = (field: IntegrationField) =>
    (field === "jsonContent" && integration?.jsonContentSet) ||
    (field === "geminiApiKey" && integration?.geminiApiKeySet)
      ? t("integrations.secretKept")
      : undefined;

  const fieldOf = (field: IntegrationField) => {
    if (form.type === "flowbuilder" && field === "projectName") {
      return (
        <IdSelect
          key={field}
          label={t("integrations.fields.flow")}
          required
          value={form.projectName === "" ? null : Number(form.projectName)}
          options={(flows.data ?? []).map(({ id, name }) => ({ id, name }))}
          onChange={(id) => set("projectName", id === null ? "" : String(id))}
          error={Boolean(errors.projectName)}
          helperText={errors.projectName}
        />
      );
    }
    return (
      <TextField
        key={field}
        label={t(`integrations.fields.${field}`)}
        fullWidth
        size="small"
        type={field === "geminiApiKey" ? "password" : NUMBER_FIELDS.has(field) ? "number" : "text"}
        multiline={MULTILINE.has(field)}
        minRows={MULTILINE.has(field) ? 3 : undefined}
        value={form[field]}
        placeholder={secretPlaceholder(field)}
        slotProps={secretPlaceholder(field) ? { inputLabel: { shrink: true } } : undefined}
        onChange={(event) => set(field, event.target.value)}
        error={Boolean(errors[field])}
        helperText={errors[field]}
      />
    );
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" scroll="paper">
      <DialogTitle id={titleId}>
        {integration ? t("integrations.editTitle") : t("integrations.addTitle")}
      </DialogTitle>
      <DialogForm onSubmit={(event) => void submit(event)}>
        <DialogContent dividers>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              select
              label={t("integrations.fields.type")}
              required
              fullWidth
              size="small"
              value={form.type}
              onChange={(event) => set("type", event.target.value as QueueIntegrationType)}
              error={Boolean(errors.type)}
              helperText={errors.type}
            >
              {QUEUE_INTEGRATION_TYPES.map((type) => (
                <MenuItem key={type} value={type}>
                  {t(`integrations.types.${type}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={t("integrations.fields.name")}
              required
              fullWidth
              size="small"
              value={form.name}
              onChange={(event) => set("name", event.target.value)}
              error={Boolean(errors.name)}
              helperText={errors.name}
            />
            {form.type && FIELDS_OF_TYPE[form.type].map(fieldOf)}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t("common.cancel")}</Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {t("common.save")}
          </Button>
        </DialogActions>
      </DialogForm>
    </Dialog>
  );
}
