import { AppError } from "../../http/app-error.js";
import type { UserRow } from "../../http/context.js";

/**
 * Spec 2 section 6: help videos are the platform owner's; only super users
 * change them. Every signed-in user reads them (the /helps gallery).
 */
export function authorizeManageHelps(actor: UserRow): void {
  if (!actor.super) throw new AppError("ERR_NO_PERMISSION");
}
