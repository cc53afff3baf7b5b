import { AppError } from "../../http/app-error.js";
import type { UserRow } from "../../http/context.js";

/** Spec 3 section 6: writing announcements needs the super flag (others: 403 ERR_NO_PERMISSION). */
export function authorizeWrite(actor: Pick<UserRow, "super">): void {
  if (!actor.super) throw new AppError("ERR_NO_PERMISSION");
}
