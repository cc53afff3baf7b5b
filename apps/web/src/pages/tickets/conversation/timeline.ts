import type { MessageDto, TicketDto, TicketLogEntryDto } from "@inbox/shared";
import { useQueryClient } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import { useEffect, useRef } from "react";
import { useTicketLogs } from "../../../api/ticket-actions";

/**
 * The system line of a ticket log entry (issue 9 rule 7), or null for
 * entries the conversation does not show (views, the contact opening the
 * ticket). An entry without a user was made by the automatic conversation.
 */
export function logLine(entry: TicketLogEntryDto, t: TFunction): string | null {
  const user = entry.user?.name;
  const queue = entry.queue?.name;
  switch (entry.type) {
    case "create":
      return user ? t("timeline.lines.create", { user }) : null;
    case "chatBot":
      return t("timeline.lines.chatBot");
    case "queue":
      if (!user)
        return queue ? t("timeline.lines.queueByBot", { queue }) : t("timeline.lines.queueByBotNoName");
      return queue ? t("timeline.lines.queueByUser", { user, queue }) : t("timeline.lines.queueNoName");
    case "open":
      return user ? t("timeline.lines.open", { user }) : t("timeline.lines.openNoUser");
    case "transfered":
      if (user)
        return queue
          ? t("timeline.lines.transferedToQueue", { user, queue })
          : t("timeline.lines.transfered", { user });
      return queue ? t("timeline.lines.transferedNoUser", { queue }) : null;
    case "receivedTransfer":
      return user ? t("timeline.lines.receivedTransfer", { user }) : null;
    case "pending":
      return user ? t("timeline.lines.pending", { user }) : t("timeline.lines.pendingNoUser");
    case "closed":
      return user ? t("timeline.lines.closed", { user }) : t("timeline.lines.closedByBot");
    case "reopen":
      return user ? t("timeline.lines.reopen", { user }) : t("timeline.lines.reopenNoUser");
    case "redirect":
      if (user) return t("timeline.lines.redirectToUser", { user });
      return queue ? t("timeline.lines.redirectToQueue", { queue }) : t("timeline.lines.redirect");
    case "flow":
      // Each node is in the history dialog; the conversation shows only where a walk ended.
      return entry.flowStep?.ended ? t(`timeline.lines.flowEnded.${flowEnd(entry.flowStep.ended)}`) : null;
    case "lane":
      // The history dialog's wording; "—" is no lane (or a lane since deleted), as there.
      return `${t("ticketView.logs.types.lane")}: ${entry.fromLane?.name ?? "—"} → ${entry.toLane?.name ?? "—"}`;
    default:
      // "access": a user opened the conversation; not an event of the conversation.
      return null;
  }
}

/** How a flow's walk ended, as the translations name it. */
export function flowEnd(ended: string): "end" | "handoff" | "cap" | "missing" {
  return ended === "handoff" || ended === "cap" || ended === "missing" ? ended : "end";
}

/** A flow entry of the history dialog: the node type gone through, or how the walk ended. */
export function flowStepText(step: { nodeType: string | null; ended: string | null }, t: TFunction): string {
  if (step.ended) return t(`timeline.lines.flowEnded.${flowEnd(step.ended)}`);
  return t("ticketView.logs.flowNode", { type: step.nodeType ?? "?" });
}

export type TimelineItem =
  | { kind: "message"; key: string; message: MessageDto }
  | { kind: "line"; key: string; entry: TicketLogEntryDto; text: string };

/**
 * Messages (oldest first) and system lines in time order; on equal times the
 * line comes first (an accept is logged before its greeting goes out). While
 * older messages are still to load, lines older than the first loaded
 * message wait for their page, so they never pile up at the top.
 */
export function interleave(
  messages: MessageDto[],
  entries: TicketLogEntryDto[],
  lineOf: (entry: TicketLogEntryDto) => string | null,
  olderToLoad: boolean,
): TimelineItem[] {
  const at = (iso: string) => Date.parse(iso);
  const firstAt = messages[0] ? at(messages[0].createdAt) : Number.NEGATIVE_INFINITY;
  const lines = entries
    .map((entry) => ({ entry, text: lineOf(entry) }))
    .filter((line): line is { entry: TicketLogEntryDto; text: string } => line.text !== null)
    .filter(({ entry }) => !olderToLoad || at(entry.createdAt) >= firstAt)
    .sort((a, b) => at(a.entry.createdAt) - at(b.entry.createdAt) || a.entry.id - b.entry.id);
  const items: TimelineItem[] = [];
  let next = 0;
  for (const message of messages) {
    while (
      next < lines.length &&
      at((lines[next] as (typeof lines)[number]).entry.createdAt) <= at(message.createdAt)
    ) {
      const line = lines[next++] as (typeof lines)[number];
      items.push({ kind: "line", key: `l${line.entry.id}`, ...line });
    }
    items.push({ kind: "message", key: `m${message.id}`, message });
  }
  for (const line of lines.slice(next)) items.push({ kind: "line", key: `l${line.entry.id}`, ...line });
  return items;
}

/**
 * The open ticket's log, read again whenever its status, user, queue or
 * tags change (a ticket event or an action's answer moves the cached ticket;
 * a kanban lane move changes the tags): that is when a new entry was written.
 */
export function useTicketTimeline(ticket: TicketDto | undefined): TicketLogEntryDto[] {
  const queryClient = useQueryClient();
  const ticketId = ticket?.id;
  const logs = useTicketLogs(ticketId ?? 0, ticketId !== undefined);
  const tags = (ticket?.tags ?? [])
    .map((tag) => tag.id)
    .sort((a, b) => a - b)
    .join(",");
  const state = ticket ? `${ticket.status}|${ticket.userId}|${ticket.queueId}|${tags}` : "";
  const seen = useRef({ ticketId, state });
  useEffect(() => {
    const before = seen.current;
    seen.current = { ticketId, state };
    // Another ticket: its log is loading anyway.
    if (before.ticketId !== ticketId || before.state === state || ticketId === undefined) return;
    void queryClient.invalidateQueries({ queryKey: ["tickets", "logs", ticketId] });
  }, [queryClient, ticketId, state]);
  return logs.data ?? [];
}
