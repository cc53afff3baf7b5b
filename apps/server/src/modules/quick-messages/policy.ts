import { canChangeQuickMessage } from "@inbox/shared";
import { AppError } from "../../http/app-error.js";
import type { UserRow } from "../../http/context.js";

type Actor = Pick<UserRow, "id">;

/**
 * Spec 3 section 6: every user of the company reads the quick messages and
 * writes shared (geral) ones and their own; another user's personal message
 * is read-only (changing, deleting or replacing its file: ERR_NO_PERMISSION).
 */
export function authorizeChange(actor: Actor, quick: { geral: boolean; userId: number | null }): void {
  if (!canChangeQuickMessage(quick, actor.id)) throw new AppError("ERR_NO_PERMISSION");
}
