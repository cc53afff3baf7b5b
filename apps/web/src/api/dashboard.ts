import type { DashboardDto } from "@inbox/shared";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "./client";
import { queryKeys } from "./query-keys";

/** The days the dashboard covers (inclusive, YYYY-MM-DD) on the viewer's clock. */
export interface DashboardRange {
  dateFrom: string;
  dateTo: string;
  /** Minutes east of UTC of the viewer's clock (Brazil: -180). */
  utcOffset: number;
}

export const dashboardApi = {
  get: (range: DashboardRange, signal?: AbortSignal) =>
    api.get<DashboardDto>(
      "/dashboard",
      { date_from: range.dateFrom, date_to: range.dateTo, utcOffset: range.utcOffset },
      signal,
    ),
};

/** Counters and attendant rows of a range; the previous range stays on screen while the next loads. */
export function useDashboard(range: DashboardRange, enabled = true) {
  return useQuery({
    queryKey: queryKeys.dashboard(range),
    queryFn: ({ signal }) => dashboardApi.get(range, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
