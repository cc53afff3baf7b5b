import type { ChatDto, ChatMessageDto, ChatMessageList, ChatSaveInput } from "@inbox/shared";
import { type InfiniteData, useInfiniteQuery, useMutation, useQuery } from "@tanstack/react-query";
import { api } from "./client";

/** GET /chats/ (spec 1 section 7): the signed-in user's internal chats, most recent first. */
export interface ChatPage {
  records: ChatDto[];
  count: number;
  hasMore: boolean;
}

export type ChatPages = InfiniteData<ChatPage, number>;

export type ChatMessagePages = InfiniteData<ChatMessageList, unknown>;

export const chatsApi = {
  page: (pageNumber: number, signal?: AbortSignal, searchParam = "") =>
    api.get<ChatPage>("/chats/", { searchParam, pageNumber }, signal),
  /** One chat by id or uuid (the page's address names its uuid). */
  show: (ref: string | number, signal?: AbortSignal) =>
    api.get<ChatDto>(`/chats/${encodeURIComponent(String(ref))}`, undefined, signal),
  create: (body: ChatSaveInput) => api.post<ChatDto>("/chats", body),
  update: (id: number, body: ChatSaveInput) => api.put<ChatDto>(`/chats/${id}`, body),
  remove: (id: number) => api.delete<{ message: string }>(`/chats/${id}`),
  /** Newest first; `before` (a message id) asks for the older ones. */
  messages: (id: number, before: number | undefined, signal?: AbortSignal) =>
    api.get<ChatMessageList>(`/chats/${id}/messages`, { before }, signal),
  send: (id: number, message: string) => api.post<ChatMessageDto>(`/chats/${id}/messages`, { message }),
  markRead: (id: number) => api.post<ChatDto>(`/chats/${id}/read`, {}),
};

export const chatKeys = {
  all: ["chats"] as const,
  list: ["chats", "list"] as const,
  one: (ref: string) => ["chats", "one", ref] as const,
  messages: (id: number) => ["chats", "messages", id] as const,
};

/** A chat by uuid, for an address naming one not among the loaded pages. */
export function useChat(uuid: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: chatKeys.one(uuid ?? ""),
    queryFn: ({ signal }) => chatsApi.show(uuid as string, signal),
    enabled: enabled && Boolean(uuid),
    retry: false,
  });
}

/** A chat's messages, newest page first; kept live by the page from `new-message` events. */
export function useChatMessages(chatId: number | undefined) {
  return useInfiniteQuery({
    queryKey: chatKeys.messages(chatId ?? 0),
    queryFn: ({ pageParam, signal }) => chatsApi.messages(chatId as number, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.hasMore ? last.records.at(-1)?.id : undefined),
    enabled: chatId !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useSaveChat() {
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: ChatSaveInput }) =>
      id === undefined ? chatsApi.create(body) : chatsApi.update(id, body),
  });
}

export function useDeleteChat() {
  return useMutation({ mutationFn: (id: number) => chatsApi.remove(id) });
}

export function useSendChatMessage() {
  return useMutation({
    mutationFn: ({ chatId, message }: { chatId: number; message: string }) => chatsApi.send(chatId, message),
  });
}

/**
 * A message that arrived (live or as the answer to the user's own send) goes
 * on top of the newest page, once, whichever of the two came first.
 */
export function addChatMessage(
  data: ChatMessagePages | undefined,
  message: ChatMessageDto,
): ChatMessagePages | undefined {
  if (!data) return data;
  if (data.pages.some((page) => page.records.some((m) => m.id === message.id))) return data;
  const [first, ...rest] = data.pages;
  if (!first) return data;
  return {
    ...data,
    pages: [{ ...first, records: [message, ...first.records], count: first.count + 1 }, ...rest],
  };
}

/** Oldest first, for display: the pages come newest first. */
export function messagesInOrder(data: ChatMessagePages | undefined): ChatMessageDto[] {
  return (data?.pages.flatMap((page) => page.records) ?? []).slice().reverse();
}

/** The user's chats, one page per pageNumber; kept live by the caller's socket events. */
export function useChatsInfinite(enabled = true) {
  return useInfiniteQuery({
    queryKey: chatKeys.list,
    queryFn: ({ pageParam, signal }) => chatsApi.page(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    staleTime: Number.POSITIVE_INFINITY,
    enabled,
  });
}

/** Messages the user has not read in a chat: their own participant row's `unreads`. */
export function unreadsFor(chat: ChatDto, userId: number): number {
  return chat.users.find((participant) => participant.userId === userId)?.unreads ?? 0;
}

/**
 * The `company-{id}-chat` payload (spec 3 section on realtime): create,
 * update and new-message carry the chat (`chat`, or `record` as the original
 * server's create), delete its id, reload asks for the list again.
 */
export type ChatEventPayload =
  | {
      action: "create" | "update" | "new-message";
      chat?: ChatDto;
      record?: ChatDto;
      newMessage?: ChatMessageDto;
    }
  | { action: "delete"; id?: number | string; chatId?: number | string }
  | { action: "reload" };

const latestFirst = (a: ChatDto, b: ChatDto) => b.updatedAt.localeCompare(a.updatedAt) || b.id - a.id;

/**
 * Applies a live event to the cached pages without loading them again. A
 * changed chat leaves its old place and goes in by updatedAt on the first
 * page (a new message brings it to the top); a chat the user does not take
 * part in, or no longer does, is dropped.
 */
export function applyChatEvent(
  data: ChatPages | undefined,
  event: ChatEventPayload,
  userId: number,
): ChatPages | undefined {
  if (!data || event.action === "reload") return data;
  if (event.action === "delete") return removeChat(data, Number(event.id ?? event.chatId));
  const chat = event.chat ?? event.record;
  if (!chat) return data;
  const without = removeChat(data, chat.id);
  if (!chat.users.some((participant) => participant.userId === userId)) return without;
  const [first, ...rest] = without.pages;
  if (!first) return data;
  return { ...without, pages: [{ ...first, records: [chat, ...first.records].sort(latestFirst) }, ...rest] };
}

function removeChat(data: ChatPages, id: number): ChatPages {
  return {
    ...data,
    pages: data.pages.map((page) => ({ ...page, records: page.records.filter((chat) => chat.id !== id) })),
  };
}
