import {
  canSeeTicket,
  isMaskedNumber,
  LIMITS,
  type MessageDto,
  type MessageList,
  type TicketDto,
  type TicketList,
  type TicketViewer,
  ticketScope,
} from "@inbox/shared";
import type { InfiniteData } from "@tanstack/react-query";
import type { TicketListFilters } from "../api/tickets";

/**
 * The live list rules of spec 1 section 4, as pure functions over the
 * TanStack Query cache of one list (its pages as the server sent them):
 * - a ticket enters a list only if it matches the list's status and filters
 *   (and the viewer may see it: the server's own rule, from @inbox/shared);
 * - it leaves a list it no longer matches (its queue is not selected, its
 *   status changed); a delete removes it;
 * - a new incoming message moves it to the top (to the end of an ascending
 *   list); other updates stay in place.
 * Counts follow every entry and exit, so the tab badges stay right.
 *
 * Search lists (no `status`, the search tab): the server matched their
 * tickets against text the client cannot always check (message contents with
 * searchOnMessages), so an event never adds a ticket to one. A ticket a
 * search list holds is updated in place, and leaves it only on delete or when
 * it no longer matches the structured filters (statuses, queues, tags, users,
 * connections, visibility); the text match is not re-checked. A new search
 * (or reopening the tab) asks the server again.
 */

export type TicketPages = InfiniteData<TicketList, unknown>;
export type MessagePages = InfiniteData<MessageList, unknown>;

export interface ListContext {
  filters: TicketListFilters;
  viewer: TicketViewer;
}

/** A search-tab list: it spans statuses and its text match is the server's. */
export const isSearchList = (filters: TicketListFilters): boolean => filters.status === undefined;

const anyOf = (selected: number[] | undefined, value: number | null): boolean =>
  !selected || selected.length === 0 || (value !== null && selected.includes(value));

/**
 * Does `ticket` pass the list's structured filters: status (or the search
 * tab's statuses), queues, tags (any of them), users, connections, and the
 * viewer's visibility? A ticket whose tags are unknown (the inbound message
 * path sends ids only) does not pass a tag filter.
 */
function matchesFilters(ticket: TicketDto, { filters, viewer }: ListContext): boolean {
  if (filters.status !== undefined && ticket.status !== filters.status) return false;
  if (
    filters.statuses &&
    filters.statuses.length > 0 &&
    !(filters.statuses as string[]).includes(ticket.status)
  )
    return false;
  if (filters.queueIds.length > 0 || filters.withoutQueue) {
    const selected =
      ticket.queueId === null ? filters.withoutQueue : filters.queueIds.includes(ticket.queueId);
    if (!selected) return false;
  }
  if (filters.tags && filters.tags.length > 0) {
    const tags = filters.tags;
    if (!ticket.tags?.some((tag) => tags.includes(tag.id))) return false;
  }
  if (!anyOf(filters.users, ticket.userId)) return false;
  if (!anyOf(filters.whatsapps, ticket.whatsappId)) return false;
  return canSeeTicket(ticketScope(viewer, filters.showAll), ticket);
}

/** Does `ticket` belong in this list? A search list is never entered by an event (see above). */
export function ticketMatchesList(ticket: TicketDto, context: ListContext): boolean {
  if (isSearchList(context.filters)) return false;
  if (context.filters.searchParam && !matchesSearch(ticket, context.filters.searchParam)) return false;
  return matchesFilters(ticket, context);
}

/** As the server searches: name or number, names only when the number came masked (LGPD). */
function matchesSearch(ticket: TicketDto, term: string): boolean {
  const needle = term.toLowerCase();
  const contact = ticket.contact;
  if (!contact) return false;
  if (contact.name.toLowerCase().includes(needle)) return true;
  return !isMaskedNumber(contact.number) && contact.number.includes(needle);
}

/**
 * An event's ticket over the one the list holds. The inbound message path
 * sends ids only; the names already known stay while their ids do.
 */
export function mergeTicket(current: TicketDto | undefined, incoming: TicketDto): TicketDto {
  if (!current) return incoming;
  const merged: TicketDto = { ...current, ...incoming };
  if (incoming.contact === undefined) merged.contact = current.contact;
  if (incoming.queue === undefined)
    merged.queue = incoming.queueId === current.queueId ? current.queue : undefined;
  if (incoming.user === undefined)
    merged.user = incoming.userId === current.userId ? current.user : undefined;
  if (incoming.whatsapp === undefined)
    merged.whatsapp = incoming.whatsappId === current.whatsappId ? current.whatsapp : undefined;
  if (incoming.tags === undefined) merged.tags = current.tags;
  return merged;
}

/** Every ticket of the list once, in order (pages fetched by offset can overlap after live entries). */
export function flattenTickets(data: TicketPages | undefined): TicketDto[] {
  const seen = new Set<number>();
  const out: TicketDto[] = [];
  for (const page of data?.pages ?? []) {
    for (const ticket of page.tickets) {
      if (seen.has(ticket.id)) continue;
      seen.add(ticket.id);
      out.push(ticket);
    }
  }
  return out;
}

