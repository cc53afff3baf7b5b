import type { KanbanTagDto, TagContactsPageDto, TagDto, TagPageDto, TagWithCountDto } from "@inbox/shared";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, apiRequest } from "./client";
import { kanbanKeys } from "./kanban";

/** The tag form's body: every field, as the dialog sends it (POST /tags?unique=1, PUT /tags/{id}). */
export interface TagBody {
  name: string;
  color: string;
  kanban: 0 | 1;
  timeLane: number;
  nextLaneId: number | null;
  rollbackLaneId: number | null;
  greetingMessageLane: string | null;
}

/**
 * The tags screens' keys: all under "tags", with the contact drawer's tag list (contactKeys.allTags),
 * so one invalidation after a change or a live event refreshes every tag list the app holds.
 */
export const tagsKeys = {
  all: ["tags"] as const,
  page: (searchParam: string) => ["tags", "page", searchParam] as const,
  detail: (id: number) => ["tags", "detail", id] as const,
  lanes: (exceptId: number | null) => ["tags", "lanes", exceptId] as const,
  kanban: ["tags", "kanban"] as const,
  contacts: (tagId: number) => ["tags", "contacts", tagId] as const,
};

/** The tags screens' calls (spec 2 sections 2 and 7). */
export const tagsApi = {
  page: (
    query: { searchParam: string; pageNumber: number; kanban?: 0 | 1; tagId?: number },
    signal?: AbortSignal,
  ) => api.get<TagPageDto>("/tags/", query, signal),
  get: (id: number, signal?: AbortSignal) => api.get<TagWithCountDto>(`/tags/${id}`, undefined, signal),
  /** unique=1: a taken name answers 400 ERR_TAG_NAME_ALREADY_EXISTS instead of that tag. */
  create: (body: TagBody) => apiRequest<TagDto>("/tags", { method: "POST", body, query: { unique: 1 } }),
  update: (id: number, body: TagBody) => api.put<TagDto>(`/tags/${id}`, body),
  remove: (id: number) => api.delete<{ message: string }>(`/tags/${id}`),
  kanban: (signal?: AbortSignal) => api.get<{ lista: KanbanTagDto[] }>("/tag/kanban/", undefined, signal),
  contacts: (tagId: number, pageNumber: number, signal?: AbortSignal) =>
    api.get<TagContactsPageDto>(`/tags-contacts/${tagId}`, { pageNumber }, signal),
  untagContact: (tagId: number, contactId: number) =>
    api.delete<{ message: string }>(`/tags-contacts/${tagId}/${contactId}`),
};

/** The /tags list, 20 a page, by name. */
export function useTagsPage(searchParam: string) {
  return useInfiniteQuery({
    queryKey: tagsKeys.page(searchParam),
    queryFn: ({ pageParam, signal }) => tagsApi.page({ searchParam, pageNumber: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

export function useTag(id: number | null) {
  return useQuery({
    queryKey: tagsKeys.detail(id ?? 0),
    queryFn: ({ signal }) => tagsApi.get(id ?? 0, signal),
    enabled: id !== null,
  });
}

/** Pages read for the lane selects at most: 50 × 20 kanban tags is far beyond a usable board. */
const MAX_LANE_PAGES = 50;

/**
 * The lanes a tag may point at: the company's other kanban tags (GET /tags/?kanban=1&tagId=<self>),
 * every page of them, since a select must offer them all.
 */
export function useLaneOptions(exceptId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: tagsKeys.lanes(exceptId),
    queryFn: async ({ signal }) => {
      const lanes: TagWithCountDto[] = [];
      for (let pageNumber = 1; pageNumber <= MAX_LANE_PAGES; pageNumber++) {
        const page = await tagsApi.page(
          { searchParam: "", pageNumber, kanban: 1, ...(exceptId === null ? {} : { tagId: exceptId }) },
          signal,
        );
        lanes.push(...page.tags);
        if (!page.hasMore) break;
      }
      return lanes.map(({ id, name, color }) => ({ id, name, color }));
    },
    enabled,
  });
}

/** The kanban tags with their open and pending tickets (/TagsKanban). */
export function useKanbanTags() {
  return useQuery({
    queryKey: tagsKeys.kanban,
    queryFn: async ({ signal }) => (await tagsApi.kanban(signal)).lista,
  });
}

/** A tag's contacts, 20 a page (the contact-count modal). */
export function useTagContacts(tagId: number | null) {
  return useInfiniteQuery({
    queryKey: tagsKeys.contacts(tagId ?? 0),
    queryFn: ({ pageParam, signal }) => tagsApi.contacts(tagId ?? 0, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    enabled: tagId !== null,
  });
}

/** Reads every tag list again (after a change here, or a `company{id}-tag` event). */
export function useInvalidateTags() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: tagsKeys.all });
}

/**
 * After a tag is saved or deleted: every tag list, and the kanban board, whose lanes are the kanban
 * tags (it is cached without a time limit, so coming back from /TagsKanban would show the old lanes).
 */
function useInvalidateTagsAndBoard() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: tagsKeys.all }),
      queryClient.invalidateQueries({ queryKey: kanbanKeys.all }),
    ]);
}

/** Creates (no id) or updates a tag; every tag list and the board are read again after. */
export function useSaveTag() {
  const invalidate = useInvalidateTagsAndBoard();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: TagBody }) =>
      id === null ? tagsApi.create(body) : tagsApi.update(id, body),
    onSuccess: invalidate,
  });
}

export function useDeleteTag() {
  const invalidate = useInvalidateTagsAndBoard();
  return useMutation({ mutationFn: (id: number) => tagsApi.remove(id), onSuccess: invalidate });
}

export function useUntagContact() {
  const invalidate = useInvalidateTags();
  return useMutation({
    mutationFn: ({ tagId, contactId }: { tagId: number; contactId: number }) =>
      tagsApi.untagContact(tagId, contactId),
    onSuccess: invalidate,
  });
}
