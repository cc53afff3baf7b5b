import { type CompanyDto, dueDateColour, type Recurrence } from "@inbox/shared";
import BusinessIcon from "@mui/icons-material/Business";
import EventRepeatIcon from "@mui/icons-material/EventRepeat";
import ReceiptLongIcon from "@mui/icons-material/ReceiptLong";
import {
  Alert,
  IconButton,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  Tooltip,
} from "@mui/material";
import { alpha } from "@mui/material/styles";
import { useTranslation } from "react-i18next";
import { formatDate, formatDateTimeShort } from "../../../app/format-date";
import { EmptyState } from "../../../components/EmptyState";
import { LoadingState } from "../../../components/LoadingState";
import { RowActions } from "../../../components/RowActions";
import { formatAmount } from "../plans/plan-form";
import { formatBytes } from "./company-form";

interface CompaniesTableProps {
  companies: CompanyDto[];
  count: number;
  /** 1-based, as the server counts. */
  pageNumber: number;
  pageSize: number;
  loading: boolean;
  /** The failure text, when the list could not load. */
  error?: string;
  /** The company whose due date is being moved (its button waits). */
  advancing?: number | null;
  onPage: (pageNumber: number) => void;
  onEdit: (company: CompanyDto) => void;
  onDelete: (company: CompanyDto) => void;
  onAdvanceDueDate: (company: CompanyDto) => void;
  onInvoices: (company: CompanyDto) => void;
  today?: Date;
}

/**
 * Every company: plan and amount, status, due date (the row yellow when due in 1 to 5 days, red
 * when due today or past) with the button that moves it by the recurrence, the storage folder's
 * size and files, last login; edit and delete.
 */
export function CompaniesTable(props: CompaniesTableProps) {
  const { companies, count, pageNumber, pageSize, loading, error, advancing, today } = props;
  const { t, i18n } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ overflowX: "auto" }}>
      <Table size="small" aria-label={t("companies.title")}>
        <TableHead>
          <TableRow>
            <TableCell>{t("companies.fields.name")}</TableCell>
            <TableCell>{t("companies.fields.email")}</TableCell>
            <TableCell>{t("companies.fields.plan")}</TableCell>
            <TableCell align="right">{t("companies.fields.amount")}</TableCell>
            <TableCell align="center">{t("companies.fields.status")}</TableCell>
            <TableCell>{t("companies.fields.dueDate")}</TableCell>
            <TableCell>{t("companies.fields.recurrence")}</TableCell>
            <TableCell align="right">{t("companies.fields.folderSize")}</TableCell>
            <TableCell align="right">{t("companies.fields.files")}</TableCell>
            <TableCell>{t("companies.fields.lastLogin")}</TableCell>
            <TableCell align="right">{t("companies.actions")}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {companies.map((company) => {
            const colour = dueDateColour(company.dueDate, today);
            return (
              <TableRow
                key={company.id}
                hover
                data-due={colour ?? "none"}
                sx={(theme) =>
                  colour
                    ? {
                        bgcolor: alpha(
                          colour === "red" ? theme.palette.error.main : theme.palette.warning.main,
                          0.18,
                        ),
                      }
                    : {}
                }
              >
                <TableCell>{company.name}</TableCell>
                <TableCell>{company.email}</TableCell>
                <TableCell>{company.planName}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                  {formatAmount(company.planAmount, i18n.language)}
                </TableCell>
                <TableCell align="center">
                  {company.status ? t("companies.yes") : t("companies.no")}
                </TableCell>
                <TableCell sx={{ whiteSpace: "nowrap" }}>
                  {formatDate(company.dueDate) || "—"}
                  <Tooltip
                    title={t("companies.advance", {
                      recurrence: t(`companies.recurrences.${company.recurrence as Recurrence}`),
                    })}
                  >
                    <span>
                      <IconButton
                        size="small"
                        aria-label={t("companies.advanceLabel", { name: company.name })}
                        disabled={advancing === company.id}
                        onClick={() => props.onAdvanceDueDate(company)}
                      >
                        <EventRepeatIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                </TableCell>
                <TableCell>{t(`companies.recurrences.${company.recurrence as Recurrence}`)}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                  {formatBytes(company.folderSize)}
                </TableCell>
                <TableCell align="right">{company.numberFileFolder}</TableCell>
                <TableCell sx={{ whiteSpace: "nowrap" }}>
                  {formatDateTimeShort(company.lastLogin) || t("companies.never")}
                </TableCell>
                <RowActions
                  editLabel={t("companies.editLabel", { name: company.name })}
                  deleteLabel={t("companies.deleteLabel", { name: company.name })}
                  onEdit={() => props.onEdit(company)}
                  onDelete={() => props.onDelete(company)}
                >
                  <Tooltip title={t("companies.invoices")}>
                    <IconButton
                      size="small"
                      aria-label={t("companies.invoicesLabel", { name: company.name })}
                      onClick={() => props.onInvoices(company)}
                    >
                      <ReceiptLongIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </RowActions>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      {loading && <LoadingState />}
      {error && (
        <Alert severity="error" sx={{ m: 2 }}>
          {error}
        </Alert>
      )}
      {!loading && !error && companies.length === 0 && (
        <EmptyState icon={<BusinessIcon fontSize="large" aria-hidden />} message={t("companies.empty")} />
      )}
      {count > pageSize && (
        <TablePagination
          component="div"
          count={count}
          page={pageNumber - 1}
          rowsPerPage={pageSize}
          rowsPerPageOptions={[]}
          onPageChange={(_event, page) => props.onPage(page + 1)}
        />
      )}
    </Paper>
  );
}
