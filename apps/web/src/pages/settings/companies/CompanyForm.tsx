import { zodResolver } from "@hookform/resolvers/zod";
import { type CompanyCreateInput, type PlanDto, RECURRENCES } from "@inbox/shared";
import { Box, Button, MenuItem, Paper, Stack, TextField, Typography } from "@mui/material";
import { type Control, Controller, type Resolver, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { PasswordField } from "../../../components/PasswordField";
import { SwitchField } from "../../../components/SwitchField";
import {
  type CompanyFormInput,
  companyCreateFormSchema,
  companyEditFormSchema,
  companyErrorText,
} from "./company-form";

interface CompanyFormProps {
  /** The company being edited (its name for the title), or null for a new one. */
  editing: { id: number; name: string } | null;
  initialValues: CompanyFormInput;
  plans: PlanDto[];
  /** Resolves when saved; rejects with the server's error (the form keeps the values). */
  onSubmit: (values: CompanyCreateInput) => Promise<void>;
  onClear: () => void;
}

/**
 * The company form above the table: name, e-mail, phone, plan, status, due date, recurrence,
 * CPF/CNPJ, payment method, address (street, city, state), the company's own users and connections
 * limits (empty: the plan's) and, when creating, the password of the company's first admin (its e-mail signs in).
 * The tab gives it a new `key` when another company is picked, cleared or saved.
 */
export function CompanyForm({ editing, initialValues, plans, onSubmit, onClear }: CompanyFormProps) {
  const { t } = useTranslation();
  const schema = editing ? companyEditFormSchema : companyCreateFormSchema;
  const {
    control,
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<CompanyFormInput, unknown, CompanyCreateInput>({
    resolver: zodResolver(schema as never) as unknown as Resolver<
      CompanyFormInput,
      unknown,
      CompanyCreateInput
    >,
    defaultValues: initialValues,
  });

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch {
      // The tab said why (a toast); the values stay for the user to fix.
    }
  });

  const title = editing ? t("companies.formTitleEdit", { name: editing.name }) : t("companies.formTitleAdd");
  const text = (field: keyof CompanyFormInput) => ({
    error: Boolean(errors[field]),
    helperText: companyErrorText(errors[field]?.message, field),
  });
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
            gridTemplateColumns: { xs: "1fr", sm: "repeat(2, 1fr)", md: "repeat(4, 1fr)" },
          }}
        >
          <TextField
            label={t("companies.fields.name")}
            required
            size="small"
            {...register("name")}
            {...text("name")}
          />
          <TextField
            label={t("companies.fields.email")}
            required
            type="email"
            size="small"
            {...register("email")}
            {...text("email")}
          />
          <TextField
            label={t("companies.fields.phone")}
            size="small"
            {...register("phone")}
            {...text("phone")}
          />
          <Controller
            control={control}
            name="planId"
            render={({ field }) => (
              <TextField
                select
                required
                size="small"
                label={t("companies.fields.plan")}
                name={field.name}
                value={field.value ?? ""}
                onChange={(event) =>
                  field.onChange(event.target.value === "" ? "" : Number(event.target.value))
                }
                onBlur={field.onBlur}
                inputRef={field.ref}
                {...text("planId")}
              >
                {plans.map((plan) => (
                  <MenuItem key={plan.id} value={plan.id}>
                    {plan.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <TextField
            label={t("companies.fields.dueDate")}
            type="date"
            size="small"
            slotProps={{ inputLabel: { shrink: true } }}
            {...register("dueDate")}
            {...text("dueDate")}
          />
          <Controller
            control={control}
            name="recurrence"
            render={({ field }) => (
              <TextField
                select
                size="small"
                label={t("companies.fields.recurrence")}
                name={field.name}
                value={field.value}
                onChange={(event) => field.onChange(event.target.value)}
                onBlur={field.onBlur}
                inputRef={field.ref}
                {...text("recurrence")}
              >
                {RECURRENCES.map((value) => (
                  <MenuItem key={value} value={value}>
                    {t(`companies.recurrences.${value}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <TextField
            label={t("companies.fields.document")}
            size="small"
            {...register("document")}
            {...text("document")}
          />
          <TextField
            label={t("companies.fields.paymentMethod")}
            size="small"
            {...register("paymentMethod")}
            {...text("paymentMethod")}
          />
          <TextField
            label={t("companies.fields.addressStreet")}
            size="small"
            {...register("addressStreet")}
            {...text("addressStreet")}
          />
          <TextField
            label={t("companies.fields.addressCity")}
            size="small"
            {...register("addressCity")}
            {...text("addressCity")}
          />
          <TextField
            label={t("companies.fields.addressState")}
            size="small"
            {...register("addressState")}
            {...text("addressState")}
          />
          {(["numberAttendants", "numberConections"] as const).map((field) => (
            <TextField
              key={field}
              label={t(`companies.fields.${field}`)}
              type="number"
              size="small"
              placeholder={t("companies.fields.limitFromPlan")}
              slotProps={{ htmlInput: { min: 0, step: 1, inputMode: "numeric" } }}
              {...register(field)}
              error={Boolean(errors[field])}
              helperText={
                companyErrorText(errors[field]?.message, field) ?? t("companies.fields.limitFromPlan")
              }
            />
          ))}
          {!editing && (
            <PasswordField
              label={t("companies.fields.password")}
              required
              size="small"
              autoComplete="new-password"
              {...register("password")}
              {...text("password")}
            />
          )}
        </Box>
        <SwitchField
          control={control as unknown as Control<CompanyFormInput>}
          name="status"
          label={t("companies.fields.status")}
        />
        <Stack direction="row" spacing={1} sx={{ mt: 1, justifyContent: "flex-end" }}>
          <Button onClick={onClear} disabled={isSubmitting}>
            {t("companies.clear")}
          </Button>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            {t("common.save")}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
