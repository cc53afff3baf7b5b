import { type CompanyDto, dueDateColour, type Recurrence } from "@inbox/shared";
import BusinessIcon from "@mui/icons-material/Business";
import EventRepeatIcon from "@mui/icons-material/EventRepeat";
import ReceiptLongIcon from "@mui/icons-material/ReceiptLong";
import { Alert, IconButton, Paper, TablePagination, Tooltip } from "@mui/material";
import { useTranslation } from "react-i18next";
import { formatDate, formatDateTimeShort } from "../../../app/format-date";
import { EmptyState } from "../../../components/EmptyState";
import { LoadingState } from "../../../components/LoadingState";
import { ResponsiveTable, type RowTone } from "../../../components/ResponsiveTable";
import { RowActionButtons } from "../../../components/RowActions";
import { formatAmount } from "../plans/plan-form";
import { formatBytes } from "./company-form";

const TONES: Record<"yellow" | "red" | "none", RowTone | undefined> = {
  yellow: "warning",
  red: "error",
  none: undefined,
};

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
      <ResponsiveTable
        label={t("companies.title")}
        rows={companies}
        rowKey={(company) => company.id}
        // Due in 1 to 5 days: yellow (warning); due today or past: red (error).
        rowTone={(company) => TONES[dueDateColour(company.dueDate, today) ?? "none"]}
        columns={[
          { key: "name", header: t("companies.fields.name"), render: (company) => company.name },
          { key: "email", header: t("companies.fields.email"), render: (company) => company.email },
          { key: "plan", header: t("companies.fields.plan"), render: (company) => company.planName },
          {
            key: "amount",
            header: t("companies.fields.amount"),
            align: "right",
            cellSx: { whiteSpace: "nowrap" },
            render: (company) => formatAmount(company.planAmount, i18n.language),
          },
          {
            key: "status",
            header: t("companies.fields.status"),
            align: "center",
            render: (company) => (company.status ? t("companies.yes") : t("companies.no")),
          },
          {
            key: "dueDate",
            header: t("companies.fields.dueDate"),
            cellSx: { whiteSpace: "nowrap" },
            render: (company) => (
              <>
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
              </>
            ),
          },
          {
            key: "recurrence",
            header: t("companies.fields.recurrence"),
            render: (company) => t(`companies.recurrences.${company.recurrence as Recurrence}`),
          },
          {
            key: "folderSize",
            header: t("companies.fields.folderSize"),
            align: "right",
            cellSx: { whiteSpace: "nowrap" },
            render: (company) => formatBytes(company.folderSize),
          },
          {
            key: "files",
            header: t("companies.fields.files"),
            align: "right",
            render: (company) => company.numberFileFolder,
          },
          {
            key: "lastLogin",
            header: t("companies.fields.lastLogin"),
            cellSx: { whiteSpace: "nowrap" },
            render: (company) => formatDateTimeShort(company.lastLogin) || t("companies.never"),
          },
        ]}
        actionsHeader={t("companies.actions")}
        actions={(company) => (
          <RowActionButtons
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
          </RowActionButtons>
        )}
      />
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
