import { useQueryClient } from "@tanstack/react-query";
import { useContext, useEffect } from "react";
import {
  applyChatEvent,
  type ChatEventPayload,
  type ChatPages,
  chatKeys,
  unreadsFor,
  useChatsInfinite,
} from "../../api/chats";
import { setLiveQueryData } from "../../realtime/live-query-data";
import { RealtimeContext, useCompanyEvent } from "../../realtime/realtime-context";

/**
 * The user's internal chats (GET /chats/), kept live from `company-{id}-chat`
 * on the query cache (no reload per event), and loaded again after a
 * reconnection, when events may have been missed. Used once, by the shell:
 * the top-bar popover reads the same cached pages.
 *
 * `unreadCount` counts the loaded chats holding messages the user has not read.
 */
export function useLiveChats(userId: number, enabled: boolean) {
  const queryClient = useQueryClient();
  const { socket } = useContext(RealtimeContext);
  const chats = useChatsInfinite(enabled);

  useEffect(() => {
    if (!socket || !enabled) return;
    const onConnect = () => {
      void queryClient.invalidateQueries({ queryKey: chatKeys.list });
    };
    socket.on("connect", onConnect);
    return () => {
      socket.off("connect", onConnect);
    };
  }, [socket, queryClient, enabled]);

  useCompanyEvent<ChatEventPayload>("chat", (payload) => {
    if (!enabled) return;
    if (payload.action === "reload") {
      void queryClient.invalidateQueries({ queryKey: chatKeys.list });
      return;
    }
    setLiveQueryData<ChatPages>(queryClient, chatKeys.list, (data) => applyChatEvent(data, payload, userId));
  });

  const records = enabled ? (chats.data?.pages.flatMap((page) => page.records) ?? []) : [];
  const unreadCount = records.filter((chat) => unreadsFor(chat, userId) > 0).length;
  return { unreadCount };
}
