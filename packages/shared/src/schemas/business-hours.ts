import { z } from "zod";

/**
 * Business hours (spec 2 sections 3 to 5): seven weekdays, shifts A and B,
 * times as HH:MM ("" is no shift). The company's, the connections' and the
 * queues' hours take their times and shift rules from here.
 */

/** A time of day, 00:00 to 23:59. */
export const SHIFT_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A shift's messages: a malformed time, an end without a start (or the reverse), an end not after the start. */
export const SHIFT_TIME_INVALID = "Invalid time";
export const SHIFT_INCOMPLETE = "A shift needs its start and its end";
export const SHIFT_ORDER = "A shift ends after it starts";

/** "" (no shift) or HH:MM. */
export const shiftTime = z.union([z.literal(""), z.string().regex(SHIFT_TIME_PATTERN, SHIFT_TIME_INVALID)]);

/** The two shifts of a day, as their start and end fields. */
export const SHIFTS = [
  ["startTimeA", "endTimeA"],
  ["startTimeB", "endTimeB"],
] as const;
export type ShiftTimeField = (typeof SHIFTS)[number][number];

/**
 * The shift rules of one day: a shift is both times or neither, and ends
 * after it starts (none crosses midnight). Only well-formed times compare
 * (a malformed one has its own message).
 */
export function checkShifts<Field extends string>(
  day: Partial<Record<Field, string | undefined>>,
  ctx: z.RefinementCtx,
  shifts: readonly (readonly [Field, Field])[],
): void {
  for (const [start, end] of shifts) {
    const from = day[start] ?? "";
    const to = day[end] ?? "";
    if (!from && !to) continue;
    if (!from || !to) ctx.addIssue({ code: "custom", message: SHIFT_INCOMPLETE, path: [from ? end : start] });
    else if (SHIFT_TIME_PATTERN.test(from) && SHIFT_TIME_PATTERN.test(to) && to <= from)
      ctx.addIssue({ code: "custom", message: SHIFT_ORDER, path: [end] });
  }
}
