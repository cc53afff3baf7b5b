import { LIMITS } from "@inbox/shared";
import { AppError } from "../../http/app-error.js";
import type { UserRow } from "../../http/context.js";
import type { MessageRow } from "./presenter.js";

/**
 * Who may change a message (spec 1 sections 5 and 6), on a ticket the actor
 * already may see. "Own" is a message the actor wrote: fromMe and theirs.
 * Reactions, replies and forwards are open to everyone who sees the ticket.
 */
const isOwn = (actor: UserRow, message: MessageRow) => message.fromMe && message.userId === actor.id;

/** Edit: own messages younger than 15 minutes, text only, not deleted. */
export function authorizeEdit(actor: UserRow, message: MessageRow, now = Date.now()): void {
  if (!isOwn(actor, message))
    throw new AppError("ERR_NO_PERMISSION", { message: "Only your own messages can be edited" });
  if (message.isDeleted || message.mediaType !== "chat")
    throw new AppError("ERR_VALIDATION", { message: "Only text messages can be edited" });
  if (now - message.createdAt.getTime() >= LIMITS.editWindowMs)
    throw new AppError("ERR_EDIT_WINDOW_EXPIRED", {
      message: "Messages can be edited for 15 minutes after sending",
    });
}

/** Delete: own messages; an admin may also delete a colleague's (they see every ticket anyway). */
export function authorizeDelete(actor: UserRow, message: MessageRow): void {
  const mayDelete = isOwn(actor, message) || (message.fromMe && actor.profile === "admin");
  if (!mayDelete)
    throw new AppError("ERR_NO_PERMISSION", { message: "Only your own messages can be deleted" });
}

/** Transcription: received audio only. */
export function authorizeTranscription(message: MessageRow): void {
  if (message.fromMe || message.mediaType !== "audio")
    throw new AppError("ERR_NO_PERMISSION", { message: "Only received audio can be transcribed" });
}
