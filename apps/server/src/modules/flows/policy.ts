import { AppError } from "../../http/app-error.js";
import type { UserRow } from "../../http/context.js";

type Actor = Pick<UserRow, "profile" | "super">;

/**
 * Who may manage flows (spec 3 section 6). The section lists the pages a user with profile user
 * may not open (contact list items, campaigns, prompts, integrations, files); the flow builder is
 * not among them and no plan flag gates it, so every user of the company may list, create, rename,
 * duplicate and delete its flows. The tenant comes from the token: no one reaches another
 * company's flows. Kept as the one place to change should the spec restrict it.
 */
export function canManageFlows(_actor: Actor): boolean {
  return true;
}

export function authorizeFlows(actor: Actor): void {
  if (!canManageFlows(actor)) throw new AppError("ERR_NO_PERMISSION");
}
