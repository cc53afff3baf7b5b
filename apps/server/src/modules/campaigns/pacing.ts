import { type CampaignSettings, instantOfWallTime, wallTimeOf } from "@inbox/shared";

/**
 * The campaign sender's pacing (docs/CAMPAIGNS.md, Pacing). Pure: the clock, the settings, the
 * campaign's pacing state and the company's time zone are arguments.
 *
 * - Between two messages: messageInterval seconds; after every longerIntervalAfter messages
 *   (when both it and greaterInterval are above 0) the pause is greaterInterval instead.
 * - Messages go out only between startHour (inclusive) and endHour (exclusive) of the company's
 *   wall clock, and on Saturday or Sunday only when sabado / domingo is on. A window whose end is
 *   not after its start (22:00 to 06:00) runs across midnight; the day of a moment is its own.
 * - A message due outside the window waits for the next window's start.
 */

export interface PacingState {
  /** When the previous message was stored (null: none yet). */
  lastSentAt: Date | null;
  /** Messages stored since the campaign started. */
  sentCount: number;
}

type Window = Pick<CampaignSettings, "startHour" | "endHour" | "sabado" | "domingo">;

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(":").map(Number) as [number, number];
  return h * 60 + m;
};

/** The pause before the next message, in seconds. */
export function pauseSeconds(settings: CampaignSettings, sentCount: number): number {
  const { longerIntervalAfter, greaterInterval, messageInterval } = settings;
  if (
    longerIntervalAfter > 0 &&
    greaterInterval > 0 &&
    sentCount > 0 &&
    sentCount % longerIntervalAfter === 0
  )
    return greaterInterval;
  return messageInterval;
}

/** The weekday (0 Sunday .. 6 Saturday) of a wall date. */
const weekday = (year: number, month: number, day: number) =>
  new Date(Date.UTC(year, month - 1, day)).getUTCDay();

/** Whether a message may go out at `instant`. */
export function inSendingWindow(instant: Date, settings: Window, timeZone: string): boolean {
  const wall = wallTimeOf(instant, timeZone);
  const day = weekday(wall.year, wall.month, wall.day);
  if (day === 6 && !settings.sabado) return false;
  if (day === 0 && !settings.domingo) return false;
  const minute = wall.hour * 60 + wall.minute;
  const start = minutesOf(settings.startHour);
  const end = minutesOf(settings.endHour);
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}

/**
 * The first instant at or after `from` inside the window: `from` itself, or a later day's (or
 * the same day's) startHour, or a midnight for windows across midnight. Undefined when no day of
 * the next two weeks allows sending (cannot happen: weekdays always may).
 */
export function nextWindowStart(from: Date, settings: Window, timeZone: string): Date | undefined {
  if (inSendingWindow(from, settings, timeZone)) return from;
  const wall = wallTimeOf(from, timeZone);
  const start = minutesOf(settings.startHour);
  const wraps = start >= minutesOf(settings.endHour);
  for (let offset = 0; offset <= 14; offset++) {
    const date = new Date(Date.UTC(wall.year, wall.month - 1, wall.day + offset));
    const day = { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
    const candidates = [
      ...(wraps ? [{ ...day, hour: 0, minute: 0, second: 0 }] : []),
      { ...day, hour: Math.floor(start / 60), minute: start % 60, second: 0 },
    ];
    for (const candidate of candidates) {
      const instant = instantOfWallTime(candidate, timeZone);
      if (instant.getTime() > from.getTime() && inSendingWindow(instant, settings, timeZone)) return instant;
    }
  }
  return undefined;
}

/** When the next message may be stored: the pause after the previous one, moved into the window. */
export function nextSendAt(
  now: Date,
  settings: CampaignSettings,
  state: PacingState,
  timeZone: string,
): Date {
  const earliest = state.lastSentAt
    ? new Date(state.lastSentAt.getTime() + pauseSeconds(settings, state.sentCount) * 1000)
    : now;
  const from = earliest.getTime() > now.getTime() ? earliest : now;
  return nextWindowStart(from, settings, timeZone) ?? from;
}
