import { zodResolver } from "@hookform/resolvers/zod";
import { PLAN_FLAGS, type PlanCreateInput } from "@inbox/shared";
import { Box, Button, Paper, Stack, TextField, Typography } from "@mui/material";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { SwitchField } from "../../../components/SwitchField";
import { type PlanFormInput, planErrorText, planFormSchema } from "./plan-form";

interface PlanFormProps {
  /** The plan being edited (its name for the title), or null for a new one. */
  editing: { id: number; name: string } | null;
  initialValues: PlanFormInput;
  /** Resolves when saved; rejects with the server's error (the form keeps the values). */
  onSubmit: (values: PlanCreateInput) => Promise<void>;
  onClear: () => void;
}

const LIMIT_FIELDS = ["users", "connections", "queues"] as const;

/**
 * The plan form above the table: name, limits, amount, public and the use flags. The tab gives it
 * a new `key` when another plan is picked, cleared or saved, so it starts over from `initialValues`.
 */
export function PlanForm({ editing, initialValues, onSubmit, onClear }: PlanFormProps) {
  const { t } = useTranslation();
  const {
    control,
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<PlanFormInput, unknown, PlanCreateInput>({
    resolver: zodResolver(planFormSchema),
    defaultValues: initialValues,
  });

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch {
      // The tab said why (a toast); the values stay for the user to fix.
    }
  });

  const title = editing ? t("plans.formTitleEdit", { name: editing.name }) : t("plans.formTitleAdd");
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <form onSubmit={submit} noValidate aria-label={title}>
        <Typography variant="subtitle1" component="h2" sx={{ mb: 2 }}>
          {title}
        </Typography>
        <Box
          sx={{
            display: "grid",
            gap: 2,
            gridTemplateColumns: { xs: "1fr", sm: "repeat(2, 1fr)", md: "2fr repeat(4, 1fr)" },
          }}
        >
          <TextField
            label={t("plans.fields.name")}
            required
            size="small"
            {...register("name")}
            error={Boolean(errors.name)}
            helperText={planErrorText(errors.name?.message, "name")}
          />
          {LIMIT_FIELDS.map((field) => (
            <TextField
              key={field}
              label={t(`plans.fields.${field}`)}
              type="number"
              size="small"
              slotProps={{ htmlInput: { min: 0, step: 1 } }}
              {...register(field, { valueAsNumber: true })}
              error={Boolean(errors[field])}
              helperText={planErrorText(errors[field]?.message, field)}
            />
          ))}
          <TextField
            label={t("plans.fields.amount")}
            size="small"
            slotProps={{ htmlInput: { inputMode: "decimal" } }}
            {...register("amount")}
            error={Boolean(errors.amount)}
            helperText={planErrorText(errors.amount?.message, "amount")}
          />
        </Box>
        <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
          {t("plans.features")}
        </Typography>
        <Box sx={{ display: "flex", flexWrap: "wrap", columnGap: 2 }}>
          <SwitchField control={control} name="isPublic" label={t("plans.fields.isPublic")} />
          {PLAN_FLAGS.map((flag) => (
            <SwitchField key={flag} control={control} name={flag} label={t(`plans.fields.${flag}`)} />
          ))}
        </Box>
        <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: "flex-end" }}>
          <Button onClick={onClear} disabled={isSubmitting}>
            {t("plans.clear")}
          </Button>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            {t("common.save")}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
