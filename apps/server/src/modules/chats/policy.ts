import { AppError } from "../../http/app-error.js";
import type { UserRow } from "../../http/context.js";

export type ChatAction = "chat:change";

type Actor = Pick<UserRow, "id">;

/**
 * Who may do what to an internal chat (spec 3 section 6). Seeing a chat and
 * its messages, sending and marking read is for its participants: the repo's
 * queries find no chat for anyone else (404), so nothing here repeats that.
 * Editing and deleting is for its owner only, admins included.
 */
export function can(actor: Actor, action: ChatAction, chat: { ownerId: number | null }): boolean {
  switch (action) {
    case "chat:change":
      return chat.ownerId === actor.id;
  }
}

export function authorize(actor: Actor, action: ChatAction, chat: { ownerId: number | null }): void {
  if (!can(actor, action, chat)) throw new AppError("ERR_NO_PERMISSION");
}
