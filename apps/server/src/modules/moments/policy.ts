import { isAdminProfile } from "@inbox/shared";
import { AppError } from "../../http/app-error.js";
import type { UserRow } from "../../http/context.js";

/**
 * Spec 2 section 6: the attendance panel (/moments) is for users with
 * allowRealTime enabled; admins and super users always. It shows every open
 * and pending ticket of the company, whoever holds it: watching the
 * attendance is the permission.
 */
export function canWatchMoments(actor: Pick<UserRow, "profile" | "super" | "allowRealTime">): boolean {
  return isAdminProfile(actor) || actor.allowRealTime === "enabled";
}

export function authorizeMoments(actor: UserRow): void {
  if (!canWatchMoments(actor)) throw new AppError("ERR_NO_PERMISSION");
}
