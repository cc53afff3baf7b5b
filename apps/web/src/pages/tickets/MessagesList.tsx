import { LIMITS, type MessageDto, type TicketDto, type TicketLogEntryDto } from "@inbox/shared";
import { Box, LinearProgress, Typography } from "@mui/material";
import { Fragment, type UIEvent, useEffect, useLayoutEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../components/EmptyState";
import { dayKey, dayLabel } from "./conversation/day-separators";
import { interleave, logLine, useTicketTimeline } from "./conversation/timeline";
import { MessageBubble } from "./MessageBubble";
import { formatMessageTime } from "./ticket-text";

interface MessagesListProps {
  messages: MessageDto[];
  /**
   * The open ticket: its log's system lines go between the messages, and its
   * holder names messages whose event carried no name.
   */
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
 * The conversation, oldest at the top, with the ticket's events (accepted,
 * transferred, resolved, the bot's moves) as small centred lines at their
 * time. It opens at the newest message; an older page loads within 50 px of
 * the top (spec 1 section 9) without moving what the user is reading; a new
 * message or line scrolls into view when the user was already at the bottom,
 * and so does content that grows later (an image that loads) while the user
 * has not scrolled up. A chip ('Hoje', 'Ontem', the date) starts each day.
 */
export function MessagesList({
  messages,
  ticket,
  canLoadOlder,
  loadingOlder,
  onLoadOlder,
}: MessagesListProps) {
  const { t, i18n } = useTranslation();
  const senderOf = useSenderNames(messages, ticket, t("timeline.sender.bot"));
  const entries = useTicketTimeline(ticket);
  const items = useMemo(
    () => interleave(messages, entries, (entry) => logLine(entry, t), canLoadOlder),
    [messages, entries, t, canLoadOlder],
  );
  const dayTexts = { today: t("tickets.conversation.today"), yesterday: t("tickets.conversation.yesterday") };
  const ref = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLOListElement>(null);
  const hasItems = items.length > 0;
  const anchor = useRef<{ first?: string; last?: string; height: number; top: number; atBottom: boolean }>({
    height: 0,
    top: 0,
    atBottom: true,
  });

  const first = items[0]?.key;
  const last = items.at(-1)?.key;
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

  // Content that grows after it was drawn (images, videos loading) keeps the bottom in view unless the
  // user scrolled up; the measures the older-page anchoring uses follow the new height either way.
  useEffect(() => {
    const element = ref.current;
    if (!element || !hasItems) return;
    const restick = () => {
      if (anchor.current.atBottom) element.scrollTop = element.scrollHeight;
      anchor.current = { ...anchor.current, height: element.scrollHeight, top: element.scrollTop };
    };
    // `load` does not bubble: a capturing listener hears every image and video below.
    element.addEventListener("load", restick, true);
    element.addEventListener("loadedmetadata", restick, true);
    const observer = typeof ResizeObserver === "undefined" ? undefined : new ResizeObserver(restick);
    if (observer && content.current) observer.observe(content.current);
    return () => {
      element.removeEventListener("load", restick, true);
      element.removeEventListener("loadedmetadata", restick, true);
      observer?.disconnect();
    };
  }, [hasItems]);

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
      {messages.length === 0 && <EmptyState message={t("tickets.conversation.empty")} />}
      {items.length > 0 && (
        <Box component="ol" ref={content} aria-label={t("tickets.conversation.messages")} sx={{ m: 0, p: 0 }}>
          {items.map((item, i) => {
            const at = item.kind === "message" ? item.message.createdAt : item.entry.createdAt;
            const before = items[i - 1];
            const newDay =
              !before ||
              dayKey(before.kind === "message" ? before.message.createdAt : before.entry.createdAt) !==
                dayKey(at);
            return (
              <Fragment key={item.key}>
                {newDay && <DaySeparator text={dayLabel(at, i18n.language, dayTexts)} />}
                {item.kind === "message" ? (
                  <MessageBubble message={item.message} sender={senderOf(item.message)} />
                ) : (
                  <SystemLine entry={item.entry} text={item.text} />
                )}
              </Fragment>
            );
          })}
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

/**
 * A ticket event between the messages: small, centred, with its time. Not a
 * list item for assistive technology (role none): the list's items are the
 * messages, and the line is read as the text it is.
 */
function SystemLine({ entry, text }: { entry: TicketLogEntryDto; text: string }) {
  return (
    <Box
      component="li"
      role="none"
      data-system-line={entry.type}
      sx={{ listStyle: "none", display: "flex", justifyContent: "center", px: 1, py: 0.5 }}
    >
      <Typography
        variant="caption"
        sx={{
          px: 1.25,
          py: 0.25,
          borderRadius: 2,
          bgcolor: "background.paper",
          border: 1,
          borderColor: "divider",
          color: "text.secondary",
          textAlign: "center",
        }}
      >
        {text}
        {" · "}
        <time dateTime={entry.createdAt}>{formatMessageTime(entry.createdAt)}</time>
      </Typography>
    </Box>
  );
}

/** The day's chip between messages of different days (not a list item for assistive technology). */
function DaySeparator({ text }: { text: string }) {
  return (
    <Box
      component="li"
      role="none"
      data-day-separator=""
      sx={{ listStyle: "none", display: "flex", justifyContent: "center", px: 1, py: 1 }}
    >
      <Typography
        variant="caption"
        sx={{
          px: 1.5,
          py: 0.25,
          borderRadius: 2,
          bgcolor: "background.paper",
          boxShadow: 1,
          fontWeight: 500,
        }}
      >
        {text}
      </Typography>
    </Box>
  );
}
