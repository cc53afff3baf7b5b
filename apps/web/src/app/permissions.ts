import type { UserDto } from "@inbox/shared";

/**
 * The web mirror of the server's role rules (spec 1 section 6). It only hides
 * what the server would refuse; the server stays the authority.
 */
type Plan = NonNullable<NonNullable<UserDto["company"]>["plan"]>;
export type PlanFlag = Exclude<keyof Plan, "id" | "name">;

export function isAdmin(user: Pick<UserDto, "profile" | "super"> | null | undefined): boolean {
  return Boolean(user && (user.profile === "admin" || user.super));
}

export function canSeeDashboard(user: UserDto | null | undefined): boolean {
  return Boolean(user && (isAdmin(user) || user.showDashboard === "enabled"));
}

/** A feature is on unless the company's plan switches it off explicitly. */
export function planAllows(user: UserDto | null | undefined, flag: PlanFlag): boolean {
  return user?.company?.plan?.[flag] !== false;
}

/**
 * Spec 2 section 6: admins, and users with allowConnections enabled (treated
 * as admins there), manage connections; everyone else gets the 403 view.
 */
export function canManageConnections(user: UserDto | null | undefined): boolean {
  return Boolean(user && (isAdmin(user) || user.allowConnections === "enabled"));
}
