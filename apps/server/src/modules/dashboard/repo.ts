import { and, eq, gte, inArray, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { rowsOf } from "../../db/client.js";
import { descNullsLast } from "../../db/order.js";
import { contacts, queues, tickets, users, whatsapps } from "../../db/schema/index.js";
import { ofCompany } from "../../db/tenant-scope.js";
import { scopeCondition } from "../tickets/list-query.js";
import type { TicketScope } from "../tickets/policy.js";

/** A half-open instant range [from, to): the viewer's first midnight to the midnight after the last day. */
export interface InstantRange {
  from: Date;
  to: Date;
  /** Minutes east of UTC: the viewer's days for the per-day series. */
  utcOffset: number;
}

export interface CounterRow {
  supportHappening: number;
  supportPending: number;
  supportFinished: number;
  leads: number;
  activeTickets: number;
  passiveTickets: number;
  avgResponseTime: number | null;
  maxResponseTime: number | null;
  avgSupportTime: number | null;
  avgWaitTime: number | null;
  avgRating: number | null;
  countRating: number;
  nps: number | null;
}

export interface AttendantRow {
  id: number;
  name: string;
  online: boolean;
  tickets: number;
  finished: number;
  open: number;
  avgWaitTime: number | null;
  avgSupportTime: number | null;
  rating: number | null;
  countRating: number;
}

export interface DayRow {
  date: string;
  created: number;
  finished: number;
}

export interface MomentFilters {
  statuses: string[];
  queueIds: number[];
  withoutQueue: boolean;
  userId?: number;
  limit: number;
}

/** Minutes between two timestamps, 2 decimals. */
const minutes = (later: SQL, earlier: SQL) =>
  sql`round((extract(epoch from (${later} - ${earlier})) / 60)::numeric, 2)::float8`;

/**
 * Every query of the dashboard, each by company. The facts of the range's
 * tickets are computed once in SQL (one CTE) and folded three ways: counters,
 * attendant rows and days. No query runs per ticket or per attendant.
 */
export class DashboardRepo {
  constructor(private readonly db: Db) {}

  /**
   * Facts per non-group ticket created in the range:
   * - started: the first acceptance ('open' or 'receivedTransfer' log entry);
   * - finished: for a closed ticket, its closedAt (else its last 'closed' entry);
   * - first_in / first_out: the first message of the contact and the first
   *   non-private message of ours (one index probe each, newest-first index read backwards);
   * - passive: the contact wrote before we did.
   */
  private facts(companyId: number, range: InstantRange): SQL {
    return sql`
      range_tickets AS (
        SELECT t.id, t.status, t.user_id, t.created_at, t.closed_at
        FROM tickets t
        WHERE t.company_id = ${companyId}
          AND t.created_at >= ${range.from.toISOString()}::timestamptz
          AND t.created_at < ${range.to.toISOString()}::timestamptz
          AND NOT t.is_group
      ),
      log_marks AS (
        SELECT l.ticket_id,
          min(l.created_at) FILTER (WHERE l.type IN ('open', 'receivedTransfer')) AS started_at,
          max(l.created_at) FILTER (WHERE l.type = 'closed') AS closed_logged_at
        FROM ticket_logs l
        JOIN range_tickets rt ON rt.id = l.ticket_id
        WHERE l.company_id = ${companyId}
        GROUP BY l.ticket_id
      ),
      facts AS (
        SELECT rt.id, rt.status, rt.user_id, rt.created_at, lm.started_at,
          CASE WHEN rt.status = 'closed' THEN coalesce(rt.closed_at, lm.closed_logged_at) END AS finished_at,
          fi.created_at AS first_in, fo.created_at AS first_out
        FROM range_tickets rt
        LEFT JOIN log_marks lm ON lm.ticket_id = rt.id
        LEFT JOIN LATERAL (
          SELECT m.created_at FROM messages m
          WHERE m.company_id = ${companyId} AND m.ticket_id = rt.id AND NOT m.from_me
          ORDER BY m.created_at, m.id LIMIT 1
        ) fi ON true
        LEFT JOIN LATERAL (
          SELECT m.created_at FROM messages m
          WHERE m.company_id = ${companyId} AND m.ticket_id = rt.id AND m.from_me AND NOT m.is_private
          ORDER BY m.created_at, m.id LIMIT 1
        ) fo ON true
      ),
      timed AS (
        SELECT f.*,
          (f.first_in IS NOT NULL AND (f.first_out IS NULL OR f.first_in <= f.first_out)) AS passive,
          CASE WHEN f.first_in IS NOT NULL AND f.first_out >= f.first_in
            THEN ${minutes(sql`f.first_out`, sql`f.first_in`)} END AS response_minutes,
          CASE WHEN f.started_at IS NOT NULL AND f.finished_at >= f.started_at
            THEN ${minutes(sql`f.finished_at`, sql`f.started_at`)} END AS support_minutes,
          CASE WHEN f.started_at >= f.created_at
            THEN ${minutes(sql`f.started_at`, sql`f.created_at`)} END AS wait_minutes
        FROM facts f
      )`;
  }

  /**
   * Counters, attendant rows (every user of the company; none: zeros) and
   * tickets per day of the viewer (only days that have some; the service
   * fills the gaps), in one statement over the same facts.
   */
  async summary(
    companyId: number,
    range: InstantRange,
  ): Promise<{ counters: CounterRow; attendants: AttendantRow[]; days: DayRow[] }> {
    const from = range.from.toISOString();
    const to = range.to.toISOString();
    const result = await this.db.execute(sql`
      WITH ${this.facts(companyId, range)},
      range_ratings AS (
        SELECT r.user_id, r.rate
        FROM user_ratings r
        WHERE r.company_id = ${companyId}
          AND r.created_at >= ${from}::timestamptz AND r.created_at < ${to}::timestamptz
      ),
      counters AS (
        SELECT
          (count(*) FILTER (WHERE status = 'open'))::int AS "supportHappening",
          (count(*) FILTER (WHERE status = 'pending'))::int AS "supportPending",
          (count(*) FILTER (WHERE status = 'closed'))::int AS "supportFinished",
          (SELECT count(*) FROM contacts c
            WHERE c.company_id = ${companyId} AND NOT c.is_group
              AND c.created_at >= ${from}::timestamptz AND c.created_at < ${to}::timestamptz)::int AS leads,
          (count(*) FILTER (WHERE NOT passive))::int AS "activeTickets",
          (count(*) FILTER (WHERE passive))::int AS "passiveTickets",
          round(avg(response_minutes)::numeric, 2)::float8 AS "avgResponseTime",
          max(response_minutes)::float8 AS "maxResponseTime",
          round(avg(support_minutes)::numeric, 2)::float8 AS "avgSupportTime",
          round(avg(wait_minutes)::numeric, 2)::float8 AS "avgWaitTime",
          (SELECT round(avg(rate)::numeric, 2)::float8 FROM range_ratings) AS "avgRating",
          (SELECT count(*) FROM range_ratings)::int AS "countRating",
          (SELECT round(100.0 * (count(*) FILTER (WHERE rate >= 9) - count(*) FILTER (WHERE rate <= 6))
                  / nullif(count(*), 0))::int FROM range_ratings) AS nps
        FROM timed
      ),
      user_ratings_of_range AS (
        SELECT user_id, round(avg(rate)::numeric, 2)::float8 AS rating, count(*)::int AS "countRating"
        FROM range_ratings
        WHERE user_id IS NOT NULL
        GROUP BY user_id
      ),
      attendant_tickets AS (
        SELECT u.id, u.name, u.online,
          count(t.id)::int AS tickets,
          (count(t.id) FILTER (WHERE t.status = 'closed'))::int AS finished,
          (count(t.id) FILTER (WHERE t.status = 'open'))::int AS open,
          round(avg(t.wait_minutes)::numeric, 2)::float8 AS "avgWaitTime",
          round(avg(t.support_minutes)::numeric, 2)::float8 AS "avgSupportTime"
        FROM users u
        LEFT JOIN timed t ON t.user_id = u.id
        WHERE u.company_id = ${companyId}
        GROUP BY u.id, u.name, u.online
      ),
      attendants AS (
        SELECT a.*, r.rating, coalesce(r."countRating", 0) AS "countRating"
        FROM attendant_tickets a
        LEFT JOIN user_ratings_of_range r ON r.user_id = a.id
      ),
      days AS (
        SELECT
          to_char((created_at AT TIME ZONE 'UTC') + make_interval(mins => ${range.utcOffset}::int), 'YYYY-MM-DD') AS date,
          count(*)::int AS created,
          (count(*) FILTER (WHERE status = 'closed'))::int AS finished
        FROM timed
        GROUP BY 1
      )
      SELECT
        (SELECT row_to_json(c) FROM counters c) AS counters,
        (SELECT coalesce(json_agg(a ORDER BY a.name, a.id), '[]'::json) FROM attendants a) AS attendants,
        (SELECT coalesce(json_agg(d ORDER BY d.date), '[]'::json) FROM days d) AS days`);
    const [row] = rowsOf<{ counters: unknown; attendants: unknown; days: unknown }>(result);
    if (!row) throw new Error("dashboard summary: no row");
    return {
      counters: parseJson(row.counters) as CounterRow,
      attendants: parseJson(row.attendants) as AttendantRow[],
      days: parseJson(row.days) as DayRow[],
    };
  }

  /** The attendance panel's tickets: most recently updated first, within the viewer's scope. */
  async moments(companyId: number, scope: TicketScope, range: InstantRange, filters: MomentFilters) {
    const queueFilter =
      filters.queueIds.length > 0 || filters.withoutQueue
        ? or(
            filters.queueIds.length > 0 ? inArray(tickets.queueId, filters.queueIds) : undefined,
            filters.withoutQueue ? isNull(tickets.queueId) : undefined,
          )
        : undefined;
    return this.db
      .select({
        ticket: {
          id: tickets.id,
          uuid: tickets.uuid,
          status: tickets.status,
          userId: tickets.userId,
          lastMessage: tickets.lastMessage,
          unreadMessages: tickets.unreadMessages,
          createdAt: tickets.createdAt,
          updatedAt: tickets.updatedAt,
        },
        contact: {
          id: contacts.id,
          name: contacts.name,
          number: contacts.number,
          profilePicUrl: contacts.profilePicUrl,
        },
        user: { id: users.id, name: users.name },
        queue: { id: queues.id, name: queues.name, color: queues.color },
        whatsapp: { id: whatsapps.id, name: whatsapps.name, channel: whatsapps.channel },
      })
      .from(tickets)
      .innerJoin(contacts, and(eq(contacts.id, tickets.contactId), eq(contacts.companyId, tickets.companyId)))
      .leftJoin(users, and(eq(users.id, tickets.userId), eq(users.companyId, tickets.companyId)))
      .leftJoin(queues, and(eq(queues.id, tickets.queueId), eq(queues.companyId, tickets.companyId)))
      .leftJoin(
        whatsapps,
        and(eq(whatsapps.id, tickets.whatsappId), eq(whatsapps.companyId, tickets.companyId)),
      )
      .where(
        ofCompany(
          tickets,
          companyId,
          scopeCondition(scope),
          inArray(tickets.status, filters.statuses),
          gte(tickets.updatedAt, range.from),
          lt(tickets.updatedAt, range.to),
          queueFilter,
          filters.userId !== undefined ? eq(tickets.userId, filters.userId) : undefined,
        ),
      )
      .orderBy(descNullsLast(tickets.updatedAt), descNullsLast(tickets.id))
      .limit(filters.limit);
  }
}

/** node-postgres and PGlite both parse json columns; a string is parsed here in case a driver does not. */
function parseJson(value: unknown): unknown {
  return typeof value === "string" ? JSON.parse(value) : value;
}
