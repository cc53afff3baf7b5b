import type { ChatDto } from "@inbox/shared";
import { type InfiniteData, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "./client";

/** GET /chats/ (spec 1 section 7): the signed-in user's internal chats, most recent first. */
export interface ChatPage {
  records: ChatDto[];
  count: number;
  hasMore: boolean;
}

export type ChatPages = InfiniteData<ChatPage, number>;

export const chatsApi = {
  page: (pageNumber: number, signal?: AbortSignal, searchParam = "") =>
    api.get<ChatPage>("/chats/", { searchParam, pageNumber }, signal),
};

export const chatKeys = {
  all: ["chats"] as const,
  list: ["chats", "list"] as const,
};

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
  | { action: "create" | "update" | "new-message"; chat?: ChatDto; record?: ChatDto }
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
