import { type InvoiceDto, invoiceDisplayStatus } from "@inbox/shared";
import ReceiptLongIcon from "@mui/icons-material/ReceiptLong";
import { Alert, Chip, LinearProgress } from "@mui/material";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../app/format-date";
import { EmptyState } from "../../components/EmptyState";
import { LoadingState } from "../../components/LoadingState";
import { ResponsiveTable } from "../../components/ResponsiveTable";
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

/**
 * Spec 2's invoice list: detail, users, connections, queues, value, due date, status (its chip's
 * `data-status`), action; overdue rows shaded; cards on a phone.
 */
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
      <ResponsiveTable
        label={t("invoices.menu")}
        stickyHeader
        rows={invoices}
        rowKey={(invoice) => invoice.id}
        // Overdue invoices tinted red (error), in the table and on the cards.
        rowTone={(invoice) => (invoiceDisplayStatus(invoice, today) === "overdue" ? "error" : undefined)}
        columns={[
          { key: "detail", header: t("invoices.columns.detail"), render: (invoice) => invoice.detail },
          {
            key: "users",
            header: t("invoices.columns.users"),
            align: "center",
            render: (invoice) => invoice.users,
          },
          {
            key: "connections",
            header: t("invoices.columns.connections"),
            align: "center",
            render: (invoice) => invoice.connections,
          },
          {
            key: "queues",
            header: t("invoices.columns.queues"),
            align: "center",
            render: (invoice) => invoice.queues,
          },
          {
            key: "value",
            header: t("invoices.columns.value"),
            align: "right",
            render: (invoice) => formatBrl(invoice.value),
          },
          {
            key: "dueDate",
            header: t("invoices.columns.dueDate"),
            align: "center",
            render: (invoice) => formatDate(invoice.dueDate),
          },
          {
            key: "status",
            header: t("invoices.columns.status"),
            align: "center",
            render: (invoice) => {
              const status = invoiceDisplayStatus(invoice, today);
              return (
                <Chip
                  size="small"
                  variant="outlined"
                  color={STATUS_COLOR[status]}
                  label={t(`invoices.status.${status}`)}
                  data-status={status}
                />
              );
            },
          },
        ]}
        actionsHeader={t("invoices.columns.action")}
        actions={renderAction}
      />
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
