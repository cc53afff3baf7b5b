/**
 * Recurring schedules (spec 3 section 5 "Schedule": intervalo, valorIntervalo,
 * enviarQuantasVezes, tipoDias). Pure functions of the rule, the company's
 * time zone and the series' start, so the server (which sends) and the
 * calendar (which shows the occurrences to come) agree to the minute.
 *
 * - Occurrence k's nominal time is the start plus k × valorIntervalo units,
 *   counted on the company's wall clock for days, weeks and months (a daily
 *   09:00 stays 09:00 across a DST change; the 31st plus one month is the
 *   month's last day) and as elapsed time for minutes. Nominal times are
 *   always counted from the start, so a moved occurrence never shifts the
 *   ones after it.
 * - tipoDias moves an occurrence that falls on a Saturday or Sunday (in the
 *   company's time zone; business days are Monday to Friday) to the previous
 *   (5) or next (6) business day at the same wall-clock time; 4 sends anyway.
 * - An occurrence whose moved time is not later than the previous send's is
 *   dropped without counting (a daily series moved off the weekend sends once
 *   on Friday or Monday, not three times): enviarQuantasVezes counts the
 *   messages actually sent.
 */

export const SCHEDULE_INTERVALS = { days: 1, weeks: 2, months: 3, minutes: 4 } as const;
export type ScheduleIntervalo = (typeof SCHEDULE_INTERVALS)[keyof typeof SCHEDULE_INTERVALS];
export const SCHEDULE_INTERVAL_VALUES = [1, 2, 3, 4] as const;

export const SCHEDULE_TIPO_DIAS = { sendAnyway: 4, businessDayBefore: 5, businessDayAfter: 6 } as const;
export type ScheduleTipoDias = (typeof SCHEDULE_TIPO_DIAS)[keyof typeof SCHEDULE_TIPO_DIAS];
export const SCHEDULE_TIPO_DIAS_VALUES = [4, 5, 6] as const;

export interface ScheduleRecurrence {
  intervalo: ScheduleIntervalo;
  valorIntervalo: number;
  /** How many messages the series sends in all (the first included). */
  enviarQuantasVezes: number;
  tipoDias: ScheduleTipoDias;
}

export interface WallTime {
  year: number;
  /** 1 to 12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether `timeZone` is an IANA zone this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatterOf(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The wall clock of `instant` in `timeZone`. */
export function wallTimeOf(instant: Date, timeZone: string): WallTime {
  const parts = formatterOf(timeZone).formatToParts(instant);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: part("year"),
    month: part("month"),
    day: part("day"),
    hour: part("hour"),
    minute: part("minute"),
    second: part("second"),
  };
}

const utcOfWall = (w: WallTime) => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
const offsetAt = (time: number, timeZone: string) =>
  utcOfWall(wallTimeOf(new Date(time), timeZone)) - Math.floor(time / 1000) * 1000;

/** The instant the wall clock of `timeZone` shows `wall` (a time skipped by DST moves forward). */
export function instantOfWallTime(wall: WallTime, timeZone: string): Date {
  const guess = utcOfWall(wall);
  const first = guess - offsetAt(guess, timeZone);
  const second = guess - offsetAt(first, timeZone);
  return new Date(second);
}

const NAIVE = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

