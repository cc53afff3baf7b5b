import { LIMITS } from "./limits.js";

export type SubscriptionState =
  | { kind: "ok"; daysLeft: number }
  | { kind: "warning"; daysLeft: number }
  | { kind: "expired" };

/**
 * Where a company stands on its subscription on `today` (spec 1 section 4):
 * expired when the due date is today or past, a warning when fewer than 5
 * days remain. Company 1 never expires.
 */
export function subscriptionState(
  companyId: number,
  dueDate: string | null,
  today = new Date(),
): SubscriptionState {
  if (companyId === LIMITS.platformCompanyId) return { kind: "ok", daysLeft: Number.POSITIVE_INFINITY };
  if (!dueDate) return { kind: "expired" };
  const due = Date.UTC(
    Number(dueDate.slice(0, 4)),
    Number(dueDate.slice(5, 7)) - 1,
    Number(dueDate.slice(8, 10)),
  );
  const now = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const daysLeft = Math.round((due - now) / 86_400_000);
  if (Number.isNaN(daysLeft) || daysLeft <= 0) return { kind: "expired" };
  if (daysLeft < LIMITS.dueDateWarningDays) return { kind: "warning", daysLeft };
  return { kind: "ok", daysLeft };
}
