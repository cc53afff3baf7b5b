import { AppError } from "../../http/app-error.js";
import type { UserRow } from "../../http/context.js";

type Actor = Pick<UserRow, "profile" | "super">;

/**
 * Spec 3 section 6: a user with profile user is blocked from the prompts page (the no-access
 * view); like integrations, creating, editing and deleting are admins' (prompts hold API keys).
 */
export function authorizePrompts(actor: Actor): void {
  if (actor.profile !== "admin" && !actor.super) throw new AppError("ERR_NO_PERMISSION");
}
