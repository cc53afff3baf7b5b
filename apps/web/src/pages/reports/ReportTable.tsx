import { formatSupportTime, REPORT_PAGE_SIZES, type ReportPageSize, type ReportRow } from "@inbox/shared";
import HistoryIcon from "@mui/icons-material/History";
import OpenInNewIcon from "@mui/icons-material/OpenInNew";
import {
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Tooltip,
} from "@mui/material";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { formatDateTimeShort } from "../../app/format-date";

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

const COLUMNS = [
  "id",
  "whatsappName",
  "contactName",
  "userName",
  "queueName",
  "status",
  "lastMessage",
  "createdAt",
  "closedAt",
  "supportTime",
  "NPS",
] as const;

/**
 * The report's rows (spec 2 section 3, ticket report row) with their actions:
 * the ticket's log and the ticket itself at /tickets/{uuid}; pages of 5, 10,
 * 20 or 50 rows (spec 2 section 9).
 */
export function ReportTable(props: ReportTableProps) {
  const { t } = useTranslation();
  const { rows } = props;
  return (
    <>
      <TableContainer>
        <Table size="small" aria-label={t("reports.tableLabel")}>
          <TableHead>
            <TableRow>
              {COLUMNS.map((column) => (
                <TableCell key={column}>{t(`reports.columns.${column}`)}</TableCell>
              ))}
              <TableCell align="right">{t("reports.columns.actions")}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id} hover>
                <TableCell>{row.id}</TableCell>
                <TableCell>{row.whatsappName ?? ""}</TableCell>
                <TableCell>{row.contactName}</TableCell>
                <TableCell>{row.userName ?? ""}</TableCell>
                <TableCell>{row.queueName ?? ""}</TableCell>
                <TableCell>
                  {t(`ticketsManager.statuses.${row.status}`, { defaultValue: row.status })}
                </TableCell>
                <TableCell sx={{ maxWidth: 280, overflow: "hidden", textOverflow: "ellipsis" }}>
                  {row.lastMessage}
                </TableCell>
                <TableCell sx={{ whiteSpace: "nowrap" }}>{formatDateTimeShort(row.createdAt)}</TableCell>
                <TableCell sx={{ whiteSpace: "nowrap" }}>{formatDateTimeShort(row.closedAt)}</TableCell>
                <TableCell>{formatSupportTime(row.supportTime)}</TableCell>
                <TableCell>{row.NPS ?? ""}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
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
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
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
