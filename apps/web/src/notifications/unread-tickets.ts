import { type ContactRefDto, LIMITS, type TicketDto, type TicketViewer } from "@inbox/shared";
import { ATTENDED_STATUSES, isViewersTicket } from "./rules";

/**
 * The bell's list: the tickets with unread messages the viewer may see
 * (rules.ts), newest first. It is loaded once from GET /tickets and kept
 * live from ticket and message events by these functions; its unread total
 * is the tab title's badge.
 */

/** Whether a ticket belongs in the bell. */
export function isUnreadForViewer(ticket: TicketDto, viewer: TicketViewer): boolean {
  return (
    ticket.unreadMessages > 0 && ATTENDED_STATUSES.includes(ticket.status) && isViewersTicket(ticket, viewer)
  );
}

const newestFirst = (a: TicketDto, b: TicketDto) => b.updatedAt.localeCompare(a.updatedAt) || b.id - a.id;

/** The list from the loaded pages: each ticket once, only those that belong, newest first. */
export function unreadListOf(tickets: readonly TicketDto[], viewer: TicketViewer): TicketDto[] {
  const byId = new Map<number, TicketDto>();
  for (const ticket of tickets) if (isUnreadForViewer(ticket, viewer)) byId.set(ticket.id, ticket);
  return [...byId.values()].sort(newestFirst);
}

/**
 * A ticket changed (event or message): it enters or moves in the list when
 * it still has unread messages the viewer may see, else it leaves. An event
 * that carries the ticket with ids only keeps the names already known.
 */
export function applyUnreadTicket(
  list: readonly TicketDto[],
  ticket: TicketDto,
  viewer: TicketViewer,
  contact?: ContactRefDto,
): TicketDto[] {
  const known = list.find((item) => item.id === ticket.id);
  const rest = list.filter((item) => item.id !== ticket.id);
  const merged: TicketDto = {
    ...known,
    ...ticket,
    contact: ticket.contact ?? contact ?? known?.contact,
    queue: ticket.queue !== undefined ? ticket.queue : known?.queue,
    user: ticket.user !== undefined ? ticket.user : known?.user,
    whatsapp: ticket.whatsapp !== undefined ? ticket.whatsapp : known?.whatsapp,
    tags: ticket.tags ?? known?.tags,
  };
  if (!isUnreadForViewer(merged, viewer)) return known ? rest : [...list];
  return [...rest, merged].sort(newestFirst);
}

export function removeUnreadTicket(list: readonly TicketDto[], ticketId: number): TicketDto[] {
  return list.filter((item) => item.id !== ticketId);
}

/** The tab title's count: unread messages over the bell's tickets. */
export function unreadTotal(list: readonly TicketDto[]): number {
  return list.reduce((sum, ticket) => sum + Math.max(0, ticket.unreadMessages), 0);
}

/** What the bell knows of its count (use-unread-tickets.ts). */
export interface UnreadCount {
  /** Tickets with unread messages the viewer sees. */
  count: number;
  /** Every such ticket is loaded: the count is the list's length. */
  complete: boolean;
  /** A status's count stopped at the server's cap (LIMITS.ticketListCountCap): "that many or more". */
  capped: boolean;
}

/**
 * The count after one ticket's change, given whether the loaded list held it
 * before and holds it now. While every unread ticket is loaded the count is
 * the list's length. Beyond the first pages a ticket leaving moves it down by
 * one; one entering may have been counted already, so the server is asked
 * again. A capped count means "that many or more" and stays as it is.
 */
export function unreadCountAfter(
  state: UnreadCount,
  listLength: number,
  change: { had: boolean; has: boolean },
): { count: number; askServer: boolean } {
  if (state.complete) return { count: listLength, askServer: false };
  if (state.capped) return { count: Math.max(state.count, listLength), askServer: false };
  if (change.had && !change.has) return { count: Math.max(state.count - 1, listLength), askServer: false };
  return { count: Math.max(state.count, listLength), askServer: !change.had };
}

/** Whether a status's count in a GET /tickets answer stopped at the server's cap. */
export const countAtCap = (count: number) => count >= LIMITS.ticketListCountCap;
