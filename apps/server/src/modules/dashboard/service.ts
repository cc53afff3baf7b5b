import {
  DASHBOARD_MAX_DAYS,
  DASHBOARD_MOMENTS_LIMIT,
  type DashboardDay,
  type DashboardDto,
  type DashboardMoment,
  type DashboardMomentsQuery,
  type DashboardQuery,
  readableLastMessage,
  WITHOUT_QUEUE,
} from "@inbox/shared";
import type { Db } from "../../db/client.js";
import { AppError } from "../../http/app-error.js";
import type { RequestContext } from "../../http/context.js";
import { previewOf } from "../messages/preview.js";
import { scopeFor } from "../tickets/policy.js";
import { TicketsRepo } from "../tickets/repo.js";
import { authorize } from "./policy.js";
import { DashboardRepo, type DayRow, type InstantRange } from "./repo.js";

const DAY_MS = 86_400_000;
/** Spec 1 section 9: the moments range is 30 days. */
const MOMENTS_DEFAULT_DAYS = 30;
const DEFAULT_MOMENT_STATUSES = ["open", "pending"];

/** Today's date (YYYY-MM-DD) on a clock `utcOffset` minutes east of UTC. */
export function viewerToday(utcOffset: number, now = Date.now()): string {
  return new Date(now + utcOffset * 60_000).toISOString().slice(0, 10);
}

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The viewer's days [first, last] as instants: first midnight to the midnight after the last day. */
export function rangeOf(first: string, last: string, utcOffset: number): InstantRange {
  const shift = utcOffset * 60_000;
  return {
    from: new Date(Date.parse(`${first}T00:00:00Z`) - shift),
    to: new Date(Date.parse(`${last}T00:00:00Z`) + DAY_MS - shift),
    utcOffset,
  };
}

function daysBetween(first: string, last: string): number {
  return Math.round((Date.parse(`${last}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / DAY_MS) + 1;
}

/** Every day of the range, zeros where no ticket was created. */
function fillDays(first: string, last: string, rows: DayRow[]): DashboardDay[] {
  const byDate = new Map(rows.map((row) => [row.date, row]));
  const days: DashboardDay[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) {
    const row = byDate.get(day);
    days.push({ date: day, created: row?.created ?? 0, finished: row?.finished ?? 0 });
  }
  return days;
}

/** The dashboard (spec 1 sections 2, 3, 6, 7). Reads only; every query is of the caller's company. */
export class DashboardService {
  private readonly repo: DashboardRepo;
  private readonly tickets: TicketsRepo;

  constructor(deps: { db: Db }) {
    this.repo = new DashboardRepo(deps.db);
    this.tickets = new TicketsRepo(deps.db);
  }

  async summary(ctx: RequestContext, query: DashboardQuery): Promise<DashboardDto> {
    authorize(ctx.user, "dashboard:view");
    const today = viewerToday(query.utcOffset);
    // Spec 1 section 9: the start of the month to today; a future date_from alone is a one-day range.
    const last = query.date_to ?? (query.date_from && query.date_from > today ? query.date_from : today);
    const first = query.date_from ?? `${last.slice(0, 8)}01`;
    if (daysBetween(first, last) > DASHBOARD_MAX_DAYS) {
      throw new AppError("ERR_VALIDATION", {
        field: "date_to",
        message: `The range may cover at most ${DASHBOARD_MAX_DAYS} days`,
      });
    }
    const { counters, attendants, days } = await this.repo.summary(
      ctx.companyId,
      rangeOf(first, last, query.utcOffset),
    );
    return {
      dateFrom: first,
      dateTo: last,
      counters,
      attendants,
      ticketsByDay: fillDays(first, last, days),
    };
  }

  async moments(ctx: RequestContext, query: DashboardMomentsQuery): Promise<DashboardMoment[]> {
    authorize(ctx.user, "dashboard:moments");
    const today = viewerToday(query.utcOffset);
    const last = query.dateEnd ?? today;
    const first = query.dateStart ?? addDays(last, -(MOMENTS_DEFAULT_DAYS - 1));
    if (daysBetween(first, last) > DASHBOARD_MAX_DAYS) {
      throw new AppError("ERR_VALIDATION", {
        field: "dateEnd",
        message: `The range may cover at most ${DASHBOARD_MAX_DAYS} days`,
      });
    }
    const scope = scopeFor(ctx.user, await this.tickets.viewerQueueIds(ctx), query.showAll);
    const statuses = query.status === undefined ? DEFAULT_MOMENT_STATUSES : [query.status].flat();
    const rows = await this.repo.moments(ctx.companyId, scope, rangeOf(first, last, query.utcOffset), {
      statuses,
      queueIds: query.queueIds.filter((id) => id !== WITHOUT_QUEUE),
      withoutQueue: query.queueIds.includes(WITHOUT_QUEUE),
      userId: query.userId,
      limit: DASHBOARD_MOMENTS_LIMIT,
    });
    return rows.map(({ ticket, contact, user, queue, whatsapp }) => ({
      id: ticket.id,
      uuid: ticket.uuid,
      status: ticket.status,
      userId: ticket.userId,
      user: user && { id: user.id, name: user.name },
      contact: {
        id: contact.id,
        name: contact.name,
        // Masked for ordinary users under LGPD by the route (config.numbers).
        number: contact.number,
        profilePicUrl: contact.profilePicUrl,
      },
      lastMessage: previewOf(readableLastMessage(ticket.lastMessage)),
      whatsapp: whatsapp && { id: whatsapp.id, name: whatsapp.name, channel: whatsapp.channel },
      queue: queue && { id: queue.id, name: queue.name, color: queue.color },
      unreadMessages: ticket.unreadMessages,
      createdAt: ticket.createdAt.toISOString(),
      updatedAt: ticket.updatedAt.toISOString(),
    }));
  }
}
