import { AppError } from "../../http/app-error.js";
import type { UserRow } from "../../http/context.js";

/**
 * Paying: any signed-in user of the company may open the checkout for one of
 * its invoices (spec 2 section 2: /financeiro and /subscription are for every
 * signed-in user; paying only adds money). Marking an invoice paid by hand is
 * the platform owner's (the embedded provider has nobody else to confirm).
 */
export function authorizeMarkPaid(actor: UserRow): void {
  if (!actor.super) throw new AppError("ERR_NO_PERMISSION");
}
