import type { RECURRENCES } from "./enums.js";
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

/** Months a recurrence adds to a due date (spec 2 section 4: MENSAL 1 … ANUAL 12). */
export const RECURRENCE_MONTHS: Record<(typeof RECURRENCES)[number], number> = {
  MENSAL: 1,
  BIMESTRAL: 2,
  TRIMESTRAL: 3,
  SEMESTRAL: 6,
  ANUAL: 12,
};

/**
 * `date` (YYYY-MM-DD) plus `months`, the day kept or clamped to the month's
 * last (31 January + 1 month = 28 or 29 February), as a date string.
 */
export function addMonths(date: string, months: number): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7)) - 1 + months;
  const day = Number(date.slice(8, 10));
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(day, lastDay))).toISOString().slice(0, 10);
}

/**
 * The due date after paying one period: counted from the current due date
 * when paid on time (no day lost), from today when paid late (a full period
 * from the payment, not one already half gone).
 */
export function nextDueDate(dueDate: string | null, recurrence: string, today = new Date()): string {
  const todayDate = today.toISOString().slice(0, 10);
  const from = dueDate && dueDate > todayDate ? dueDate : todayDate;
  const months = RECURRENCE_MONTHS[recurrence as keyof typeof RECURRENCE_MONTHS] ?? 1;
  return addMonths(from, months);
}
