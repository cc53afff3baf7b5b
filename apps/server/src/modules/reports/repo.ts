import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { rowsOf } from "../../db/client.js";
import { escapeLike } from "../users/repo.js";

/**
 * The ticket report's queries, always by company. A report is the company's
 * tickets created in a range of days of the company's time zone, newest
 * first (`created_at DESC, id DESC`), filtered; each ticket is one row.
 *
 * A page reads its ids first (nothing is joined that could repeat a ticket:
 * ratings and contacts are tested with EXISTS / IN), then the details of
 * those ids only. The export reads the same order in keyset batches.
 * Indexes: `tickets_company_created_idx` and `tickets_company_user_created_idx`
 * (company, [user,] created_at DESC, id DESC) serve the range, the order and
 * the user filter; ratings are probed by `user_ratings_company_ticket_idx`.
 */

export interface ReportCriteria {
  companyId: number;
  /** Inclusive days (YYYY-MM-DD) of `timeZone`. */
  dateFrom: string;
  dateTo: string;
  timeZone: string;
  /** Lower-cased search text; empty: none. */
  search: string;
  /** false when the reader sees masked numbers: the search matches names only. */
  searchNumbers: boolean;
  contactId?: number | undefined;
  whatsappIds: number[];
  userIds: number[];
  queueIds: number[];
  withoutQueue: boolean;
  statuses: string[];
  onlyRated: boolean;
  /** Only this user's tickets (a reader who may not see the company's). */
  ownUserId?: number | undefined;
}

/** A row as read, before the presenter shapes it. */
export interface ReportRowRecord {
  id: number;
  uuid: string;
  whatsappName: string | null;
  contactName: string;
  contactNumber: string;
  userName: string | null;
  queueName: string | null;
  status: string;
  lastMessage: string;
  createdAt: Date;
  closedAt: Date | null;
  nps: number | null;
}

/** An export row: the record, its instants as wall-clock times of the company, and its keyset position. */
export interface ExportRowRecord extends ReportRowRecord {
  /** created_at exactly (microseconds), for the next batch's keyset. */
  cursorAt: string;
  createdLocal: string;
  closedLocal: string | null;
}

export interface Keyset {
  createdAt: string;
  id: number;
}

