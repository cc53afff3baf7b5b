import type { ContactListImportDto, ContactListItemDto, ContactListRecord } from "@inbox/shared";
import {
  type InfiniteData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { api } from "./client";

/** Contact lists and their items (spec 3 section 7). */
export interface ContactListPage {
  records: ContactListRecord[];
  count: number;
  hasMore: boolean;
}
export interface ContactListItemPage {
  contacts: ContactListItemDto[];
  count: number;
  hasMore: boolean;
}
export interface ContactListItemBody {
  name: string;
  number: string;
  email: string;
  contactListId: number;
}

export const contactListsApi = {
  page: (searchParam: string, pageNumber: number, signal?: AbortSignal) =>
    api.get<ContactListPage>("/contact-lists", { searchParam, pageNumber }, signal),
  get: (id: number, signal?: AbortSignal) =>
    api.get<ContactListRecord>(`/contact-lists/${id}`, undefined, signal),
  create: (name: string) => api.post<ContactListRecord>("/contact-lists", { name }),
  rename: (id: number, name: string) => api.put<ContactListRecord>(`/contact-lists/${id}`, { name }),
  remove: (id: number) => api.delete<{ message: string }>(`/contact-lists/${id}`),
  items: (contactListId: number, searchParam: string, pageNumber: number, signal?: AbortSignal) =>
    api.get<ContactListItemPage>("/contact-list-items", { contactListId, searchParam, pageNumber }, signal),
  createItem: (body: ContactListItemBody) => api.post<ContactListItemDto>("/contact-list-items", body),
  updateItem: (id: number, body: ContactListItemBody) =>
    api.put<ContactListItemDto>(`/contact-list-items/${id}`, body),
  removeItem: (id: number) => api.delete<{ message: string }>(`/contact-list-items/${id}`),
  upload: (id: number, file: File) => {
    const form = new FormData();
    form.append("file", file);
    return api.post<ContactListImportDto>(`/contact-lists/${id}/upload`, form);
  },
  latestImport: (id: number, signal?: AbortSignal) =>
    api.get<ContactListImportDto | null>(`/contact-lists/${id}/imports/latest`, undefined, signal),
  importOf: (id: number, importId: number) =>
    api.get<ContactListImportDto>(`/contact-lists/${id}/imports/${importId}`),
};

export const contactListsKeys = {
  all: ["contact-lists"] as const,
  pages: ["contact-lists", "page"] as const,
  page: (searchParam: string) => ["contact-lists", "page", searchParam] as const,
  one: (id: number) => ["contact-lists", "one", id] as const,
  items: (id: number) => ["contact-lists", "items", id] as const,
  itemsPage: (id: number, searchParam: string) => ["contact-lists", "items", id, searchParam] as const,
  latestImport: (id: number) => ["contact-lists", "import", id] as const,
};

export function useContactListsInfinite(searchParam: string) {
  return useInfiniteQuery({
    queryKey: contactListsKeys.page(searchParam),
    queryFn: ({ pageParam, signal }) => contactListsApi.page(searchParam, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

export function useContactList(id: number) {
  return useQuery({
    queryKey: contactListsKeys.one(id),
    queryFn: ({ signal }) => contactListsApi.get(id, signal),
  });
}

export function useContactListItemsInfinite(id: number, searchParam: string) {
  return useInfiniteQuery({
    queryKey: contactListsKeys.itemsPage(id, searchParam),
    queryFn: ({ pageParam, signal }) => contactListsApi.items(id, searchParam, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

export function useLatestImport(id: number) {
  return useQuery({
    queryKey: contactListsKeys.latestImport(id),
    queryFn: ({ signal }) => contactListsApi.latestImport(id, signal),
  });
}

type ListPages = InfiniteData<ContactListPage, number>;
type ItemPages = InfiniteData<ContactListItemPage, number>;

/**
 * Live list rules (spec 3 "Lists update live"): a changed record replaces its row where it is, a
 * deleted one leaves; a new one makes the pages refetch (its place depends on the order and search).
 */
export function useContactListsCache() {
  const queryClient = useQueryClient();
  const mapLists = (map: (rows: ContactListRecord[]) => ContactListRecord[]) =>
    queryClient.setQueriesData<ListPages>({ queryKey: contactListsKeys.pages }, (data) =>
      data ? { ...data, pages: data.pages.map((page) => ({ ...page, records: map(page.records) })) } : data,
    );
  const mapItems = (listId: number, map: (rows: ContactListItemDto[]) => ContactListItemDto[]) =>
    queryClient.setQueriesData<ItemPages>({ queryKey: contactListsKeys.items(listId) }, (data) =>
      data ? { ...data, pages: data.pages.map((page) => ({ ...page, contacts: map(page.contacts) })) } : data,
    );
  // A list's contact count moves with its items: the lists page reads it again when it is next shown.
  const countsChanged = () =>
    void queryClient.invalidateQueries({ queryKey: contactListsKeys.pages, refetchType: "active" });
  return {
    listUpdated: (record: ContactListRecord) => {
      mapLists((rows) => rows.map((row) => (row.id === record.id ? record : row)));
      queryClient.setQueryData(contactListsKeys.one(record.id), record);
    },
    listRemoved: (id: number) => mapLists((rows) => rows.filter((row) => row.id !== id)),
    listCreated: () => queryClient.invalidateQueries({ queryKey: contactListsKeys.pages }),
    itemUpdated: (item: ContactListItemDto) =>
      mapItems(item.contactListId, (rows) => rows.map((row) => (row.id === item.id ? item : row))),
    itemRemoved: (listId: number, id: number) => {
      mapItems(listId, (rows) => rows.filter((row) => row.id !== id));
      countsChanged();
    },
    itemsReload: (listId: number) => {
      countsChanged();
      return queryClient.invalidateQueries({ queryKey: contactListsKeys.items(listId) });
    },
  };
}

export function useSaveContactList() {
  const cache = useContactListsCache();
  return useMutation({
    mutationFn: ({ id, name }: { id: number | null; name: string }) =>
      id === null ? contactListsApi.create(name) : contactListsApi.rename(id, name),
    onSuccess: (record, { id }) => (id === null ? void cache.listCreated() : cache.listUpdated(record)),
  });
}

export function useDeleteContactList() {
  const cache = useContactListsCache();
  return useMutation({
    mutationFn: contactListsApi.remove,
    onSuccess: (_answer, id) => cache.listRemoved(id),
  });
}

export function useSaveContactListItem() {
  const cache = useContactListsCache();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: ContactListItemBody }) =>
      id === null ? contactListsApi.createItem(body) : contactListsApi.updateItem(id, body),
    onSuccess: (item, { id }) =>
      id === null ? void cache.itemsReload(item.contactListId) : cache.itemUpdated(item),
  });
}

export function useDeleteContactListItem() {
  const cache = useContactListsCache();
  return useMutation({
    mutationFn: (item: ContactListItemDto) => contactListsApi.removeItem(item.id),
    onSuccess: (_answer, item) => cache.itemRemoved(item.contactListId, item.id),
  });
}
