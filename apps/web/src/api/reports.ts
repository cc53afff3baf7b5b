import type { Language, ReportPage, ReportPageSize, TicketStatus } from "@inbox/shared";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api, apiResponse, type QueryValue } from "./client";

/** The report's filters as the page holds them (spec 2 section 2, Reports). */
export interface ReportFilters {
  searchParam: string;
  contactId: number | null;
  whatsappIds: number[];
  users: number[];
  /** 0 stands for "without queue". */
  queueIds: number[];
  statuses: TicketStatus[];
  /** Inclusive days, YYYY-MM-DD. */
  dateFrom: string;
  dateTo: string;
  onlyRated: boolean;
}

/**
 * The filters as GET /ticketreport/reports takes them (spec 2 section 7): the
 * lists as JSON arrays, empty filters left out.
 */
export function reportQuery(filters: ReportFilters): Record<string, QueryValue> {
  const list = (values: (number | string)[]) => (values.length > 0 ? JSON.stringify(values) : undefined);
  const search = filters.searchParam.trim();
  return {
    searchParam: search || undefined,
    contactId: filters.contactId ?? undefined,
    whatsappId: list(filters.whatsappIds),
    users: list(filters.users),
    queueIds: list(filters.queueIds),
    status: list(filters.statuses),
    dateFrom: filters.dateFrom,
    dateTo: filters.dateTo,
    onlyRated: filters.onlyRated ? true : undefined,
  };
}

export const reportsApi = {
  page: (filters: ReportFilters, page: number, pageSize: ReportPageSize, signal?: AbortSignal) =>
    api.get<ReportPage>("/ticketreport/reports", { ...reportQuery(filters), page, pageSize }, signal),
  /**
   * GET /ticketreport/reports/export: the streamed spreadsheet. Answers the
   * response unread, so the caller reads the total (X-Total-Count) first.
   */
  export: (filters: ReportFilters, options: { lang: Language; exportId: string; signal?: AbortSignal }) =>
    apiResponse("/ticketreport/reports/export", {
      query: { ...reportQuery(filters), lang: options.lang, exportId: options.exportId },
      signal: options.signal,
    }),
};

/** One page of the report; the previous page stays on screen while the next loads. */
export function useReport(filters: ReportFilters, page: number, pageSize: ReportPageSize) {
  return useQuery({
    queryKey: ["reports", filters, page, pageSize] as const,
    queryFn: ({ signal }) => reportsApi.page(filters, page, pageSize, signal),
    placeholderData: keepPreviousData,
  });
}
