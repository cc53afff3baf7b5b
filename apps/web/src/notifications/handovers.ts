import type { TicketDto, TicketEventPayload } from "@inbox/shared";

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

/** The bell's handovers after a ticket event: newest first, each ticket once. */
export function applyHandoverEvent(
  list: readonly TicketDto[],
  payload: TicketEventPayload,
  viewerId: number,
): TicketDto[] {
  if (payload.action === "delete") return list.filter((t) => t.id !== payload.ticketId);
  const { ticket } = payload;
  const rest = list.filter((t) => t.id !== ticket.id);
  if (isHandoverTo(payload, viewerId)) return [ticket, ...rest];
  const known = list.find((t) => t.id === ticket.id);
  if (!known) return list as TicketDto[];
  // Still theirs (a message, a tag…): keep it, with its news; handed on or closed: it leaves.
  return ticket.userId === viewerId && ticket.status !== "closed"
    ? list.map((t) => (t.id === ticket.id ? { ...t, ...ticket, contact: ticket.contact ?? t.contact } : t))
    : rest;
}
