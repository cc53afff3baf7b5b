import type { ContactCreateInput, ContactDto, ContactList, ContactUpdateInput } from "@inbox/shared";
import {
  type InfiniteData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { api } from "./client";

/**
 * The contacts page's calls (spec 1 sections 2 and 7): the paged list, create,
 * edit, delete and block. The contact drawer's calls live in contacts.ts.
 */
export type ContactCreateBody = Pick<ContactCreateInput, "name" | "number"> & Partial<ContactCreateInput>;

export const contactListApi = {
  page: (searchParam: string, pageNumber: number, signal?: AbortSignal) =>
    api.get<ContactList>("/contacts", { searchParam, pageNumber }, signal),
  get: (id: number, signal?: AbortSignal) => api.get<ContactDto>(`/contacts/${id}`, undefined, signal),
  create: (body: ContactCreateBody) => api.post<ContactDto>("/contacts", body),
  update: (id: number, body: ContactUpdateInput) => api.put<ContactDto>(`/contacts/${id}`, body),
  remove: (id: number) => api.delete<{ message: string }>(`/contacts/${id}`),
  setActive: (id: number, active: boolean) => api.put<ContactDto>(`/contacts/block/${id}`, { active }),
};

export const contactListKeys = {
  /** Everything about contacts (the drawer's keys start with it too). */
  all: ["contacts"] as const,
  lists: ["contacts", "page"] as const,
  list: (searchParam: string) => ["contacts", "page", searchParam] as const,
  form: (id: number) => ["contacts", "form", id] as const,
};

/** The contacts list, one page of LIMITS.pageSize per pageNumber. */
export function useContactsInfinite(searchParam: string) {
  return useInfiniteQuery({
    queryKey: contactListKeys.list(searchParam),
    queryFn: ({ pageParam, signal }) => contactListApi.page(searchParam, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

/** The contact the modal edits, always fresh (extra info may have changed elsewhere). */
export function useContactForEdit(id: number | null) {
  return useQuery({
    queryKey: contactListKeys.form(id ?? 0),
    queryFn: ({ signal }) => contactListApi.get(id ?? 0, signal),
    enabled: id !== null,
    staleTime: 0,
  });
}

type ContactPages = InfiniteData<ContactList, number>;

/**
 * Puts a changed contact into every cached page that holds it, and drops a
 * deleted one; a created contact makes the lists refetch (its place depends on
 * the order and the search).
 */
export function useContactCache() {
  const queryClient = useQueryClient();
  const mapPages = (map: (contacts: ContactDto[]) => ContactDto[]) =>
    queryClient.setQueriesData<ContactPages>({ queryKey: contactListKeys.lists }, (data) =>
      data ? { ...data, pages: data.pages.map((page) => ({ ...page, contacts: map(page.contacts) })) } : data,
    );
  return {
    updated: (contact: ContactDto) =>
      mapPages((contacts) => contacts.map((c) => (c.id === contact.id ? contact : c))),
    removed: (contactId: number) => mapPages((contacts) => contacts.filter((c) => c.id !== contactId)),
    created: () => queryClient.invalidateQueries({ queryKey: contactListKeys.lists }),
  };
}

export function useCreateContact() {
  const cache = useContactCache();
  return useMutation({ mutationFn: contactListApi.create, onSuccess: () => cache.created() });
}

export function useUpdateContact() {
  const cache = useContactCache();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ContactUpdateInput }) => contactListApi.update(id, body),
    onSuccess: (contact) => cache.updated(contact),
  });
}

export function useDeleteContact() {
  const cache = useContactCache();
  return useMutation({
    mutationFn: (id: number) => contactListApi.remove(id),
    onSuccess: (_answer, id) => cache.removed(id),
  });
}

export function useBlockContact() {
  const cache = useContactCache();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) => contactListApi.setActive(id, active),
    onSuccess: (contact) => cache.updated(contact),
  });
}
