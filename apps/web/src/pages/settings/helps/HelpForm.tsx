import { zodResolver } from "@hookform/resolvers/zod";
import { type HelpCreateInput, type HelpCreateValues, helpCreateSchema } from "@inbox/shared";
import { Box, Button, Paper, Stack, TextField, Typography } from "@mui/material";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";

interface HelpFormProps {
  /** The help being edited (its title for the heading), or null for a new one. */
  editing: { id: number; title: string } | null;
  initialValues: HelpCreateInput;
  /** Resolves when saved; rejects with the server's error (the form keeps the values). */
  onSubmit: (values: HelpCreateValues) => Promise<void>;
  onClear: () => void;
}

/** Each field's translated rule, in place of the shared schema's English messages. */
const FIELD_ERRORS = {
  title: "helps.errors.title",
  video: "helps.errors.video",
  description: "helps.errors.description",
} as const;

/**
 * The help form above the table: title, video code (or a pasted YouTube
 * address) and description. The tab gives it a new `key` when another help is
 * picked, cleared or saved, so it starts over from `initialValues`.
 */
export function HelpForm({ editing, initialValues, onSubmit, onClear }: HelpFormProps) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<HelpCreateInput, unknown, HelpCreateValues>({
    resolver: zodResolver(helpCreateSchema),
    defaultValues: initialValues,
  });

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch {
      // The tab said why (a toast); the values stay for the user to fix.
    }
  });

  const errorText = (field: keyof typeof FIELD_ERRORS) =>
    errors[field] ? t(FIELD_ERRORS[field]) : undefined;
  const heading = editing ? t("helps.formTitleEdit", { title: editing.title }) : t("helps.formTitleAdd");
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <form onSubmit={submit} noValidate aria-label={heading}>
        <Typography variant="subtitle1" component="h2" sx={{ mb: 2 }}>
          {heading}
        </Typography>
        <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "2fr 1fr" } }}>
          <TextField
            label={t("helps.fields.title")}
            required
            size="small"
            {...register("title")}
            error={Boolean(errors.title)}
            helperText={errorText("title")}
          />
          <TextField
            label={t("helps.fields.video")}
            required
            size="small"
            {...register("video")}
            error={Boolean(errors.video)}
            helperText={errorText("video") ?? t("helps.videoHint")}
          />
          <TextField
            label={t("helps.fields.description")}
            size="small"
            multiline
            minRows={2}
            sx={{ gridColumn: "1 / -1" }}
            {...register("description")}
            error={Boolean(errors.description)}
            helperText={errorText("description")}
          />
        </Box>
        <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: "flex-end" }}>
          <Button onClick={onClear} disabled={isSubmitting}>
            {t("helps.clear")}
          </Button>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            {t("common.save")}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
