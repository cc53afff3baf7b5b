import { AppError } from "../../http/app-error.js";
import type { UserRow } from "../../http/context.js";

export type ScheduleAction = "schedule:change";

type Actor = Pick<UserRow, "id" | "profile" | "super">;
const isAdmin = (actor: Actor) => actor.profile === "admin" || actor.super;

/**
 * Who may do what to schedules (spec 3 section 6: the plan flag useSchedules
 * gates the area, declared on its routes; the spec shows no finer rule). Every
 * user of a company whose plan has useSchedules lists and creates schedules;
 * changing or deleting one is for its author and admins.
 */
export function can(actor: Actor, action: ScheduleAction, schedule: { userId: number | null }): boolean {
  switch (action) {
    case "schedule:change":
      return isAdmin(actor) || schedule.userId === actor.id;
  }
}

export function authorize(actor: Actor, action: ScheduleAction, schedule: { userId: number | null }): void {
  if (!can(actor, action, schedule)) throw new AppError("ERR_NO_PERMISSION");
}
