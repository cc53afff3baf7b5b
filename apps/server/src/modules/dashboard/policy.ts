import { isAdminProfile } from "@inbox/shared";
import { AppError } from "../../http/app-error.js";
import type { UserRow } from "../../http/context.js";

export type DashboardAction = "dashboard:view" | "dashboard:moments";

/**
 * Spec 1 section 6: the dashboard is for admins and for users with
 * showDashboard enabled; the attendance moments also for users with
 * allowRealTime enabled (the attendance panel of spec 2 reads them).
 */
export function can(actor: UserRow, action: DashboardAction): boolean {
  const dashboard = isAdminProfile(actor) || actor.showDashboard === "enabled";
  switch (action) {
    case "dashboard:view":
      return dashboard;
    case "dashboard:moments":
      return dashboard || actor.allowRealTime === "enabled";
  }
}

export function authorize(actor: UserRow, action: DashboardAction): void {
  if (!can(actor, action)) throw new AppError("ERR_NO_PERMISSION");
}
