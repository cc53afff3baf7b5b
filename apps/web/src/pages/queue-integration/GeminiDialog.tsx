import type { QueueIntegrationDto } from "@inbox/shared";
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from "@mui/material";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useQueueIntegration, useSaveQueueIntegration } from "../../api/queue-integrations";
import { toastError } from "../../app/toast/toast-error";
import { toast } from "../../app/toast/toast-store";
import { DialogForm } from "../../components/DialogForm";
import { LoadingState } from "../../components/LoadingState";
import { bodyOf, formOf, type IntegrationField, type IntegrationForm, saveFailure } from "./integration-form";

interface GeminiDialogProps {
  integrationId: number;
  onClose: () => void;
}

const GEMINI_FIELDS = [
  "geminiPrompt",
  "geminiMaxTokens",
  "geminiTemperature",
  "geminiMaxMessages",
  "geminiTestPhone",
] as const satisfies readonly IntegrationField[];

/**
 * Edits a gemini integration (spec 3 section 2: its own dialog) with the spec's messages: 'Nome
 * muito curto', 'Nome é obrigatório', 'Chave da API é obrigatória' (unless a key is stored: it is
 * write-only and kept when left empty), 'Integração Gemini atualizada com sucesso!'.
 */
export function GeminiDialog({ integrationId, onClose }: GeminiDialogProps) {
  const { t } = useTranslation();
  const loaded = useQueueIntegration(integrationId);
  const wrongType = loaded.data !== undefined && loaded.data.type !== "gemini";
  useEffect(() => {
    if (loaded.isError) toast.error(t("integrations.gemini.loadFailed"));
    else if (wrongType) toast.error(t("integrations.gemini.notGemini"));
    else return;
    onClose();
  }, [loaded.isError, wrongType, onClose, t]);
  if (!loaded.data || wrongType) {
    return (
      <Dialog open onClose={onClose} aria-label={t("integrations.gemini.title")}>
        <LoadingState />
      </Dialog>
    );
  }
  return <GeminiForm integration={loaded.data} onClose={onClose} />;
}

function GeminiForm({ integration, onClose }: { integration: QueueIntegrationDto; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const save = useSaveQueueIntegration();
  const [form, setForm] = useState<IntegrationForm>(() => formOf(integration));
  const [errors, setErrors] = useState<Partial<Record<IntegrationField, string>>>({});
  const set = (field: IntegrationField, value: string) =>
    setForm((current) => ({ ...current, [field]: value }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: Partial<Record<IntegrationField, string>> = {};
    const name = form.name.trim();
    if (!name) found.name = t("integrations.gemini.nameRequired");
    else if (name.length < 2) found.name = t("integrations.gemini.nameTooShort");
    if (!form.geminiApiKey.trim() && !integration.geminiApiKeySet)
      found.geminiApiKey = t("integrations.gemini.apiKeyRequired");
    const checked = bodyOf(form);
    if (!checked.ok) Object.assign(found, { ...checked.errors, ...found });
    setErrors(found);
    if (Object.keys(found).length > 0 || !checked.ok) return;
    try {
      await save.mutateAsync({ id: integration.id, body: checked.body });
      toast.success(t("integrations.gemini.saved"));
      onClose();
    } catch (failure) {
      const text = saveFailure(failure, "edit");
      if (text) toast.error(text);
      else toastError(failure);
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" scroll="paper">
      <DialogTitle id={titleId}>{t("integrations.gemini.title")}</DialogTitle>
      <DialogForm onSubmit={(event) => void submit(event)}>
        <DialogContent dividers>
          <Stack spacing={2} sx={{ pt: 1 }}>
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
            <TextField
              label={t("integrations.fields.geminiApiKey")}
              required={!integration.geminiApiKeySet}
              type="password"
              fullWidth
              size="small"
              value={form.geminiApiKey}
              placeholder={integration.geminiApiKeySet ? t("integrations.secretKept") : undefined}
              slotProps={integration.geminiApiKeySet ? { inputLabel: { shrink: true } } : undefined}
              onChange={(event) => set("geminiApiKey", event.target.value)}
              error={Boolean(errors.geminiApiKey)}
              helperText={errors.geminiApiKey}
            />
            {GEMINI_FIELDS.map((field) => (
              <TextField
                key={field}
                label={t(`integrations.fields.${field}`)}
                fullWidth
                size="small"
                multiline={field === "geminiPrompt"}
                minRows={field === "geminiPrompt" ? 4 : undefined}
                type={field === "geminiPrompt" || field === "geminiTestPhone" ? "text" : "number"}
                value={form[field]}
                onChange={(event) => set(field, event.target.value)}
                error={Boolean(errors[field])}
                helperText={errors[field]}
              />
            ))}
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
