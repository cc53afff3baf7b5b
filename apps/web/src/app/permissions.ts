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

/** Spec 2 section 6: the attendance panel (/moments) is for admins and users with allowRealTime enabled. */
export function canWatchMoments(user: UserDto | null | undefined): boolean {
  return Boolean(user && (isAdmin(user) || user.allowRealTime === "enabled"));
}

/** A feature is on unless the company's plan switches it off explicitly. */
export function planAllows(user: UserDto | null | undefined, flag: PlanFlag): boolean {
  return user?.company?.plan?.[flag] !== false;
}

/**
 * Screens of a feature a plan may switch off (spec 1 section 2, spec 2 section 2, spec 3 sections 2
 * and 6), by path prefix: the router's outlet guards them (RequirePlanFeature: toast, then / after
 * 1 s) and the menu hides their items, so a new page under one of them is gated without more code.
 */
export const PLAN_GATED_PAGES: readonly (readonly [prefix: string, flag: PlanFlag])[] = [
  ["/schedules", "useSchedules"],
  ["/chats", "useInternalChat"],
  ["/kanban", "useKanban"],
  // The kanban lanes' table (spec 2 section 2): part of the kanban, gated like the board.
  ["/tagskanban", "useKanban"],
  ["/campaigns", "useCampaigns"],
  ["/campaigns-config", "useCampaigns"],
  ["/campaign", "useCampaigns"],
  ["/contact-lists", "useCampaigns"],
  ["/prompts", "useOpenAi"],
  ["/queue-integration", "useIntegrations"],
  ["/messages-api", "useExternalApi"],
];

/** The plan flag a screen's path needs, if any (case-insensitive: the spec writes /Kanban). */
export function planFlagOfPath(pathname: string): PlanFlag | undefined {
  const path = pathname.toLowerCase();
  return PLAN_GATED_PAGES.find(([prefix]) => path === prefix || path.startsWith(`${prefix}/`))?.[1];
}

/**
 * Spec 2 section 6: admins, and users with allowConnections enabled (treated
 * as admins there), manage connections; everyone else gets the 403 view.
 */
export function canManageConnections(user: UserDto | null | undefined): boolean {
  return Boolean(user && (isAdmin(user) || user.allowConnections === "enabled"));
}
