import { AppError } from "../../http/app-error.js";
import type { UserRow } from "../../http/context.js";

export type ContactListAction = "contactList:delete" | "contactListItems:use" | "contactListItem:delete";

type Actor = Pick<UserRow, "profile" | "super">;
const isAdmin = (actor: Actor) => actor.profile === "admin" || actor.super;

/**
 * Who may do what to contact lists (spec 3 section 6; the plan flag useCampaigns gates the whole
 * area, declared on its routes). Every user of the company lists, creates and renames lists; a user
 * with profile user may not open a list's items (the no-permission view), so items and imports are
 * for the other profiles; deleting a list or an item follows the contacts page's delete rule
 * (contacts-page:deleteContact: admins).
 */
export function can(actor: Actor, action: ContactListAction): boolean {
  switch (action) {
    case "contactListItems:use":
      return actor.profile !== "user" || actor.super;
    case "contactList:delete":
    case "contactListItem:delete":
      return isAdmin(actor);
  }
}

export function authorize(actor: Actor, action: ContactListAction): void {
  if (!can(actor, action)) throw new AppError("ERR_NO_PERMISSION");
}