/** "YYYY-MM-DD HH:mm[:ss]" without an offset: a wall-clock time of `timeZone`; undefined if not one. */
export function naiveTimeToInstant(value: string, timeZone: string): Date | undefined {
  const match = NAIVE.exec(value.trim());
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second] = match.map(Number) as number[];
  const wall = {
    year: year as number,
    month: month as number,
    day: day as number,
    hour: hour as number,
    minute: minute as number,
    second: second || 0,
  };
  // Reject what Date.UTC would roll over (2026-02-30, 25:00).
  const check = new Date(utcOfWall(wall));
  if (check.getUTCMonth() + 1 !== wall.month || check.getUTCDate() !== wall.day || wall.hour > 23)
    return undefined;
  return instantOfWallTime(wall, timeZone);
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The wall time `days` calendar days after `wall` (same clock time). */
function addDays(wall: WallTime, days: number): WallTime {
  const date = new Date(Date.UTC(wall.year, wall.month - 1, wall.day + days));
  return { ...wall, year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** Occurrence `step`'s time before tipoDias (step 0 is the start). */
export function nominalOccurrence(
  start: Date,
  rule: Pick<ScheduleRecurrence, "intervalo" | "valorIntervalo">,
  step: number,
  timeZone: string,
): Date {
  const amount = rule.valorIntervalo * step;
  if (rule.intervalo === SCHEDULE_INTERVALS.minutes) return new Date(start.getTime() + amount * 60_000);
  const wall = wallTimeOf(start, timeZone);
  if (rule.intervalo === SCHEDULE_INTERVALS.months) {
    const months = wall.month - 1 + amount;
    const year = wall.year + Math.floor(months / 12);
    const month = (months % 12) + 1;
    return instantOfWallTime(
      { ...wall, year, month, day: Math.min(wall.day, daysInMonth(year, month)) },
      timeZone,
    );
  }
  const days = rule.intervalo === SCHEDULE_INTERVALS.weeks ? amount * 7 : amount;
  return instantOfWallTime(addDays(wall, days), timeZone);
}

/** 0 Sunday … 6 Saturday, of the calendar day `wall` is on. */
const weekdayOf = (wall: WallTime) => new Date(Date.UTC(wall.year, wall.month - 1, wall.day)).getUTCDay();
const isBusinessDay = (wall: WallTime) => {
  const weekday = weekdayOf(wall);
  return weekday !== 0 && weekday !== 6;
};

/** `at` moved off a Saturday or Sunday of `timeZone` as tipoDias says (same wall-clock time). */
export function applyTipoDias(at: Date, tipoDias: ScheduleTipoDias, timeZone: string): Date {
  if (tipoDias === SCHEDULE_TIPO_DIAS.sendAnyway) return at;
  let wall = wallTimeOf(at, timeZone);
  if (isBusinessDay(wall)) return at;
  const step = tipoDias === SCHEDULE_TIPO_DIAS.businessDayBefore ? -1 : 1;
  while (!isBusinessDay(wall)) wall = addDays(wall, step);
  return instantOfWallTime(wall, timeZone);
}

/** An occurrence of a series: its step (nominal index from the start) and when it is sent. */
export interface ScheduleOccurrence {
  step: number;
  sendAt: Date;
}

/** The first occurrence of a series starting (nominally) at `start`. */
export function firstOccurrence(start: Date, rule: ScheduleRecurrence, timeZone: string): ScheduleOccurrence {
  return { step: 0, sendAt: applyTipoDias(start, rule.tipoDias, timeZone) };
}

/** Nominal steps tried past the previous one before giving up (a minute series over a long weekend). */
const MAX_DROPPED_STEPS = 20_000;

/**
 * The occurrence after `previous`: the next step whose moved time is later
 * than the previous send (see the module's comment). Undefined only if none
 * is found within MAX_DROPPED_STEPS steps. It does not look at
 * enviarQuantasVezes: the caller counts the sends.
 */
export function nextOccurrence(
  start: Date,
  rule: ScheduleRecurrence,
  timeZone: string,
  previous: ScheduleOccurrence,
): ScheduleOccurrence | undefined {
  for (let step = previous.step + 1; step <= previous.step + MAX_DROPPED_STEPS; step++) {
    const sendAt = applyTipoDias(nominalOccurrence(start, rule, step, timeZone), rule.tipoDias, timeZone);
    if (sendAt.getTime() > previous.sendAt.getTime()) return { step, sendAt };
  }
  return undefined;
}

/**
 * Up to `count` occurrences after `previous` (the calendar's projection of a
 * series' pending sends), stopping after `until`.
 */
export function upcomingOccurrences(
  start: Date,
  rule: ScheduleRecurrence,
  timeZone: string,
  previous: ScheduleOccurrence,
  count: number,
  until: Date,
): ScheduleOccurrence[] {
  const found: ScheduleOccurrence[] = [];
  let last = previous;
  while (found.length < count) {
    const next = nextOccurrence(start, rule, timeZone, last);
    if (!next || next.sendAt.getTime() > until.getTime()) break;
    found.push(next);
    last = next;
  }
  return found;
}
