import { Alert, AlertTitle, Paper } from "@mui/material";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../components/EmptyState";
import { PageHeader } from "../../components/PageHeader";

/** Where an expired subscription lands after login; the invoice list comes later (spec 2). */
export function OpenInvoicesPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t("invoices.title")} />
      <Alert severity="warning" sx={{ mb: 2 }}>
        <AlertTitle>{t("invoices.expired")}</AlertTitle>
        {t("invoices.expiredDescription")}
      </Alert>
      <Paper variant="outlined">
        <EmptyState message={t("invoices.empty")} />
      </Paper>
    </>
  );
}
