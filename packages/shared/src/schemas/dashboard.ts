import { z } from "zod";
import { TICKET_STATUSES } from "../enums.js";
import { dbIdParam, looseBoolean, MAX_DB_INT } from "./common.js";

/**
 * The dashboard on the wire (spec 1 sections 2, 3 and 7): GET /dashboard
 * answers the counters and the attendant rows of a date range, GET
 * /dashboard/moments the tickets of the attendance panel.
 */

/** A calendar day, YYYY-MM-DD (a real date: 2026-02-30 is refused). */
export const calendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Invalid date")
  .refine((day) => {
    const date = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
  }, "Invalid date");

/**
 * Minutes east of UTC of the viewer's clock (Brazil: -180). Days of the
 * range and of the chart start at the viewer's midnight, not the server's.
 */
const utcOffset = z.coerce.number().int().min(-840).max(840);

/** Largest range the dashboard computes at once (a little over a year). */
export const DASHBOARD_MAX_DAYS = 400;

/** The performance bar's scale when no response was measured yet (spec 1 section 2: default 60). */
export const DASHBOARD_DEFAULT_MAX_RESPONSE_MINUTES = 60;

/**
 * GET /dashboard. Both days are inclusive; absent, the range is the start of
 * the month to today (spec 1 section 9).
 */
export const dashboardQuery = z
  .object({
    date_from: calendarDay.optional(),
    date_to: calendarDay.optional(),
    utcOffset: utcOffset.optional().default(0),
  })
  .refine((q) => !q.date_from || !q.date_to || q.date_from <= q.date_to, {
    message: "date_from must not be after date_to",
    path: ["date_to"],
  });
export type DashboardQuery = z.infer<typeof dashboardQuery>;

/**
 * The counters of spec 1 section 3, over the non-group tickets created in
 * the range. Times are minutes; null when nothing was measured.
 */
export const dashboardCountersDto = z.object({
  /** Tickets of the range now open (being attended). */
  supportHappening: z.number(),
  /** Tickets of the range now waiting (pending). */
  supportPending: z.number(),
  /** Tickets of the range now closed. */
  supportFinished: z.number(),
  /** Contacts created in the range (new contacts). */
  leads: z.number(),
  /** Tickets our side started: no message from the contact came first. */
  activeTickets: z.number(),
  /** Tickets the contact started with a message. */
  passiveTickets: z.number(),
  /** First reply after the contact's first message, averaged over the answered tickets. */
  avgResponseTime: z.number().nullable(),
  /** The slowest of those first replies. */
  maxResponseTime: z.number().nullable(),
  /** Acceptance to close, over the closed tickets that were accepted. */
  avgSupportTime: z.number().nullable(),
  /** Creation to acceptance, over the accepted tickets. */
  avgWaitTime: z.number().nullable(),
  /**
   * Ratings contacts gave in the range (NPS scores 0 to 10, whatever the ticket's age): their
   * average (2 decimals; null without one), their number, and the NPS: the share of promoters
   * (9 and 10) minus the share of detractors (0 to 6), in whole points from -100 to 100.
   */
  avgRating: z.number().nullable(),
  countRating: z.number(),
  nps: z.number().nullable(),
});
export type DashboardCounters = z.infer<typeof dashboardCountersDto>;

/** One attendant of the company (spec 1 section 3), with the range's tickets they hold. */
export const dashboardAttendantDto = z.object({
  id: z.number(),
  name: z.string(),
  online: z.boolean(),
  /**
   * Average of the ratings (NPS scores 0 to 10, 2 decimals) contacts gave in the range to tickets
   * this attendant resolved; null without one. The web app shows it as a face (ratings.ts).
   */
  rating: z.number().nullable(),
  /** How many ratings that average counts. */
  countRating: z.number(),
  /** Tickets of the range assigned to the attendant. */
  tickets: z.number(),
  /** Of those, the closed ones (the resolution rate's numerator). */
  finished: z.number(),
  /** Of those, the ones still open. */
  open: z.number(),
  avgWaitTime: z.number().nullable(),
  avgSupportTime: z.number().nullable(),
});
export type DashboardAttendant = z.infer<typeof dashboardAttendantDto>;

