import { AppError } from "../../http/app-error.js";
import type { UserRow } from "../../http/context.js";

type Actor = Pick<UserRow, "profile" | "super">;

/**
 * Spec 3 section 6: deleting a phrase campaign needs the contacts page's delete rule
 * (contacts-page:deleteContact: admins); the spec restricts nothing else on /phrase-lists.
 */
export function authorizeDelete(actor: Actor): void {
  if (actor.profile !== "admin" && !actor.super) throw new AppError("ERR_NO_PERMISSION");
}
