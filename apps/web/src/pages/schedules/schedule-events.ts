import {
  type ScheduleDto,
  type ScheduleIntervalo,
  type ScheduleStatus,
  type ScheduleTipoDias,
  upcomingOccurrences,
} from "@inbox/shared";

/** One card on the calendar: a stored schedule, or a send of its series still to be made. */
export interface ScheduleEvent {
  id: string;
  title: string;
  start: Date;
  end: Date;
  schedule: ScheduleDto;
  /** A send the series will make later (not stored yet): shown dashed, opens the pending one. */
  planned: boolean;
}

/** Cards last 30 minutes, the calendar's step. */
const CARD_MINUTES = 30;
/** Planned sends shown per series within the visible range (a minute series would fill it). */
const PLANNED_MAX = 200;

const cardOf = (schedule: ScheduleDto, start: Date, planned: boolean, key: string): ScheduleEvent => ({
  id: key,
  title: schedule.contact.name,
  start,
  end: new Date(start.getTime() + CARD_MINUTES * 60_000),
  schedule,
  planned,
});

/**
 * The cards of the visible range: every schedule, and for the pending send
 * of a recurring series the sends it will still make up to `to` (counted
 * with the server's rules, in the company's time zone).
 */
export function scheduleEvents(schedules: readonly ScheduleDto[], to: Date): ScheduleEvent[] {
  const events: ScheduleEvent[] = [];
  for (const schedule of schedules) {
    const sendAt = new Date(schedule.sendAt);
    events.push(cardOf(schedule, sendAt, false, `s${schedule.id}`));
    const { intervalo, valorIntervalo, enviarQuantasVezes } = schedule;
    if (schedule.status !== "pending" || !intervalo || !valorIntervalo || !enviarQuantasVezes) continue;
    const left = enviarQuantasVezes - schedule.occurrence;
    if (left <= 0) continue;
    const rule = {
      intervalo: intervalo as ScheduleIntervalo,
      valorIntervalo,
      enviarQuantasVezes,
      tipoDias: schedule.tipoDias as ScheduleTipoDias,
    };
    const start = new Date(schedule.recurrenceStartAt ?? schedule.sendAt);
    const upcoming = upcomingOccurrences(
      start,
      rule,
      schedule.timeZone,
      { step: schedule.recurrenceStep, sendAt },
      Math.min(left, PLANNED_MAX),
      to,
    );
    for (const next of upcoming)
      events.push(cardOf(schedule, next.sendAt, true, `s${schedule.id}-${next.step}`));
  }
  return events;
}

/** The card colour of each status (spec 3: pending, confirmed, completed, canceled; error is the spec's ERRO). */
export const STATUS_COLORS: Record<ScheduleStatus, string> = {
  pending: "#ed6c02",
  confirmed: "#0288d1",
  completed: "#2e7d32",
  canceled: "#757575",
  error: "#d32f2f",
};