export const listCount = (data: TicketPages | undefined): number => data?.pages[0]?.count ?? 0;

function find(data: TicketPages, id: number): TicketDto | undefined {
  for (const page of data.pages) {
    const found = page.tickets.find((t) => t.id === id);
    if (found) return found;
  }
  return undefined;
}

/** A count the server stopped at its cap means "that many or more": tickets coming and going leave it. */
const countAfter = (count: number, change: number) =>
  count >= LIMITS.ticketListCountCap ? count : Math.max(0, count + change);

function withCount(data: TicketPages, change: number, pages = data.pages): TicketPages {
  return {
    ...data,
    pages: pages.map((page) => ({ ...page, count: countAfter(page.count, change) })),
  };
}

function without(data: TicketPages, id: number): TicketList[] {
  return data.pages.map((page) =>
    page.tickets.some((t) => t.id === id)
      ? { ...page, tickets: page.tickets.filter((t) => t.id !== id) }
      : page,
  );
}

function atTop(pages: TicketList[], ticket: TicketDto): TicketList[] {
  const [first, ...rest] = pages;
  if (!first) return pages;
  return [{ ...first, tickets: [ticket, ...first.tickets] }, ...rest];
}

/**
 * Where the most recently updated ticket goes: the top of a newest-first
 * list; the end of an ascending one, but only once its last page is loaded
 * (until then it belongs to a page not fetched yet, which will bring it).
 */
function atNewestEnd(
  pages: TicketList[],
  ticket: TicketDto,
  sort: TicketListFilters["sortTickets"],
): TicketList[] {
  if (sort !== "ASC") return atTop(pages, ticket);
  const last = pages[pages.length - 1];
  if (!last || last.hasMore) return pages;
  return [...pages.slice(0, -1), { ...last, tickets: [...last.tickets, ticket] }];
}

/**
 * Applies a ticket that was created or changed. `newMessage` says the change
 * came with a new message (it moves the ticket to the top); so does a newer
 * `updatedAt`. Answers the same object when nothing changes.
 */
export function applyTicketUpdate(
  data: TicketPages,
  incoming: TicketDto,
  context: ListContext,
  options: { newMessage?: boolean } = {},
): TicketPages {
  const current = find(data, incoming.id);
  const ticket = mergeTicket(current, incoming);
  const sort = context.filters.sortTickets;
  if (isSearchList(context.filters)) {
    // Never entered by an event; a held ticket stays in place unless its filters no longer hold.
    if (!current) return data;
    if (!matchesFilters(ticket, context)) return withCount(data, -1, without(data, incoming.id));
    return replaced(data, ticket);
  }
  const matches = ticketMatchesList(ticket, context);
  if (!current) return matches ? withCount(data, 1, atNewestEnd(data.pages, ticket, sort)) : data;
  if (!matches) return withCount(data, -1, without(data, incoming.id));
  const moves = options.newMessage || Date.parse(incoming.updatedAt) > Date.parse(current.updatedAt);
  if (moves) return { ...data, pages: atNewestEnd(without(data, incoming.id), ticket, sort) };
  return replaced(data, ticket);
}

function replaced(data: TicketPages, ticket: TicketDto): TicketPages {
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      tickets: page.tickets.map((t) => (t.id === ticket.id ? ticket : t)),
    })),
  };
}

export function applyTicketDelete(data: TicketPages, ticketId: number): TicketPages {
  if (!find(data, ticketId)) return data;
  return withCount(data, -1, without(data, ticketId));
}

/** Messages of a conversation, oldest first (page 1 is the newest page). */
export function flattenMessages(data: MessagePages | undefined): MessageDto[] {
  const seen = new Set<number>();
  const out: MessageDto[] = [];
  for (const page of [...(data?.pages ?? [])].reverse()) {
    for (const message of page.messages) {
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      out.push(message);
    }
  }
  return out;
}

/**
 * A new message goes at the end of the newest page; a changed one is
 * replaced where it is (a change to a message not loaded is ignored).
 */
export function applyMessage(
  data: MessagePages,
  message: MessageDto,
  options: { isNew: boolean },
): MessagePages {
  const known = data.pages.some((page) => page.messages.some((m) => m.id === message.id));
  if (!known && !options.isNew) return data;
  if (known) {
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        // An event that did not load the sender (acks, edits) keeps the name already shown.
        messages: page.messages.map((m) =>
          m.id === message.id ? (message.user === undefined ? { ...message, user: m.user } : message) : m,
        ),
      })),
    };
  }
  const [newest, ...older] = data.pages;
  if (!newest) return data;
  return {
    ...data,
    pages: [
      { ...newest, messages: [...newest.messages, message], count: newest.count + 1 },
      ...older.map((page) => ({ ...page, count: page.count + 1 })),
    ],
  };
}
