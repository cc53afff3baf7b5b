import { AppError } from "../../http/app-error.js";
import type { UserRow } from "../../http/context.js";

/**
 * Spec 2 section 6: plans are the platform owner's; only super users list them all and
 * change them. Anyone may read the public ones (GET /plans/list, for the signup page).
 */
export function authorizeManagePlans(actor: UserRow): void {
  if (!actor.super) throw new AppError("ERR_NO_PERMISSION");
}
