import { CUSTOM_PLAN, formatBrl, type InvoiceDto } from "@inbox/shared";
import { Alert, Box, FormControlLabel, Radio, RadioGroup, Stack, TextField, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { type CheckoutValues, checkoutPriceCents, customBelowInvoice } from "./checkout-form";

interface StepProps {
  values: CheckoutValues;
  onChange: (change: Partial<CheckoutValues>) => void;
}

/** Step 1 (Dados): the payer's full name and CPF/CNPJ are required (spec 2 section 5); the address is optional. */
export function DataStep({
  values,
  onChange,
  errors,
}: StepProps & { errors: Partial<Record<"firstName" | "zipcode", string>> }) {
  const { t } = useTranslation();
  const text = (
    key: "firstName" | "lastName" | "zipcode" | "address2" | "city" | "state",
    required = false,
  ) => (
    <TextField
      label={t(`checkout.fields.${key}`)}
      value={values[key]}
      required={required}
      fullWidth
      size="small"
      onChange={(event) => onChange({ [key]: event.target.value })}
      error={key in errors}
      helperText={errors[key as "firstName" | "zipcode"]}
      autoFocus={key === "firstName"}
    />
  );
  return (
    <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" } }}>
      {text("firstName", true)}
      {text("lastName")}
      {text("zipcode", true)}
      {text("address2")}
      {text("city")}
      {text("state")}
    </Box>
  );
}

/** Step 2 (Personalizar): the invoice's plan, or a custom plan priced live (at least 3 users and 3 connections). */
export function PlanStep({ values, onChange, invoice }: StepProps & { invoice: InvoiceDto }) {
  const { t, i18n } = useTranslation();
  const price = formatBrl(checkoutPriceCents(values, invoice), i18n.language);
  const count = (key: "users" | "connections", min: number) => (
    <TextField
      type="number"
      size="small"
      label={t(`checkout.fields.${key}`)}
      value={values[key]}
      onChange={(event) => {
        const typed = Math.trunc(Number(event.target.value));
        onChange({ [key]: Number.isFinite(typed) ? Math.max(min, typed) : min });
      }}
      slotProps={{ htmlInput: { min, max: 1000, step: 1 } }}
      helperText={t("checkout.atLeast", { count: min })}
    />
  );
  return (
    <Stack spacing={2}>
      <RadioGroup
        value={values.planType}
        onChange={(event) => onChange({ planType: event.target.value as CheckoutValues["planType"] })}
        aria-label={t("checkout.planChoice")}
      >
        <FormControlLabel
          value="invoice"
          control={<Radio />}
          label={t("checkout.invoicePlan", {
            detail: invoice.detail,
            users: invoice.users,
            connections: invoice.connections,
            price: formatBrl(checkoutPriceCents({ ...values, planType: "invoice" }, invoice), i18n.language),
          })}
        />
        <FormControlLabel value="custom" control={<Radio />} label={t("checkout.customPlan")} />
      </RadioGroup>
      {values.planType === "custom" && (
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
          {count("users", CUSTOM_PLAN.minUsers)}
          {count("connections", CUSTOM_PLAN.minConnections)}
        </Stack>
      )}
      <Typography variant="h6" component="p" aria-live="polite">
        {t("checkout.monthlyPrice", { price })}
      </Typography>
      {customBelowInvoice(values, invoice) && <Alert severity="warning">{t("checkout.belowInvoice")}</Alert>}
    </Stack>
  );
}

/** Step 3 (Revisar): what will be charged, before PAGAR. */
export function ReviewStep({ values, invoice }: { values: CheckoutValues; invoice: InvoiceDto }) {
  const { t, i18n } = useTranslation();
  const custom = values.planType === "custom";
  const rows: [string, string][] = [
    [t("checkout.review.name"), `${values.firstName} ${values.lastName}`.trim()],
    [t("checkout.review.taxId"), values.zipcode],
    [t("checkout.review.plan"), custom ? t("checkout.customPlan") : invoice.detail],
    [t("checkout.fields.users"), String(custom ? values.users : invoice.users)],
    [t("checkout.fields.connections"), String(custom ? values.connections : invoice.connections)],
    [t("checkout.review.total"), formatBrl(checkoutPriceCents(values, invoice), i18n.language)],
  ];
  return (
    <Box
      component="dl"
      sx={{ display: "grid", gridTemplateColumns: "auto 1fr", columnGap: 3, rowGap: 1, m: 0 }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: "contents" }}>
          <Typography component="dt" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 500 }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
