import { AppError } from "../../http/app-error.js";
import type { UserRow } from "../../http/context.js";

type Actor = Pick<UserRow, "profile" | "super">;

/**
 * Spec 3 section 6: a user with profile user is blocked from the files page (the no-permission
 * view), so every /files call is for admins (and super users); the queue and chatbot editors that
 * pick a list are admin screens too.
 */
export function canManageFileLists(actor: Actor): boolean {
  return actor.profile === "admin" || actor.super;
}

export function authorizeFileLists(actor: Actor): void {
  if (!canManageFileLists(actor)) throw new AppError("ERR_NO_PERMISSION");
}
