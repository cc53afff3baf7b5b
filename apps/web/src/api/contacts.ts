import type { ContactDto, ContactRefDto, ContactUpdateInput, TagDto, TicketNoteDto } from "@inbox/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "./client";

/** A tag as the contact carries it. */
export type TagRef = Pick<TagDto, "id" | "name" | "color">;

/**
 * The contact drawer's calls (spec 1 section 7, Contacts, Notes and tags):
 * the contact, its block and accept-audio switches, extra info, the ticket's
 * notes and the contact's tags.
 */
export const contactsApi = {
  get: (id: number, signal?: AbortSignal) => api.get<ContactDto>(`/contacts/${id}`, undefined, signal),
  update: (id: number, body: ContactUpdateInput) => api.put<ContactDto>(`/contacts/${id}`, body),
  setActive: (id: number, active: boolean) => api.put<ContactDto>(`/contacts/block/${id}`, { active }),
  toggleAcceptAudio: (id: number) => api.put<ContactDto>(`/contacts/toggleAcceptAudio/${id}`),
  /** GET /contacts/list: every contact matching the search, for pickers. */
  pick: (searchParam: string, signal?: AbortSignal) =>
    api.get<ContactRefDto[]>("/contacts/list", { searchParam }, signal),
  notes: (contactId: number, ticketId: number, signal?: AbortSignal) =>
    api.get<TicketNoteDto[]>("/ticket-notes/list", { contactId, ticketId }, signal),
  addNote: (body: { note: string; ticketId: number; contactId: number }) =>
    api.post<TicketNoteDto>("/ticket-notes", body),
  removeNote: (id: number) => api.delete<{ message: string }>(`/ticket-notes/${id}`),
  tags: (signal?: AbortSignal) => api.get<TagDto[]>("/tags/list", { kanban: 0 }, signal),
  contactTags: async (contactId: number, signal?: AbortSignal): Promise<TagRef[]> =>
    (await api.get<{ tags: TagDto[] }>(`/contactTags/${contactId}`, undefined, signal)).tags,
  createTag: (name: string) => api.post<TagDto>("/tags", { name, kanban: 0 }),
  syncTags: (contactId: number, tagIds: number[]) =>
    api.post<ContactDto>("/tags/sync", { contactId, tags: tagIds }),
};

export const contactKeys = {
  detail: (id: number) => ["contacts", "detail", id] as const,
  notes: (contactId: number, ticketId: number) => ["contacts", "notes", contactId, ticketId] as const,
  tags: (contactId: number) => ["contacts", "tags", contactId] as const,
  allTags: ["tags", "list"] as const,
};

export function useContact(id: number | undefined) {
  return useQuery({
    queryKey: contactKeys.detail(id ?? 0),
    queryFn: ({ signal }) => contactsApi.get(id ?? 0, signal),
    enabled: id !== undefined,
  });
}

/** A contact change answered with the contact: the cached one is replaced. */
export function useContactMutation<Variables>(mutationFn: (variables: Variables) => Promise<ContactDto>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (contact) => {
      queryClient.setQueryData(contactKeys.detail(contact.id), contact);
      queryClient.setQueryData(contactKeys.tags(contact.id), contact.tags);
    },
  });
}

export function useTicketNotes(contactId: number, ticketId: number) {
  return useQuery({
    queryKey: contactKeys.notes(contactId, ticketId),
    queryFn: ({ signal }) => contactsApi.notes(contactId, ticketId, signal),
  });
}

export function useContactTags(contactId: number, enabled = true) {
  return useQuery({
    queryKey: contactKeys.tags(contactId),
    queryFn: ({ signal }) => contactsApi.contactTags(contactId, signal),
    enabled,
  });
}

export function useTags(enabled = true) {
  return useQuery({
    queryKey: contactKeys.allTags,
    queryFn: ({ signal }) => contactsApi.tags(signal),
    enabled,
    staleTime: 60_000,
  });
}
