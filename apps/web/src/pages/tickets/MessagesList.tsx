import { LIMITS, type MessageDto, type TicketDto } from "@inbox/shared";
import { Box, LinearProgress } from "@mui/material";
import { type UIEvent, useLayoutEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../components/EmptyState";
import { MessageBubble } from "./MessageBubble";

interface MessagesListProps {
  messages: MessageDto[];
  /** The open ticket: its holder names messages whose event carried no name. */
  ticket?: TicketDto;
  canLoadOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
}

/** True when the scrolled element is within `threshold` px of its top. */
export function isNearTop(
  element: HTMLElement,
  threshold: number = LIMITS.messageListTopThresholdPx,
): boolean {
  return element.scrollTop <= threshold;
}

/**
 * The conversation, oldest at the top. It opens at the newest message; an
 * older page loads within 50 px of the top (spec 1 section 9) without moving
 * what the user is reading; a new message scrolls into view when the user
 * was already at the bottom.
 */
export function MessagesList({
  messages,
  ticket,
  canLoadOlder,
  loadingOlder,
  onLoadOlder,
}: MessagesListProps) {
  const { t } = useTranslation();
  const senderOf = useSenderNames(messages, ticket, t("timeline.sender.bot"));
  const ref = useRef<HTMLDivElement>(null);
  const anchor = useRef<{ first?: number; last?: number; height: number; top: number; atBottom: boolean }>({
    height: 0,
    top: 0,
    atBottom: true,
  });

  const first = messages[0]?.id;
  const last = messages.at(-1)?.id;
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const before = anchor.current;
    if (before.first !== undefined && first !== before.first && last === before.last) {
      // Older messages came in above: keep the same message under the user's eyes.
      element.scrollTop = element.scrollHeight - before.height + before.top;
    } else if (before.atBottom || before.last === undefined) {
      element.scrollTop = element.scrollHeight;
    }
    anchor.current = {
      first,
      last,
      height: element.scrollHeight,
      top: element.scrollTop,
      atBottom:
        element.scrollHeight - element.scrollTop - element.clientHeight <= LIMITS.infiniteScrollThresholdPx,
    };
  }, [first, last]);

  // A first page too short to scroll gives no scroll event: the older page loads at once.
  const loadOlder = useRef(onLoadOlder);
  loadOlder.current = onLoadOlder;
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || !canLoadOlder || loadingOlder || first === undefined) return;
    if (element.clientHeight > 0 && element.scrollHeight <= element.clientHeight) loadOlder.current();
  }, [canLoadOlder, loadingOlder, first]);

  const handleScroll = (event: UIEvent<HTMLDivElement>) => {
    const element = event.currentTarget;
    anchor.current = {
      ...anchor.current,
      height: element.scrollHeight,
      top: element.scrollTop,
      atBottom:
        element.scrollHeight - element.scrollTop - element.clientHeight <= LIMITS.infiniteScrollThresholdPx,
    };
    if (canLoadOlder && !loadingOlder && isNearTop(element)) onLoadOlder();
  };

  return (
    <Box
      ref={ref}
      onScroll={handleScroll}
      sx={{ flexGrow: 1, minHeight: 0, overflowY: "auto", bgcolor: "action.hover", py: 1 }}
    >
      {loadingOlder && <LinearProgress aria-label={t("tickets.conversation.loadingOlder")} />}
      {messages.length === 0 ? (
        <EmptyState message={t("tickets.conversation.empty")} />
      ) : (
        <Box component="ol" aria-label={t("tickets.conversation.messages")} sx={{ m: 0, p: 0 }}>
          {messages.map((message) => (
            <MessageBubble key={message.id} message={message} sender={senderOf(message)} />
          ))}
        </Box>
      )}
    </Box>
  );
}

/**
 * Who sent each outgoing message (issue 9 rule 7): "Bot" for the automatic
 * conversation's, the user's name for ours; nothing for the contact's, nor
 * for ours sent from the phone (no user). A message whose event carried no
 * name (a scheduled send) is named from another message of the same user or
 * the ticket's holder.
 */
export function useSenderNames(
  messages: MessageDto[],
  ticket: TicketDto | undefined,
  botLabel: string,
): (message: MessageDto) => string | undefined {
  const holder = ticket?.user;
  return useMemo(() => {
    const names = new Map<number, string>();
    if (holder) names.set(holder.id, holder.name);
    for (const message of messages) if (message.user) names.set(message.user.id, message.user.name);
    return (message: MessageDto) => {
      if (!message.fromMe) return undefined;
      if (message.sentBy === "bot") return botLabel;
      if (message.user) return message.user.name;
      return message.userId === null || message.userId === undefined ? undefined : names.get(message.userId);
    };
  }, [messages, holder, botLabel]);
}
