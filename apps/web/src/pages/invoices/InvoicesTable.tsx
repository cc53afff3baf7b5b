import { type InvoiceDto, invoiceDisplayStatus } from "@inbox/shared";
import ReceiptLongIcon from "@mui/icons-material/ReceiptLong";
import { Alert, Chip, LinearProgress, Table, TableBody, TableCell, TableHead, TableRow } from "@mui/material";
import { alpha } from "@mui/material/styles";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../app/format-date";
import { EmptyState } from "../../components/EmptyState";
import { LoadingState } from "../../components/LoadingState";
import { InvoiceActions } from "./InvoiceActions";
import { formatBrl } from "./invoice-format";

interface InvoicesTableProps {
  invoices: InvoiceDto[];
  loading: boolean;
  /** The failure text, when the list could not load. */
  error?: string;
  loadingMore: boolean;
  today?: Date;
  /** The row's action cell; by default the checkout's pay button (the super user's list confirms instead). */
  renderAction?: (invoice: InvoiceDto) => ReactNode;
}

const STATUS_COLOR = { paid: "success", overdue: "error", open: "warning" } as const;

/** Spec 2's invoice list: detail, users, connections, queues, value, due date, status, action; overdue rows shaded. */
export function InvoicesTable({
  invoices,
  loading,
  error,
  loadingMore,
  today,
  renderAction = (invoice) => <InvoiceActions invoice={invoice} />,
}: InvoicesTableProps) {
  const { t } = useTranslation();
  return (
    <>
      <Table stickyHeader size="small" aria-label={t("invoices.menu")}>
        <TableHead>
          <TableRow>
            <TableCell>{t("invoices.columns.detail")}</TableCell>
            <TableCell align="center">{t("invoices.columns.users")}</TableCell>
            <TableCell align="center">{t("invoices.columns.connections")}</TableCell>
            <TableCell align="center">{t("invoices.columns.queues")}</TableCell>
            <TableCell align="right">{t("invoices.columns.value")}</TableCell>
            <TableCell align="center">{t("invoices.columns.dueDate")}</TableCell>
            <TableCell align="center">{t("invoices.columns.status")}</TableCell>
            <TableCell align="right">{t("invoices.columns.action")}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {invoices.map((invoice) => {
            const status = invoiceDisplayStatus(invoice, today);
            return (
              <TableRow
                key={invoice.id}
                data-status={status}
                sx={
                  status === "overdue"
                    ? { bgcolor: (theme) => alpha(theme.palette.error.main, 0.08) }
                    : undefined
                }
              >
                <TableCell>{invoice.detail}</TableCell>
                <TableCell align="center">{invoice.users}</TableCell>
                <TableCell align="center">{invoice.connections}</TableCell>
                <TableCell align="center">{invoice.queues}</TableCell>
                <TableCell align="right">{formatBrl(invoice.value)}</TableCell>
                <TableCell align="center">{formatDate(invoice.dueDate)}</TableCell>
                <TableCell align="center">
                  <Chip
                    size="small"
                    variant="outlined"
                    color={STATUS_COLOR[status]}
                    label={t(`invoices.status.${status}`)}
                  />
                </TableCell>
                <TableCell align="right">{renderAction(invoice)}</TableCell>
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
      {!loading && !error && invoices.length === 0 && (
        <EmptyState icon={<ReceiptLongIcon fontSize="large" aria-hidden />} message={t("invoices.empty")} />
      )}
      {loadingMore && <LinearProgress aria-label={t("invoices.loadingMore")} />}
    </>
  );
}
