import InsightsIcon from "@mui/icons-material/Insights";
import { Alert, Box, LinearProgress, Paper, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type DashboardRange, useDashboard } from "../../api/dashboard";
import { errorMessage } from "../../app/toast/toast-error";
import { EmptyState } from "../../components/EmptyState";
import { LoadingState } from "../../components/LoadingState";
import { PageHeader } from "../../components/PageHeader";
import { AttendantsTable } from "./AttendantsTable";
import { CountersGrid } from "./CountersGrid";
import { defaultRange } from "./dashboard-data";
import { PerformanceBars } from "./PerformanceBars";
import { StatusChart } from "./StatusChart";
import { TicketsByDayChart } from "./TicketsByDayChart";

/**
 * The dashboard (spec 1 sections 2 and 3): a date range (default the start
 * of the month to today), the counters, charts, performance bars and the
 * attendants table with its spreadsheet export. The route guard shows the
 * 403 view to users without the dashboard permission.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const [range, setRange] = useState<DashboardRange>(() => defaultRange());
  const dashboard = useDashboard(range);
  const data = dashboard.data;

  const setDay = (field: "dateFrom" | "dateTo", value: string) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return;
    setRange((current) => {
      const next = { ...current, [field]: value };
      // Keep the range ordered: moving one end past the other moves both.
      if (next.dateFrom > next.dateTo) {
        if (field === "dateFrom") next.dateTo = value;
        else next.dateFrom = value;
      }
      return next;
    });
  };

  const total = data ? data.counters.activeTickets + data.counters.passiveTickets : 0;

  return (
    <>
      <PageHeader
        title={t("dashboard.title")}
        actions={
          <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
            <TextField
              type="date"
              size="small"
              label={t("dashboard.dateFrom")}
              value={range.dateFrom}
              onChange={(event) => setDay("dateFrom", event.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              type="date"
              size="small"
              label={t("dashboard.dateTo")}
              value={range.dateTo}
              onChange={(event) => setDay("dateTo", event.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Box>
        }
      />
      {dashboard.isFetching && data && <LinearProgress aria-label={t("common.loading")} sx={{ mb: 1 }} />}
      {dashboard.isPending && <LoadingState />}
      {dashboard.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorMessage(dashboard.error)}
        </Alert>
      )}
      {data && (
        <Box sx={{ display: "flex", flexDirection: "column", gap: 2 }}>
          <CountersGrid counters={data.counters} />
          {total === 0 ? (
            <Paper variant="outlined">
              <EmptyState
                icon={<InsightsIcon fontSize="large" aria-hidden />}
                message={t("dashboard.empty")}
              />
            </Paper>
          ) : (
            <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "2fr 1fr" } }}>
              <Paper variant="outlined" sx={{ p: 2 }}>
                <Typography variant="h6" component="h2" gutterBottom>
                  {t("dashboard.charts.byDay")}
                </Typography>
                <TicketsByDayChart days={data.ticketsByDay} />
              </Paper>
              <Paper variant="outlined" sx={{ p: 2, display: "flex", flexDirection: "column", gap: 3 }}>
                <Box>
                  <Typography variant="h6" component="h2" gutterBottom>
                    {t("dashboard.performance.title")}
                  </Typography>
                  <PerformanceBars counters={data.counters} />
                </Box>
                <StatusChart counters={data.counters} />
              </Paper>
            </Box>
          )}
          <Paper variant="outlined" sx={{ p: 2 }}>
            <AttendantsTable attendants={data.attendants} rangeLabel={`${data.dateFrom}_${data.dateTo}`} />
          </Paper>
        </Box>
      )}
    </>
  );
}
