import type { AnnouncementDto } from "@inbox/shared";
import { type InfiniteData, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "./client";

/** GET /announcements/ (spec 1 section 7): the top bar's announcements popover, LIMITS.pageSize per page. */
export interface AnnouncementPage {
  records: AnnouncementDto[];
  count: number;
  hasMore: boolean;
}

export type AnnouncementPages = InfiniteData<AnnouncementPage, number>;

export const announcementsApi = {
  page: (pageNumber: number, signal?: AbortSignal, searchParam = "") =>
    api.get<AnnouncementPage>("/announcements/", { searchParam, pageNumber }, signal),
};

export const announcementKeys = {
  all: ["announcements"] as const,
  list: ["announcements", "list"] as const,
};

/** The announcements, newest first, one page per pageNumber; kept live by the caller's socket events. */
export function useAnnouncementsInfinite() {
  return useInfiniteQuery({
    queryKey: announcementKeys.list,
    queryFn: ({ pageParam, signal }) => announcementsApi.page(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    // Socket events keep the cached pages current; a reconnection loads them again.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The `company-announcement` payload (spec 1 section 7, spec 3: create, update, delete with the entity or its id). */
export type AnnouncementEventPayload =
  | { action: "create" | "update"; record: AnnouncementDto & { status?: boolean } }
  | { action: "delete"; id: number | string };

const newestFirst = (a: AnnouncementDto, b: AnnouncementDto) =>
  b.createdAt.localeCompare(a.createdAt) || b.id - a.id;

/**
 * Applies a live event to the cached pages without loading them again: a
 * created or updated active announcement replaces its old copy or goes in
 * by date on the first page; a deleted or deactivated one leaves.
 */
export function applyAnnouncementEvent(
  data: AnnouncementPages | undefined,
  event: AnnouncementEventPayload,
): AnnouncementPages | undefined {
  if (!data) return data;
  if (event.action === "delete") return removeAnnouncement(data, Number(event.id));
  const { status, ...record } = event.record;
  if (status === false) return removeAnnouncement(data, record.id);
  const held = data.pages.some((page) => page.records.some((a) => a.id === record.id));
  if (held)
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        records: page.records.map((a) => (a.id === record.id ? record : a)),
      })),
    };
  const [first, ...rest] = data.pages;
  if (!first) return data;
  return {
    ...data,
    pages: [
      { ...first, records: [...first.records, record].sort(newestFirst), count: first.count + 1 },
      ...rest,
    ],
  };
}

function removeAnnouncement(data: AnnouncementPages, id: number): AnnouncementPages {
  return {
    ...data,
    pages: data.pages.map((page) => ({ ...page, records: page.records.filter((a) => a.id !== id) })),
  };
}
