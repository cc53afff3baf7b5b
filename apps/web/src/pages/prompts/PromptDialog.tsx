import { PROMPT_DEFAULTS, PROMPT_VOICES, type PromptDto, promptSchema } from "@inbox/shared";
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
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { type PromptBody, useSavePrompt } from "../../api/prompts";
import { useQueueOptions } from "../../api/queues";
import { toastError } from "../../app/toast/toast-error";
import { toast } from "../../app/toast/toast-store";
import { DialogForm } from "../../components/DialogForm";
import { IdSelect } from "../../components/IdSelect";

interface PromptDialogProps {
  /** The prompt being edited, or null for a new one. */
  prompt: PromptDto | null;
  onClose: () => void;
}

type Field =
  | "name"
  | "apiKey"
  | "prompt"
  | "queueId"
  | "voice"
  | "voiceKey"
  | "voiceRegion"
  | "temperature"
  | "maxTokens"
  | "maxMessages";

/** The shared schema's messages, translated (spec 3 section 5: 'Informe o setor'). */
const MESSAGE_KEYS: Record<string, string> = {
  Required: "prompts.validation.required",
  "Too Long!": "prompts.validation.tooLong",
  "Informe o setor": "prompts.validation.queueRequired",
};

/**
 * Adds or edits an AI prompt (spec 3 section 5): name, API key and prompt required, a queue
 * ('Informe o setor'), voice 'texto' or one of the 15 voices. The keys are write-only: never
 * prefilled; left blank on an edit, the stored ones are kept.
 */
export function PromptDialog({ prompt, onClose }: PromptDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const save = useSavePrompt();
  const queues = useQueueOptions();
  const [form, setForm] = useState({
    name: prompt?.name ?? "",
    apiKey: "",
    prompt: prompt?.prompt ?? "",
    queueId: prompt?.queueId ?? null,
    voice: prompt?.voice ?? PROMPT_DEFAULTS.voice,
    voiceKey: "",
    voiceRegion: prompt?.voiceRegion ?? "",
    temperature: String(prompt?.temperature ?? PROMPT_DEFAULTS.temperature),
    maxTokens: String(prompt?.maxTokens ?? PROMPT_DEFAULTS.maxTokens),
    maxMessages: String(prompt?.maxMessages ?? PROMPT_DEFAULTS.maxMessages),
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const set = (field: Field, value: string | number | null) =>
    setForm((current) => ({ ...current, [field]: value }));
  const kept = t("prompts.secretKept");

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = promptSchema.safeParse({
      ...form,
      apiKey: form.apiKey || undefined,
      voiceKey: form.voiceKey || undefined,
      queueId: form.queueId ?? undefined,
    });
    const found: Partial<Record<Field, string>> = {};
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        const key = MESSAGE_KEYS[issue.message];
        found[field] ??= key ? t(key as "prompts.validation.required") : t("prompts.validation.invalid");
      }
    if (!form.apiKey.trim() && !prompt?.apiKeySet) found.apiKey = t("prompts.validation.required");
    setErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) return;
    const { apiKey, voiceKey, ...rest } = parsed.data;
    const body: PromptBody = { ...rest, ...(apiKey ? { apiKey } : {}), ...(voiceKey ? { voiceKey } : {}) };
    try {
      await save.mutateAsync({ id: prompt?.id ?? null, body });
      toast.success(t("prompts.saved"));
      onClose();
    } catch (failure) {
      toastError(failure);
    }
  };

  const text = (field: Field, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      label={t(`prompts.fields.${field}`)}
      fullWidth
      size="small"
      value={form[field as keyof typeof form] ?? ""}
      onChange={(event) => set(field, event.target.value)}
      error={Boolean(errors[field])}
      helperText={errors[field]}
      {...extra}
    />
  );

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md" scroll="paper">
      <DialogTitle id={titleId}>{prompt ? t("prompts.editTitle") : t("prompts.addTitle")}</DialogTitle>
      <DialogForm onSubmit={(event) => void submit(event)}>
        <DialogContent dividers>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {text("name", { required: true, autoFocus: true })}
            {text("apiKey", {
              required: !prompt?.apiKeySet,
              type: "password",
              placeholder: prompt?.apiKeySet ? kept : undefined,
              slotProps: prompt?.apiKeySet ? { inputLabel: { shrink: true } } : undefined,
            })}
            {text("prompt", { required: true, multiline: true, minRows: 6 })}
            <IdSelect
              label={t("prompts.fields.queueId")}
              required
              value={form.queueId}
              options={queues.data ?? []}
              onChange={(id) => set("queueId", id)}
              error={Boolean(errors.queueId)}
              helperText={errors.queueId}
            />
            <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
              {text("voice", {
                select: true,
                children: PROMPT_VOICES.map((voice) => (
                  <MenuItem key={voice} value={voice}>
                    {voice === "texto" ? t("prompts.voiceText") : voice}
                  </MenuItem>
                )),
              })}
              {text("voiceKey", {
                type: "password",
                placeholder: prompt?.voiceKeySet ? kept : undefined,
                slotProps: prompt?.voiceKeySet ? { inputLabel: { shrink: true } } : undefined,
              })}
              {text("voiceRegion")}
            </Stack>
            <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
              {text("temperature", {
                type: "number",
                slotProps: { htmlInput: { step: 0.1, min: 0, max: 2 } },
              })}
              {text("maxTokens", { type: "number" })}
              {text("maxMessages", { type: "number" })}
            </Stack>
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
