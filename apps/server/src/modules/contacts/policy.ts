import { AppError } from "../../http/app-error.js";
import type { UserRow } from "../../http/context.js";

export type ContactAction = "contact:delete" | "contact:setWallet";

type Actor = Pick<UserRow, "profile" | "super">;
const isAdmin = (actor: Actor) => actor.profile === "admin" || actor.super;

/**
 * Who may do what to contacts (spec 1 section 6). Every user of the company
 * lists, creates, edits, blocks and toggles contacts; deleting is for admins
 * (the spec leaves other deleters open: "not shown"), and so is choosing the
 * contact's wallet user (who receives its new tickets with DirectTicketsToWallets).
 */
export function can(actor: Actor, action: ContactAction): boolean {
  switch (action) {
    case "contact:delete":
    case "contact:setWallet":
      return isAdmin(actor);
  }
}

export function authorize(actor: Actor, action: ContactAction): void {
  if (!can(actor, action)) throw new AppError("ERR_NO_PERMISSION");
}
