import { AppError } from "../../http/app-error.js";
import type { UserRow } from "../../http/context.js";

/**
 * Reading the whole settings list is an admin's (as in the original: the
 * settings screen); any user reads one setting by key and the company's
 * attendance settings, which the ticket screens need.
 */
export function authorizeListSettings(actor: UserRow): void {
  if (actor.profile !== "admin" && !actor.super) throw new AppError("ERR_NO_PERMISSION");
}
