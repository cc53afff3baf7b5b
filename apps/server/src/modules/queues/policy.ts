import { AppError } from "../../http/app-error.js";
import type { UserRow } from "../../http/context.js";

/**
 * Spec 2 section 6: the queues page is for non-user profiles and only admins
 * edit queues; everyone signed in reads them (pickers, the transfer dialog,
 * the automation's menus).
 */
export function canManageQueues(actor: UserRow): boolean {
  return actor.profile === "admin" || actor.super;
}

export function authorizeManage(actor: UserRow): void {
  if (!canManageQueues(actor)) throw new AppError("ERR_NO_PERMISSION");
}
