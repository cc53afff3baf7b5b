import type { PaymentEventPayload } from "@inbox/shared";
import { Paper } from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { useInvoicesInfinite } from "../../api/invoices";
import { queryKeys } from "../../api/query-keys";
import { useAuth } from "../../app/auth/auth-context";
import { errorMessage } from "../../app/toast/toast-error";
import { InfiniteScrollArea } from "../../components/InfiniteScrollArea";
import { useCompanyEvent } from "../../realtime/realtime-context";
import { InvoicesTable } from "./InvoicesTable";

/** The company's invoices page after page, and their count for the title. */
export function useInvoiceList(searchParam = "") {
  const invoices = useInvoicesInfinite(searchParam);
  const rows = invoices.data?.pages.flatMap((page) => page.invoices) ?? [];
  const count = invoices.data?.pages[0]?.count ?? 0;
  return { invoices, rows, count };
}

/**
 * A payment (company-{id}-payment) marks an invoice paid and moves the
 * company's due date: the list reloads and the signed-in user's company
 * takes the new date (the subscription page, the expiry rule).
 */
export function usePaymentEvents() {
  const queryClient = useQueryClient();
  const { user, updateUser } = useAuth();
  useCompanyEvent<PaymentEventPayload>("payment", (payload) => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.invoices.all });
    if (user?.company)
      updateUser({ ...user, company: { ...user.company, dueDate: payload.company.dueDate } });
  });
}

export function InvoicesList({ list }: { list: ReturnType<typeof useInvoiceList> }) {
  const { invoices, rows } = list;
  usePaymentEvents();
  return (
    <Paper variant="outlined">
      <InfiniteScrollArea
        canLoadMore={Boolean(invoices.hasNextPage) && !invoices.isFetchingNextPage}
        onReachEnd={() => void invoices.fetchNextPage()}
        sx={{ maxHeight: "calc(100vh - 220px)" }}
      >
        <InvoicesTable
          invoices={rows}
          loading={invoices.isPending}
          error={invoices.isError ? errorMessage(invoices.error) : undefined}
          loadingMore={invoices.isFetchingNextPage}
        />
      </InfiniteScrollArea>
    </Paper>
  );
}
