import type { TicketScope, TicketVisibilityFacts } from "@inbox/shared";

/**
 * Who hears about a ticket, as socket.io rooms (spec 1 section 6: events
 * reach only the sockets whose user may see the ticket).
 *
 * A socket joins the rooms of its user's view scope; a ticket event goes to
 * the rooms that describe the ticket. A socket is in one of those rooms
 * exactly when `canSeeTicket(scope, ticket)` holds (the test checks every
 * combination), so the rule stays in `@inbox/shared` and rooms only encode it:
 *
 *   all            everything (admins, allUserChat)
 *   u:{user}       the user's own tickets
 *   q:{queue}      unassigned or pending tickets of a queue the user works in
 *   noqueue        unassigned or pending tickets without a queue (allTicket)
 *   g:…            the same rooms for group tickets, joined only with allowGroup
 *   g:shared       group tickets without a queue (shared by everyone allowed groups)
 */
const room = (companyId: number, name: string) => `c:${companyId}:see:${name}`;

/** Prefix of every audience room of a company (to leave them all when a user's rights change). */
export const audiencePrefix = (companyId: number) => `c:${companyId}:see:`;

/**
 * The attendance panel's room (spec 2, /moments): a socket joins it on
 * `joinMoments` when its user may watch the panel, and hears every ticket
 * event of the company (not the messages: the panel shows the ticket's last
 * message). It is no view scope: being in it lets no one open a conversation.
 */
export const momentsRoom = (companyId: number) => room(companyId, "moments");

/** The rooms a socket joins for its user's view scope. */
export function viewerRooms(companyId: number, scope: TicketScope): string[] {
  const base = scope.all
    ? ["all"]
    : [
        `u:${scope.userId}`,
        ...scope.queueIds.map((q) => `q:${q}`),
        ...(scope.withoutQueue ? ["noqueue"] : []),
      ];
  const names = scope.groups ? [...base, ...base.map((n) => `g:${n}`), "g:shared"] : base;
  return names.map((n) => room(companyId, n));
}

/** The rooms that hear about a ticket. */
export function ticketRooms(companyId: number, ticket: TicketVisibilityFacts): string[] {
  const prefix = ticket.isGroup ? "g:" : "";
  const names = ["all"];
  if (ticket.userId !== null) names.push(`u:${ticket.userId}`);
  if (ticket.userId === null || ticket.status === "pending")
    names.push(ticket.queueId === null ? "noqueue" : `q:${ticket.queueId}`);
  if (ticket.isGroup && ticket.queueId === null) names.push("shared");
  return names.map((n) => room(companyId, `${prefix}${n}`));
}
