import { REPORT_DEFAULT_PAGE_SIZE, type ReportPageSize, type ReportRow } from "@inbox/shared";
import AssessmentIcon from "@mui/icons-material/Assessment";
import FileDownloadIcon from "@mui/icons-material/FileDownload";
import { Alert, Box, Button, LinearProgress, Paper, Typography } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type ReportFilters, useReport } from "../../api/reports";
import { useAuth } from "../../app/auth/auth-context";
import { canSeeDashboard } from "../../app/permissions";
import { errorMessage } from "../../app/toast/toast-error";
import { EmptyState } from "../../components/EmptyState";
import { LoadingState } from "../../components/LoadingState";
import { PageHeader } from "../../components/PageHeader";
import { defaultRange } from "../dashboard/dashboard-data";
import { TicketLogDialog } from "../tickets/conversation/TicketLogDialog";
import { useDebouncedValue } from "../tickets/manager/use-debounced-value";
import { ReportFiltersBar } from "./ReportFiltersBar";
import { ReportTable } from "./ReportTable";
import { useReportExport } from "./use-report-export";

/** No filter but the range: the first of the month to today (spec 2 section 2). */
export function initialReportFilters(now = new Date()): ReportFilters {
  const { dateFrom, dateTo } = defaultRange(now);
  return {
    searchParam: "",
    contactId: null,
    whatsappIds: [],
    users: [],
    queueIds: [],
    statuses: [],
    dateFrom,
    dateTo,
    onlyRated: false,
  };
}

/**
 * The ticket report (spec 2 sections 2, 3, 7, 9): filters, the table with
 * pagination, each row's log and ticket, and 'Exportar' with its progress.
 * Supervisors (admins, users with showDashboard) report on the company and
 * may filter by user; anyone else on their own tickets (the server decides).
 */
export function ReportsPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [filters, setFilters] = useState<ReportFilters>(() => initialReportFilters());
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<ReportPageSize>(REPORT_DEFAULT_PAGE_SIZE);
  const [logsOf, setLogsOf] = useState<ReportRow | null>(null);
  const search = useDebouncedValue(filters.searchParam);
  const applied = { ...filters, searchParam: search };
  const report = useReport(applied, page + 1, pageSize);
  const exporter = useReportExport();
  const data = report.data;

  const change = (next: ReportFilters) => {
    setFilters(next);
    setPage(0);
  };

  const progress = exporter.progress;
  const percent = progress?.total ? Math.min(100, (progress.written / progress.total) * 100) : undefined;

  return (
    <>
      <PageHeader
        title={t("reports.title")}
        actions={
          <Button
            variant="contained"
            startIcon={<FileDownloadIcon />}
            disabled={exporter.exporting || !data || data.totalTickets.total === 0}
            onClick={() => void exporter.start(applied)}
          >
            {t("reports.export.button")}
          </Button>
        }
      />
      <ReportFiltersBar
        filters={filters}
        onChange={change}
        onClear={() => change(initialReportFilters())}
        showUsers={canSeeDashboard(user)}
      />
      {progress && (
        <Box role="status" sx={{ mb: 2 }}>
          <Typography variant="body2" gutterBottom>
            {progress.total === null
              ? t("reports.export.preparing")
              : t("reports.export.progress", { written: progress.written, total: progress.total })}
          </Typography>
          <LinearProgress
            variant={percent === undefined ? "indeterminate" : "determinate"}
            value={percent ?? 0}
            aria-label={t("reports.export.button")}
          />
        </Box>
      )}
      {report.isFetching && data && <LinearProgress aria-label={t("common.loading")} sx={{ mb: 1 }} />}
      {report.isPending && <LoadingState />}
      {report.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorMessage(report.error) || t("reports.loadError")}
        </Alert>
      )}
      {data && (
        <Paper variant="outlined">
          {data.totalTickets.total === 0 ? (
            <EmptyState icon={<AssessmentIcon fontSize="large" aria-hidden />} message={t("reports.empty")} />
          ) : (
            <ReportTable
              rows={data.tickets}
              total={data.totalTickets.total}
              page={page}
              pageSize={pageSize}
              onPageChange={setPage}
              onPageSizeChange={(size) => {
                setPageSize(size);
                setPage(0);
              }}
              onShowLogs={setLogsOf}
            />
          )}
        </Paper>
      )}
      <TicketLogDialog open={logsOf !== null} ticketId={logsOf?.id ?? 0} onClose={() => setLogsOf(null)} />
    </>
  );
}
