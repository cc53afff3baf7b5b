import { QUEUE_INTEGRATION_ADMIN_ONLY } from "@inbox/shared";
import { AppError } from "../../http/app-error.js";
import type { UserRow } from "../../http/context.js";

type Actor = Pick<UserRow, "profile" | "super">;

/**
 * Spec 3 section 6: a user with profile user is blocked from the integrations page (the
 * no-permission view), and create, edit and delete are admin-only with the spec's message. With
 * the two profiles of this product (admin, user) reading and writing both come to admins (and super
 * users); the messages differ so the page can show the spec's text.
 */
export function authorizeRead(actor: Actor): void {
  if (actor.profile !== "admin" && !actor.super) throw new AppError("ERR_NO_PERMISSION");
}

export function authorizeWrite(actor: Actor): void {
  if (actor.profile !== "admin" && !actor.super)
    throw new AppError("ERR_NO_PERMISSION", { message: QUEUE_INTEGRATION_ADMIN_ONLY });
}
