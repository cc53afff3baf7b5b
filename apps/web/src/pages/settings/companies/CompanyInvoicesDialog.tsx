import type { CompanyDto, InvoiceDto } from "@inbox/shared";
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from "@mui/material";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { companiesKeys } from "../../../api/companies";
import { useCompanyInvoicesInfinite } from "../../../api/invoices";
import { queryKeys } from "../../../api/query-keys";
import { subscriptionApi } from "../../../api/subscription";
import { formatDate } from "../../../app/format-date";
import { errorMessage, toastError } from "../../../app/toast/toast-error";
import { toast } from "../../../app/toast/toast-store";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { InfiniteScrollArea } from "../../../components/InfiniteScrollArea";
import { InvoicesTable } from "../../invoices/InvoicesTable";

/**
 * Super users: a company's invoices (GET /companies/{id}/invoices), each unpaid one with
 * 'Marcar como paga' after a confirmation (PUT /invoices/{id}/paid). The embedded PIX provider
 * tells nobody of a payment: the owner, seeing it in the bank, confirms it here.
 */
export function CompanyInvoicesDialog({
  company,
  onClose,
}: {
  company: CompanyDto | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const queryClient = useQueryClient();
  const invoices = useCompanyInvoicesInfinite(company?.id ?? null);
  const [toConfirm, setToConfirm] = useState<InvoiceDto | null>(null);
  const markPaid = useMutation({
    mutationFn: (invoice: InvoiceDto) => subscriptionApi.markPaid(invoice.id),
    onSuccess: (paid) => {
      toast.success(t("checkout.markedPaidDue", { id: paid.id, date: formatDate(paid.company.dueDate) }));
      void queryClient.invalidateQueries({ queryKey: queryKeys.invoices.all });
      void queryClient.invalidateQueries({ queryKey: companiesKeys.all });
    },
    onError: toastError,
    onSettled: () => setToConfirm(null),
  });
  const rows = invoices.data?.pages.flatMap((page) => page.invoices) ?? [];
  return (
    <Dialog open={company !== null} onClose={onClose} maxWidth="lg" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t("companies.invoicesTitle", { name: company?.name ?? "" })}</DialogTitle>
      <DialogContent dividers>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t("companies.invoicesHelp")}
        </Typography>
        <InfiniteScrollArea
          canLoadMore={Boolean(invoices.hasNextPage) && !invoices.isFetchingNextPage}
          onReachEnd={() => void invoices.fetchNextPage()}
          sx={{ maxHeight: "60vh" }}
        >
          <InvoicesTable
            invoices={rows}
            loading={invoices.isPending}
            error={invoices.isError ? errorMessage(invoices.error) : undefined}
            loadingMore={invoices.isFetchingNextPage}
            renderAction={(invoice) =>
              invoice.status === "paid" ? null : (
                <Button size="small" variant="outlined" onClick={() => setToConfirm(invoice)}>
                  {t("checkout.markPaidButton")}
                </Button>
              )
            }
          />
        </InfiniteScrollArea>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("common.close")}</Button>
      </DialogActions>
      <ConfirmDialog
        open={toConfirm !== null}
        title={t("checkout.markPaid", { id: toConfirm?.id })}
        message={t("checkout.markPaidConfirm", { id: toConfirm?.id })}
        confirmLabel={t("checkout.markPaidButton")}
        busy={markPaid.isPending}
        onConfirm={() => toConfirm && markPaid.mutate(toConfirm)}
        onClose={() => setToConfirm(null)}
      />
    </Dialog>
  );
}
