import type { CompanyRow, PlanRow } from "./repo.js";

/**
 * How many users and connections a company may have: its own numbers
 * (numberAttendants, numberConections: set on the company form, or by a paid
 * custom plan) when set, else its plan's. The plan limits' checks
 * (ERR_USER_CREATION_COUNT, ERR_PLAN_CONNECTIONS_LIMIT) read them here.
 */
export function companyLimits(found: {
  company: Pick<CompanyRow, "numberAttendants" | "numberConections">;
  plan: Pick<PlanRow, "users" | "connections">;
}): { users: number; connections: number } {
  return {
    users: found.company.numberAttendants ?? found.plan.users,
    connections: found.company.numberConections ?? found.plan.connections,
  };
}
