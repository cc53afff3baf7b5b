import { formatSupportTime, REPORT_PAGE_SIZES, type ReportPageSize, type ReportRow } from "@inbox/shared";
import HistoryIcon from "@mui/icons-material/History";
import OpenInNewIcon from "@mui/icons-material/OpenInNew";
import { IconButton, TableContainer, TablePagination, Tooltip } from "@mui/material";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { formatDateTimeShort } from "../../app/format-date";
import { type ResponsiveColumn, ResponsiveTable } from "../../components/ResponsiveTable";

interface ReportTableProps {
  rows: ReportRow[];
  total: number;
  /** From 0, as the pagination counts. */
  page: number;
  pageSize: ReportPageSize;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: ReportPageSize) => void;
  onShowLogs: (row: ReportRow) => void;
}

/**
 * The report's rows (spec 2 section 3, ticket report row) with their actions:
 * the ticket's log and the ticket itself at /tickets/{uuid}; pages of 5, 10,
 * 20 or 50 rows (spec 2 section 9). On a phone a card per row, its actions on their own line,
 * the pagination still below.
 */
export function ReportTable(props: ReportTableProps) {
  const { t } = useTranslation();
  const { rows } = props;
  const columns: ResponsiveColumn<ReportRow>[] = [
    { key: "id", header: t("reports.columns.id"), render: (row) => row.id },
    {
      key: "whatsappName",
      header: t("reports.columns.whatsappName"),
      render: (row) => row.whatsappName ?? "",
    },
    { key: "contactName", header: t("reports.columns.contactName"), render: (row) => row.contactName },
    { key: "userName", header: t("reports.columns.userName"), render: (row) => row.userName ?? "" },
    { key: "queueName", header: t("reports.columns.queueName"), render: (row) => row.queueName ?? "" },
    {
      key: "status",
      header: t("reports.columns.status"),
      render: (row) => t(`ticketsManager.statuses.${row.status}`, { defaultValue: row.status }),
    },
    {
      key: "lastMessage",
      header: t("reports.columns.lastMessage"),
      // Cut at 280 px in the table; the card shows it whole.
      cellSx: { maxWidth: 280, overflow: "hidden", textOverflow: "ellipsis" },
      render: (row) => row.lastMessage,
    },
    {
      key: "createdAt",
      header: t("reports.columns.createdAt"),
      cellSx: { whiteSpace: "nowrap" },
      render: (row) => formatDateTimeShort(row.createdAt),
    },
    {
      key: "closedAt",
      header: t("reports.columns.closedAt"),
      cellSx: { whiteSpace: "nowrap" },
      render: (row) => formatDateTimeShort(row.closedAt),
    },
    {
      key: "supportTime",
      header: t("reports.columns.supportTime"),
      render: (row) => formatSupportTime(row.supportTime),
    },
    { key: "NPS", header: t("reports.columns.NPS"), render: (row) => row.NPS ?? "" },
  ];
  return (
    <>
      <TableContainer>
        <ResponsiveTable
          label={t("reports.tableLabel")}
          rows={rows}
          rowKey={(row) => row.id}
          columns={columns}
          // A card is titled by its contact; the ticket's number is a labelled line.
          titleColumn="contactName"
          actionsHeader={t("reports.columns.actions")}
          actions={(row) => (
            <>
              <Tooltip title={t("reports.logs", { id: row.id })}>
                <IconButton
                  size="small"
                  aria-label={t("reports.logs", { id: row.id })}
                  onClick={() => props.onShowLogs(row)}
                >
                  <HistoryIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title={t("reports.open", { id: row.id })}>
                <IconButton
                  size="small"
                  aria-label={t("reports.open", { id: row.id })}
                  component={RouterLink}
                  to={`/tickets/${row.uuid}`}
                >
                  <OpenInNewIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </>
          )}
        />
      </TableContainer>
      <TablePagination
        component="div"
        count={props.total}
        page={props.page}
        rowsPerPage={props.pageSize}
        rowsPerPageOptions={[...REPORT_PAGE_SIZES]}
        onPageChange={(_event, page) => props.onPageChange(page)}
        onRowsPerPageChange={(event) => props.onPageSizeChange(Number(event.target.value) as ReportPageSize)}
        labelRowsPerPage={t("reports.rowsPerPage")}
        labelDisplayedRows={({ from, to, count }) => t("reports.pageRange", { from, to, count })}
      />
    </>
  );
}
