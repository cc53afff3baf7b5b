import type { TicketDto, TicketEventPayload } from "@inbox/shared";
import { isApiError } from "../api/api-error";
import type { HandoverRef } from "./handover-storage";

/**
 * Tickets someone else handed to the viewer (a transfer, a ticket opened for
 * them): the server's ticket event names `assignedBy`. Each stays in the
 * bell until the viewer opens it, or it leaves them (another holder, deleted).
 */

/** Whether this event hands the ticket to `viewerId`, by someone else. */
export function isHandoverTo(
  payload: TicketEventPayload,
  viewerId: number,
): payload is Extract<TicketEventPayload, { ticket: TicketDto }> {
  return (
    payload.action !== "delete" &&
    payload.assignedBy !== undefined &&
    payload.assignedBy !== viewerId &&
    payload.ticket.userId === viewerId
  );
}

/**
 * A ticket the bell holds, after news of it: kept, with its news, while it is still the viewer's
 * and not closed; nothing once it was handed on, released or closed.
 */
export function stillHandedOver(
  ticket: TicketDto,
  viewerId: number,
  previous?: TicketDto,
): TicketDto | undefined {
  if (ticket.userId !== viewerId || ticket.status === "closed") return undefined;
  return { ...previous, ...ticket, contact: ticket.contact ?? previous?.contact };
}

/**
 * The bell's handovers, newest first, each ticket once. Those restored from this browser's
 * storage after a reload (handover-storage.ts) come back as an address only: they may be stale
 * (opened in another browser, handed on, closed while the page was away), so each is kept but
 * not shown until the server or a live event speaks for it, and then holds the current ticket.
 */
export interface HandoverEntry extends HandoverRef {
  /** Undefined while a restored entry is unconfirmed. */
  ticket?: TicketDto;
}

export interface HandoverState {
  viewerId: number;
  entries: HandoverEntry[];
}

export function restoredHandovers(viewerId: number, stored: readonly HandoverRef[]): HandoverState {
  return { viewerId, entries: stored.map(({ id, uuid }) => ({ id, uuid })) };
}

/** What the bell shows: the confirmed entries. */
export function shownHandovers(state: HandoverState): TicketDto[] {
  return state.entries.flatMap((e) => (e.ticket ? [e.ticket] : []));
}

/** What the storage keeps: every entry's address, confirmed or not. */
export function handoverRefs(state: HandoverState): HandoverRef[] {
  return state.entries.map(({ id, uuid }) => ({ id, uuid }));
}

/**
 * The handovers after a ticket event: a handover goes first; news of a ticket the bell holds
 * keeps or drops it (`stillHandedOver`), and settles a restored entry, so a validation answer
 * arriving later leaves it alone.
 */
export function handoversAfterEvent(state: HandoverState, payload: TicketEventPayload): HandoverState {
  if (payload.action === "delete") {
    const entries = state.entries.filter((e) => e.id !== payload.ticketId);
    return entries.length === state.entries.length ? state : { ...state, entries };
  }
  const { ticket } = payload;
  const rest = state.entries.filter((e) => e.id !== ticket.id);
  if (isHandoverTo(payload, state.viewerId))
    return { ...state, entries: [{ id: ticket.id, uuid: ticket.uuid, ticket }, ...rest] };
  return settled(state, ticket.id, (entry) => stillHandedOver(ticket, state.viewerId, entry.ticket));
}

/** The ticket was opened: its entry is answered. */
export function handoversWithoutSeen(state: HandoverState, uuid: string): HandoverState {
  const entries = state.entries.filter((e) => e.uuid !== uuid);
  return entries.length === state.entries.length ? state : { ...state, entries };
}

/** The server's answer for a restored ticket. */
export type HandoverCheck =
  | { kind: "found"; ticket: TicketDto }
  /** 404, or 403: the viewer can no longer see it. */
  | { kind: "gone" }
  /** No answer (network, server trouble): nothing is known. */
  | { kind: "unreachable" };

export function failedHandoverCheck(error: unknown): HandoverCheck {
  return isApiError(error) && (error.status === 404 || error.status === 403)
    ? { kind: "gone" }
    : { kind: "unreachable" };
}

/**
 * Applies the server's answer for one restored entry over the current list, so whatever live
 * events did meanwhile stands: an entry an event settled, or removed, is left as it is. When the
 * server could not say, the entry stays unconfirmed: unseen, but kept for the next load (a brief
 * outage must not lose it) or for a live event.
 */
export function settleRestoredHandover(
  state: HandoverState,
  ticketId: number,
  check: HandoverCheck,
): HandoverState {
  const entry = state.entries.find((e) => e.id === ticketId);
  if (!entry || entry.ticket || check.kind === "unreachable") return state;
  return settled(state, ticketId, () =>
    check.kind === "found" ? stillHandedOver(check.ticket, state.viewerId) : undefined,
  );
}

/** The entry for `ticketId` holding what `next` says, or gone when it says nothing. */
function settled(
  state: HandoverState,
  ticketId: number,
  next: (entry: HandoverEntry) => TicketDto | undefined,
): HandoverState {
  const entry = state.entries.find((e) => e.id === ticketId);
  if (!entry) return state;
  const ticket = next(entry);
  return {
    ...state,
    entries: ticket
      ? state.entries.map((e) => (e.id === ticketId ? { ...e, ticket } : e))
      : state.entries.filter((e) => e.id !== ticketId),
  };
}
