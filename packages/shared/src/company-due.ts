import { LIMITS } from "./limits.js";
import { addMonths, RECURRENCE_MONTHS } from "./subscription.js";

/** How the companies table colours a due date (spec 2 sections 4 and 9). */
export type DueDateColour = "red" | "yellow" | null;

function utcDay(date: Date): number {
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
}

/** Whole days from `today` to the due date (negative when past); null without a valid date. */
export function daysUntilDue(dueDate: string | null | undefined, today = new Date()): number | null {
  if (!dueDate || !/^\d{4}-\d{2}-\d{2}/.test(dueDate)) return null;
  const due = Date.UTC(
    Number(dueDate.slice(0, 4)),
    Number(dueDate.slice(5, 7)) - 1,
    Number(dueDate.slice(8, 10)),
  );
  if (Number.isNaN(due)) return null;
  return Math.round((due - utcDay(today)) / 86_400_000);
}

/**
 * Red when due today or past, yellow when due in 1 to 5 days, otherwise none. The same day count
 * as subscriptionState, which calls a company expired from its due day on.
 */
export function dueDateColour(dueDate: string | null | undefined, today = new Date()): DueDateColour {
  const days = daysUntilDue(dueDate, today);
  if (days === null) return null;
  if (days <= 0) return "red";
  if (days <= LIMITS.dueDateWarningDays) return "yellow";
  return null;
}

/**
 * The companies table's due-date button: the due date moved by the recurrence (MENSAL 1 month …
 * ANUAL 12), the day clamped to the month's last. Without a due date it counts from `today`.
 */
export function advanceDueDate(
  dueDate: string | null | undefined,
  recurrence: string,
  today = new Date(),
): string {
  const months = RECURRENCE_MONTHS[recurrence as keyof typeof RECURRENCE_MONTHS] ?? 1;
  const from =
    daysUntilDue(dueDate, today) === null
      ? new Date(utcDay(today)).toISOString().slice(0, 10)
      : (dueDate as string).slice(0, 10);
  return addMonths(from, months);
}
