/**
 * Business hours (spec 2 "Connection schedule day"): seven weekdays, each with
 * shifts A and B as HH:MM. Evaluated in the company's time zone, never the
 * server's.
 */
export interface ScheduleDay {
  weekday?: string;
  weekdayEn?: string;
  startTimeA?: string | null;
  endTimeA?: string | null;
  startTimeB?: string | null;
  endTimeB?: string | null;
}

/** The weekday (english, lower case) and minute of the day of `now` in `timeZone`. */
export function localTime(now: Date, timeZone: string): { weekday: string; minutes: number } {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    weekday: "long",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return {
    weekday: part("weekday").toLowerCase(),
    minutes: Number(part("hour")) * 60 + Number(part("minute")),
  };
}

/** `now`'s calendar day (YYYY-MM-DD) in `timeZone`. */
export function localDate(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
}

function minutesOf(clock: string | null | undefined): number | undefined {
  const match = /^(\d{1,2}):(\d{2})$/.exec(clock?.trim() ?? "");
  if (!match) return undefined;
  return Number(match[1]) * 60 + Number(match[2]);
}

/** start <= t < end; a shift that ends before it starts runs over midnight. */
function inShift(t: number, start: string | null | undefined, end: string | null | undefined): boolean {
  const from = minutesOf(start);
  const to = minutesOf(end);
  if (from === undefined || to === undefined || from === to) return false;
  return from < to ? t >= from && t < to : t >= from || t < to;
}

/**
 * Open at `now`? No schedule at all means always open (the setting was never
 * filled in); a weekday missing from a filled schedule, or without valid
 * shifts, is closed all day.
 */
export function withinHours(schedules: readonly ScheduleDay[], now: Date, timeZone: string): boolean {
  if (schedules.length === 0) return true;
  const { weekday, minutes } = localTime(now, timeZone);
  const day = schedules.find((d) => (d.weekdayEn ?? "").toLowerCase() === weekday);
  if (!day) return false;
  return inShift(minutes, day.startTimeA, day.endTimeA) || inShift(minutes, day.startTimeB, day.endTimeB);
}