/** Tickets created on each day of the range (the viewer's days), with how many of them are closed. */
export const dashboardDayDto = z.object({ date: z.string(), created: z.number(), finished: z.number() });
export type DashboardDay = z.infer<typeof dashboardDayDto>;

export const dashboardDto = z.object({
  dateFrom: z.string(),
  dateTo: z.string(),
  counters: dashboardCountersDto,
  attendants: z.array(dashboardAttendantDto),
  ticketsByDay: z.array(dashboardDayDto),
});
export type DashboardDto = z.infer<typeof dashboardDto>;

/** true/false or 1/0 in the query string. */
const queryFlag = looseBoolean;

/** A list of ids as the tickets filters take it: repeated keys, a JSON array or a comma list. */
const idList = z.preprocess(
  (raw) => {
    const values = Array.isArray(raw) ? raw : [raw];
    return values.flatMap((value) => {
      if (typeof value !== "string") return [value];
      const text = value.trim();
      if (text === "") return [];
      if (text.startsWith("[")) {
        try {
          const parsed: unknown = JSON.parse(text);
          return Array.isArray(parsed) ? parsed : [text];
        } catch {
          return [text];
        }
      }
      return text.split(",").map((part) => part.trim());
    });
  },
  z.array(z.coerce.number().int().min(0).max(MAX_DB_INT)).max(500),
);

/** Largest answer of GET /dashboard/moments (the most recently updated first). */
export const DASHBOARD_MOMENTS_LIMIT = 1000;

/**
 * GET /dashboard/moments (spec 1 section 7). `status` takes one status or a
 * list (default open and pending); the days are inclusive and filter on the
 * last update, default the last 30 days (spec 1 section 9).
 */
export const dashboardMomentsQuery = z
  .object({
    status: z.preprocess((raw) => {
      if (typeof raw !== "string") return raw;
      if (raw.startsWith("[")) {
        try {
          return JSON.parse(raw);
        } catch {
          return raw;
        }
      }
      return raw.includes(",") ? raw.split(",").map((s) => s.trim()) : raw;
    }, z
      .union([z.enum(TICKET_STATUSES), z.array(z.enum(TICKET_STATUSES)).max(TICKET_STATUSES.length)])
      .optional()),
    showAll: queryFlag.optional().default(false),
    /** Selected queues; 0 stands for "without queue". */
    queueIds: idList.optional().default([]),
    dateStart: calendarDay.optional(),
    dateEnd: calendarDay.optional(),
    userId: dbIdParam.optional(),
    utcOffset: utcOffset.optional().default(0),
  })
  .refine((q) => !q.dateStart || !q.dateEnd || q.dateStart <= q.dateEnd, {
    message: "dateStart must not be after dateEnd",
    path: ["dateEnd"],
  });
export type DashboardMomentsQuery = z.infer<typeof dashboardMomentsQuery>;

/** An attendance moment item (spec 2 section 3). */
export const dashboardMomentDto = z.object({
  id: z.number(),
  uuid: z.string(),
  status: z.string(),
  userId: z.number().nullable(),
  user: z.object({ id: z.number(), name: z.string() }).nullable(),
  contact: z.object({
    id: z.number(),
    name: z.string(),
    number: z.string(),
    profilePicUrl: z.string().nullable(),
  }),
  lastMessage: z.string(),
  whatsapp: z.object({ id: z.number(), name: z.string(), channel: z.string() }).nullable(),
  queue: z.object({ id: z.number(), name: z.string(), color: z.string() }).nullable(),
  unreadMessages: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DashboardMoment = z.infer<typeof dashboardMomentDto>;
export const dashboardMomentsDto = z.array(dashboardMomentDto);
