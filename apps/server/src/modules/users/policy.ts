import { ADMIN_ONLY_USER_FIELDS, type UserUpdateInput } from "@inbox/shared";
import { AppError } from "../../http/app-error.js";
import type { UserRow } from "../../http/context.js";
import type { UserWithQueues } from "./repo.js";

export type UserAction =
  | "user:list"
  | "user:create"
  | "user:view"
  | "user:update"
  | "user:delete"
  | "user:setWidth";

const isAdmin = (actor: UserRow) => actor.profile === "admin" || actor.super;

/** A user as the rules see it: who it is and whether it is one of the platform's super users. */
export interface UserTarget {
  id: number;
  super: boolean;
}

/**
 * Who may do what to users (spec 1 section 6). Targets are already of the
 * actor's company. A super user (the platform owner) is changed or deleted
 * only by a super user: an admin of the owner's company may read them, no more.
 */
export function can(actor: UserRow, action: UserAction, target?: UserTarget): boolean {
  if (target?.super && !actor.super && action !== "user:view") return false;
  switch (action) {
    case "user:list":
      // Every attendant searches users to transfer a ticket (spec 1 section 7, GET /users/ with
      // searchParam); /users/list already answers the same users to everyone. The users page stays admin-only.
      return true;
    case "user:create":
      return isAdmin(actor);
    case "user:delete":
      return isAdmin(actor) && target?.id !== actor.id;
    case "user:view":
    case "user:update":
    case "user:setWidth":
      return isAdmin(actor) || target?.id === actor.id;
  }
}

export function authorize(actor: UserRow, action: UserAction, target?: UserTarget): void {
  if (!can(actor, action, target)) throw new AppError("ERR_NO_PERMISSION");
}

/**
 * The last super user of a company (the platform owner's) is never deleted
 * nor demoted from admin, whoever asks: `otherSupers` counts the company's
 * other super users.
 */
export function assertSuperKept(
  target: UserTarget & { profile: string },
  change: { deleting: true } | { profile?: string },
  otherSupers: number,
): void {
  if (!target.super || otherSupers > 0) return;
  if ("deleting" in change)
    throw new AppError("ERR_NO_PERMISSION", { message: "The last super user cannot be deleted" });
  if (change.profile !== undefined && change.profile !== target.profile && target.profile === "admin")
    throw new AppError("ERR_NO_PERMISSION", {
      field: "profile",
      message: "The last super user stays an admin",
    });
}

/**
 * Only admins change profile, queues, connection and permission fields. A
 * non-admin's form may still carry them unchanged; a change is refused.
 */
export function assertAdminOnlyFieldsUnchanged(
  actor: UserRow,
  target: UserWithQueues,
  input: UserUpdateInput,
): void {
  if (isAdmin(actor)) return;
  for (const field of ADMIN_ONLY_USER_FIELDS) {
    const value = input[field];
    if (value === undefined) continue;
    const current = field === "queueIds" ? target.queues.map((q) => q.id) : target[field];
    if (!sameValue(value, current)) {
      throw new AppError("ERR_NO_PERMISSION", { field, message: `Only an admin can change ${field}` });
    }
  }
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    const sa = [...a].sort();
    const sb = [...b].sort();
    return sa.length === sb.length && sa.every((v, i) => v === sb[i]);
  }
  return a === b;
}
