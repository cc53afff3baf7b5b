import { AppError } from "../../http/app-error.js";
import type { UserRow } from "../../http/context.js";

/**
 * Deleting a note: its author or an admin (the spec does not say who may;
 * a note is the author's word, so another attendant may not remove it).
 */
export function canDeleteNote(actor: UserRow, note: { userId: number | null }): boolean {
  return actor.profile === "admin" || actor.super || note.userId === actor.id;
}

export function authorizeDeleteNote(actor: UserRow, note: { userId: number | null }): void {
  if (!canDeleteNote(actor, note)) throw new AppError("ERR_NO_PERMISSION");
}
