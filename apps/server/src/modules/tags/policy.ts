import { AppError } from "../../http/app-error.js";
import type { UserRow } from "../../http/context.js";

/**
 * Who edits and deletes tags. Spec 2 opens the /tags screen to every signed-in user and spec 1
 * lets any attendant create a tag from the contact's tag box (POST /tags stays open); renaming,
 * recolouring, changing lanes or deleting a tag changes every ticket and contact that carries it,
 * so that is for admins (and super users), as queues are (queues/policy.ts).
 */
export function canManageTags(actor: UserRow): boolean {
  return actor.profile === "admin" || actor.super;
}

export function authorizeManageTags(actor: UserRow): void {
  if (!canManageTags(actor)) throw new AppError("ERR_NO_PERMISSION");
}
