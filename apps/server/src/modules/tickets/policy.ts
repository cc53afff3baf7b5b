import { canSeeTicket, type TicketScope, type TicketVisibilityFacts, ticketScope } from "@inbox/shared";
import { AppError } from "../../http/app-error.js";
import type { UserRow } from "../../http/context.js";

export type { TicketScope };

/**
 * Spec 1 section 6 for tickets. The rules themselves live in
 * `@inbox/shared` (ticket-visibility.ts) so the web app's live lists apply
 * the very same ones; here they meet the signed-in user.
 */
export function scopeFor(actor: UserRow, queueIds: number[], showAll: boolean): TicketScope {
  return ticketScope({ ...actor, queueIds }, showAll);
}

/** Opening one ticket: whoever may use show-all may open any ticket of the company. */
export function viewScopeFor(actor: UserRow, queueIds: number[]): TicketScope {
  return scopeFor(actor, queueIds, true);
}

export function authorizeView(scope: TicketScope, ticket: TicketVisibilityFacts): void {
  if (!canSeeTicket(scope, ticket)) throw new AppError("ERR_NO_PERMISSION");
}
