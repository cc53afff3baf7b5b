import InsightsIcon from "@mui/icons-material/Insights";
import { Paper } from "@mui/material";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../components/EmptyState";
import { PageHeader } from "../../components/PageHeader";

/** Placeholder: counters, charts and the attendants table come with the dashboard issue. */
export function DashboardPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t("dashboard.title")} />
      <Paper variant="outlined">
        <EmptyState
          icon={<InsightsIcon fontSize="large" aria-hidden />}
          message={t("dashboard.placeholder")}
        />
      </Paper>
    </>
  );
}
