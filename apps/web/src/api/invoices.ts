import type { InvoiceListDto, UserDto } from "@inbox/shared";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { api } from "./client";
import { queryKeys } from "./query-keys";

export const invoicesApi = {
  page: (searchParam: string, pageNumber: number, signal?: AbortSignal) =>
    api.get<InvoiceListDto>("/invoices/all", { searchParam, pageNumber }, signal),
  /** Super users: one company's invoices (GET /companies/{id}/invoices). */
  ofCompany: (companyId: number, pageNumber: number, signal?: AbortSignal) =>
    api.get<InvoiceListDto>(`/companies/${companyId}/invoices`, { pageNumber }, signal),
};

/** The company's invoices, newest first, page after page (GET /invoices/all). */
export function useInvoicesInfinite(searchParam: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.invoices.list(searchParam),
    queryFn: ({ pageParam, signal }) => invoicesApi.page(searchParam, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

/** Super users: one company's invoices, page after page (the companies table's 'Faturas'). */
export function useCompanyInvoicesInfinite(companyId: number | null) {
  return useInfiniteQuery({
    queryKey: queryKeys.invoices.ofCompany(companyId ?? 0),
    queryFn: ({ pageParam, signal }) => invoicesApi.ofCompany(companyId ?? 0, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    enabled: companyId !== null,
  });
}

/** How often an expired company's screen asks whether it was paid (the socket is refused meanwhile). */
export const PAYMENT_POLL_MS = 10_000;

/**
 * The signed-in user as the server sees them now (GET /auth/me, open to an
 * expired company), asked every 10 s while the tab is visible: the company's
 * due date moves when an invoice is paid.
 */
export function useMePolling(enabled: boolean, intervalMs = PAYMENT_POLL_MS) {
  return useQuery({
    queryKey: queryKeys.me,
    queryFn: ({ signal }) => api.get<UserDto>("/auth/me", undefined, signal),
    enabled,
    refetchInterval: intervalMs,
    refetchIntervalInBackground: false,
    staleTime: 0,
  });
}
