/**
 * Who sees which ticket (spec 1 section 6), as data. The server turns a
 * scope into SQL for lists and checks single tickets with `canSeeTicket`; the
 * web app applies the same function to live events, so a ticket pushed to the
 * company's rooms enters a list only where the server would have listed it.
 */

export interface TicketViewer {
  id: number;
  profile: string;
  super: boolean;
  /** "enable": may see tickets without a queue. */
  allTicket: string;
  /** "enabled": may use the show-all toggle. */
  allUserChat: string;
  allowGroup: boolean;
  queueIds: readonly number[];
}

export interface TicketScope {
  /** No restriction beyond the group rule. */
  all: boolean;
  userId: number;
  /** The viewer's queues: their unassigned or pending tickets are visible. */
  queueIds: readonly number[];
  /** Unassigned or pending tickets without a queue are visible. */
  withoutQueue: boolean;
  /** Group tickets are visible. */
  groups: boolean;
}

export interface TicketVisibilityFacts {
  status: string;
  userId: number | null;
  queueId: number | null;
  isGroup: boolean;
}

export const isAdminProfile = (viewer: Pick<TicketViewer, "profile" | "super">): boolean =>
  viewer.profile === "admin" || viewer.super;

/** The show-all toggle: admins, and users with allUserChat enabled. */
export const canShowAllTickets = (viewer: TicketViewer): boolean =>
  isAdminProfile(viewer) || viewer.allUserChat === "enabled";

/** The scope of a viewer; `showAll` only widens it for those allowed to ask. */
export function ticketScope(viewer: TicketViewer, showAll: boolean): TicketScope {
  const admin = isAdminProfile(viewer);
  return {
    all: showAll && canShowAllTickets(viewer),
    userId: viewer.id,
    queueIds: viewer.queueIds,
    withoutQueue: admin || viewer.allTicket === "enable",
    groups: admin || viewer.allowGroup,
  };
}

/**
 * Without show-all a viewer sees their own tickets, and the unassigned (or
 * pending) tickets of their queues, or without a queue when allowed; group
 * tickets, whoever holds them, only with allowGroup (admins always).
 */
export function canSeeTicket(scope: TicketScope, ticket: TicketVisibilityFacts): boolean {
  if (ticket.isGroup && !scope.groups) return false;
  if (scope.all) return true;
  if (ticket.userId === scope.userId) return true;
  const inScopeQueue = ticket.queueId === null ? scope.withoutQueue : scope.queueIds.includes(ticket.queueId);
  // Group conversations are shared: anyone allowed to see groups sees those without a queue.
  if (ticket.isGroup && ticket.queueId === null) return true;
  return inScopeQueue && (ticket.userId === null || ticket.status === "pending");
}