const ids = (values: number[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * The report's order. Written NULLS LAST like the indexes drizzle makes (`.desc()`): the columns
 * are never null, but PostgreSQL walks an index for an ORDER BY only when the nulls agree too.
 */
const REPORT_ORDER = sql`t.created_at DESC NULLS LAST, t.id DESC NULLS LAST`;

/** Every condition of the report on `tickets t`. */
function conditions(c: ReportCriteria): SQL {
  const parts: SQL[] = [
    sql`t.company_id = ${c.companyId}`,
    sql`t.created_at >= (${c.dateFrom}::date)::timestamp AT TIME ZONE ${c.timeZone}::text`,
    sql`t.created_at < ((${c.dateTo}::date + 1)::timestamp AT TIME ZONE ${c.timeZone}::text)`,
  ];
  if (c.ownUserId !== undefined) parts.push(sql`t.user_id = ${c.ownUserId}`);
  if (c.userIds.length > 0) parts.push(sql`t.user_id IN (${ids(c.userIds)})`);
  if (c.whatsappIds.length > 0) parts.push(sql`t.whatsapp_id IN (${ids(c.whatsappIds)})`);
  if (c.contactId !== undefined) parts.push(sql`t.contact_id = ${c.contactId}`);
  if (c.statuses.length > 0)
    parts.push(
      sql`t.status IN (${sql.join(
        c.statuses.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  if (c.queueIds.length > 0 || c.withoutQueue) {
    const inQueues = c.queueIds.length > 0 ? sql`t.queue_id IN (${ids(c.queueIds)})` : undefined;
    const noQueue = c.withoutQueue ? sql`t.queue_id IS NULL` : undefined;
    parts.push(inQueues && noQueue ? sql`(${inQueues} OR ${noQueue})` : ((inQueues ?? noQueue) as SQL));
  }
  if (c.onlyRated)
    parts.push(
      sql`EXISTS (SELECT 1 FROM user_ratings r WHERE r.company_id = ${c.companyId} AND r.ticket_id = t.id)`,
    );
  if (c.search) {
    const pattern = `%${escapeLike(c.search)}%`;
    const contactMatch = c.searchNumbers
      ? sql`(ct.name ILIKE ${pattern} OR ct.number ILIKE ${pattern})`
      : sql`ct.name ILIKE ${pattern}`;
    parts.push(sql`(t.contact_id IN (SELECT ct.id FROM contacts ct WHERE ct.company_id = ${c.companyId}
      AND ${contactMatch}) OR t.last_message ILIKE ${pattern})`);
  }
  return sql.join(parts, sql` AND `);
}

/** The row's columns, over `tickets t` and its joins (see `detailsFrom`). */
const ROW_COLUMNS = sql`t.id, t.uuid, w.name AS "whatsappName", c.name AS "contactName",
  c.number AS "contactNumber", u.name AS "userName", q.name AS "queueName", t.status,
  t.last_message AS "lastMessage", t.created_at AS "createdAt", t.closed_at AS "closedAt",
  (SELECT r.rate FROM user_ratings r WHERE r.company_id = t.company_id AND r.ticket_id = t.id
   ORDER BY r.created_at DESC, r.id DESC LIMIT 1) AS nps`;

/** Joins that add one row each at most: the contact, connection, user and queue of the ticket. */
const DETAILS_FROM = sql`tickets t
  JOIN contacts c ON c.company_id = t.company_id AND c.id = t.contact_id
  LEFT JOIN whatsapps w ON w.company_id = t.company_id AND w.id = t.whatsapp_id
  LEFT JOIN users u ON u.company_id = t.company_id AND u.id = t.user_id
  LEFT JOIN queues q ON q.company_id = t.company_id AND q.id = t.queue_id`;

const toDate = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));

function record(row: Record<string, unknown>): ReportRowRecord {
  return {
    id: Number(row.id),
    uuid: String(row.uuid),
    whatsappName: (row.whatsappName as string | null) ?? null,
    contactName: String(row.contactName ?? ""),
    contactNumber: String(row.contactNumber ?? ""),
    userName: (row.userName as string | null) ?? null,
    queueName: (row.queueName as string | null) ?? null,
    status: String(row.status),
    lastMessage: String(row.lastMessage ?? ""),
    createdAt: toDate(row.createdAt),
    closedAt: row.closedAt === null || row.closedAt === undefined ? null : toDate(row.closedAt),
    nps: row.nps === null || row.nps === undefined ? null : Number(row.nps),
  };
}

export class ReportsRepo {
  constructor(private readonly db: Db) {}

  /** The company's time zone and today's date there. */
  async clockOf(companyId: number): Promise<{ timeZone: string; today: string }> {
    const result = await this.db.execute(sql`
      SELECT timezone AS "timeZone", to_char(now() AT TIME ZONE timezone, 'YYYY-MM-DD') AS today
      FROM companies WHERE id = ${companyId}`);
    const [row] = rowsOf<{ timeZone: string; today: string }>(result);
    if (!row) throw new Error(`company ${companyId} not found`);
    return row;
  }

  async count(c: ReportCriteria): Promise<number> {
    const result = await this.db.execute(
      sql`SELECT count(*)::int AS total FROM tickets t WHERE ${conditions(c)}`,
    );
    return Number(rowsOf<{ total: number }>(result)[0]?.total ?? 0);
  }

  /** One page: its ids in the report's order, then their details. */
  async page(c: ReportCriteria, page: number, pageSize: number): Promise<ReportRowRecord[]> {
    const idRows = rowsOf<{ id: number }>(
      await this.db.execute(sql`
        SELECT t.id FROM tickets t WHERE ${conditions(c)}
        ORDER BY ${REPORT_ORDER}
        LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`),
    );
    if (idRows.length === 0) return [];
    const result = await this.db.execute(sql`
      SELECT ${ROW_COLUMNS} FROM ${DETAILS_FROM}
      WHERE t.company_id = ${c.companyId} AND t.id IN (${ids(idRows.map((r) => Number(r.id)))})
      ORDER BY ${REPORT_ORDER}`);
    return rowsOf<Record<string, unknown>>(result).map(record);
  }

  /**
   * The export's next batch after `after` (none: from the start), in the
   * report's order: the batch's ids and keyset first, then their details with
   * the instants also as the company's wall-clock times.
   */
  async batch(c: ReportCriteria, after: Keyset | undefined, size: number): Promise<ExportRowRecord[]> {
    const keyset = after
      ? sql`AND (t.created_at, t.id) < (${after.createdAt}::timestamptz, ${after.id})`
      : sql``;
    const idRows = rowsOf<{ id: number }>(
      await this.db.execute(sql`
        SELECT t.id FROM tickets t WHERE ${conditions(c)} ${keyset}
        ORDER BY ${REPORT_ORDER}
        LIMIT ${size}`),
    );
    if (idRows.length === 0) return [];
    const local = (column: SQL) =>
      sql`to_char(${column} AT TIME ZONE ${c.timeZone}::text, 'YYYY-MM-DD"T"HH24:MI:SS')`;
    const result = await this.db.execute(sql`
      SELECT ${ROW_COLUMNS},
        to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS "cursorAt",
        ${local(sql`t.created_at`)} AS "createdLocal", ${local(sql`t.closed_at`)} AS "closedLocal"
      FROM ${DETAILS_FROM}
      WHERE t.company_id = ${c.companyId} AND t.id IN (${ids(idRows.map((r) => Number(r.id)))})
      ORDER BY ${REPORT_ORDER}`);
    return rowsOf<Record<string, unknown>>(result).map((row) => ({
      ...record(row),
      cursorAt: String(row.cursorAt),
      createdLocal: String(row.createdLocal),
      closedLocal: (row.closedLocal as string | null) ?? null,
    }));
  }
}
