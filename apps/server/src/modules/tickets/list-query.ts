import { LIMITS, TICKET_STATUSES, type TicketStatus } from "@inbox/shared";
import { type AnyColumn, and, eq, isNull, or, type SQL, sql } from "drizzle-orm";
import { contacts, messages, tickets, ticketTags } from "../../db/schema/index.js";
import { asParam, type Bind } from "../../db/shaped-statement.js";
import { type NameSearch, nameMatches } from "../contacts/name-search.js";
import { escapeLike } from "../users/repo.js";
import type { TicketScope } from "./policy.js";

/**
 * How `GET /tickets` finds a page without reading every visible ticket.
 *
 * The visibility rule of spec 1 section 6 is an `OR` (own tickets, or the
 * waiting ones of the viewer's queues, or shared groups). Written as one
 * condition, PostgreSQL collects every visible ticket of the tab and sorts
 * them to keep 40. Written as branches, one per rule, per queue and per
 * status, each branch is a walk down an index whose columns match its
 * equalities and whose order is the list's order (`updated_at`, `id`), so it
 * stops after the rows the page needs; the union of those few rows is sorted
 * and cut. The details (contact, queue, user, connection, tags) are then read
 * for the page's ids only.
 */

export interface TicketFilters {
  status?: TicketStatus;
  statuses?: TicketStatus[];
  /** Lower-cased by the service; matched inside the contact's name and number. */
  search: string;
  /** How the contacts' index is asked for `search` (contacts/name-search.ts, set by TicketsRepo.list); the whole term when absent. */
  names?: NameSearch;
  /** false when the reader sees masked numbers (LGPD): the search matches names only, never digits of numbers. */
  searchNumbers?: boolean;
  searchOnMessages: boolean;
  /** Selected queues; `withoutQueue` adds the tickets that have none. */
  queueIds: number[];
  withoutQueue: boolean;
  whatsappIds: number[];
  userIds: number[];
  tagIds: number[];
  withUnreadMessages: boolean;
  isGroup?: boolean;
}

export interface ListPage {
  number: number;
  size: number;
  ascending: boolean;
}

/** Beyond this many queues one branch reads them all (and sorts): the branches would cost more. */
const MAX_QUEUE_BRANCHES = 24;

// Every value below enters through `bind` (a placeholder of the statement prepared per shape,
// db/shaped-statement.ts) but the statuses, the unread rule and the group flag, which `listShape` names.

/** Whether the list is filtered by queue (selected queues, "without queue", or both). */
const queueFiltered = (f: TicketFilters) => f.queueIds.length > 0 || f.withoutQueue;

/**
 * Whether a list's statement is planned with each request's values (db/shaped-statement.ts
 * `planEach`) rather than kept prepared: a search, and a filter by queue, connection, user or tag.
 * How many tickets such a filter matches decides the plan (walk the tab in order and skip, or read
 * the matches and sort them), and a plan made without the values (generic, after a few runs)
 * sorted a whole tab's tickets of a user or a tag. The tabs as they open stay prepared.
 */
export function plannedPerRequest(f: TicketFilters): boolean {
  return (
    f.search !== "" ||
    queueFiltered(f) ||
    f.whatsappIds.length > 0 ||
    f.userIds.length > 0 ||
    f.tagIds.length > 0
  );
}

/** The queues of the viewer's scope that get a branch of their own (the queue filter leaves out the rest). */
function branchQueueIds(scope: TicketScope, f: TicketFilters): number[] {
  return queueFiltered(f) ? scope.queueIds.filter((id) => f.queueIds.includes(id)) : [...scope.queueIds];
}

/** The visible tickets of a company as alternative conditions (their union is `scopeCondition`). */
export function visibilityBranches(
  scope: TicketScope,
  f: TicketFilters,
  status: TicketStatus,
  bind: Bind = asParam,
): SQL[] {
  const groupRule = scope.groups ? undefined : eq(tickets.isGroup, false);
  const all = sql`TRUE`;
  if (scope.all) return [groupRule ?? all];
  const queueIds = branchQueueIds(scope, f);
  // Tickets without a queue are listed unless a queue filter leaves them out.
  const withoutQueue = !queueFiltered(f) || f.withoutQueue;

  // Waiting: unassigned, or pending whoever holds it. Said per status, so the planner sees plain equalities.
  const waiting = status === "pending" ? undefined : isNull(tickets.userId);
  const branches: (SQL | undefined)[] = [and(sql`${tickets.userId} = ${bind(scope.userId)}`, groupRule)];
  if (queueIds.length > MAX_QUEUE_BRANCHES) {
    branches.push(and(sql`${tickets.queueId} = ANY(${bind(queueIds)}::int[])`, waiting, groupRule));
  } else {
    for (const id of queueIds) branches.push(and(sql`${tickets.queueId} = ${bind(id)}`, waiting, groupRule));
  }
  if (scope.withoutQueue && withoutQueue) branches.push(and(isNull(tickets.queueId), waiting, groupRule));
  // Group conversations without a queue are shared by everyone who may see groups.
  if (scope.groups && withoutQueue) branches.push(and(eq(tickets.isGroup, true), isNull(tickets.queueId)));
  return branches.map((b) => b ?? all);
}

/** The scope of `@inbox/shared` canSeeTicket, as one SQL condition (kept beside it by the tests). */
export function scopeCondition(scope: TicketScope): SQL | undefined {
  const groupRule = scope.groups ? undefined : eq(tickets.isGroup, false);
  if (scope.all) return groupRule;
  const queueScope = or(
    scope.queueIds.length > 0
      ? sql`${tickets.queueId} = ANY(${asParam([...scope.queueIds])}::int[])`
      : undefined,
    scope.withoutQueue ? isNull(tickets.queueId) : undefined,
  );
  const waiting = queueScope
    ? and(queueScope, or(isNull(tickets.userId), eq(tickets.status, "pending")))
    : undefined;
  const sharedGroups = scope.groups ? and(eq(tickets.isGroup, true), isNull(tickets.queueId)) : undefined;
  return and(groupRule, or(eq(tickets.userId, scope.userId), waiting, sharedGroups));
}

/** The statuses a list reads: its tab's one, the search tab's choice, or all of them. */
export function statusesOf(f: TicketFilters): readonly TicketStatus[] {
  if (f.status)
    return f.statuses && f.statuses.length > 0 && !f.statuses.includes(f.status) ? [] : [f.status];
  if (f.statuses && f.statuses.length > 0) return [...new Set(f.statuses)];
  return TICKET_STATUSES;
}

/**
 * Everything the text of a list's statement depends on, for a given viewer's scope and filters:
 * two lists of the same shape differ only in their bound values (`Bind`). Kept beside the
 * builders below by list-shape.test.ts, which builds many lists and compares texts per shape.
 */
export function listShape(scope: TicketScope, f: TicketFilters, ascending: boolean): string {
  const queueBranches = scope.all ? 0 : Math.min(branchQueueIds(scope, f).length, MAX_QUEUE_BRANCHES + 1);
  const flag = (on: boolean | undefined) => (on ? "1" : "0");
  return [
    statusesOf(f).join("+"),
    flag(scope.all),
    flag(scope.groups),
    flag(scope.withoutQueue),
    queueBranches,
    flag(f.queueIds.length > 0),
    flag(f.withoutQueue),
    flag(f.whatsappIds.length > 0),
    flag(f.userIds.length > 0),
    flag(f.tagIds.length > 0),
    flag(f.withUnreadMessages),
    f.isGroup === undefined ? "-" : flag(f.isGroup),
    flag(f.search !== ""),
    flag(f.search !== "" && f.searchNumbers !== false),
    flag(f.search !== "" && f.searchOnMessages),
    flag(ascending),
  ].join("|");
}

/** Every filter of the list but the status (the branches carry it). Only tickets' columns: no join. */
export function filterCondition(companyId: number, f: TicketFilters, bind: Bind = asParam): SQL | undefined {
  const anyOf = (column: AnyColumn, ids: number[]) => sql`${column} = ANY(${bind(ids)}::int[])`;
  return and(
    queueFiltered(f)
      ? or(
          f.queueIds.length > 0 ? anyOf(tickets.queueId, f.queueIds) : undefined,
          f.withoutQueue ? isNull(tickets.queueId) : undefined,
        )
      : undefined,
    f.whatsappIds.length > 0 ? anyOf(tickets.whatsappId, f.whatsappIds) : undefined,
    f.userIds.length > 0 ? anyOf(tickets.userId, f.userIds) : undefined,
    f.tagIds.length > 0
      ? sql`EXISTS (SELECT 1 FROM ${ticketTags} WHERE ${ticketTags.companyId} = ${bind(companyId)}
              AND ${ticketTags.ticketId} = ${tickets.id} AND ${ticketTags.tagId} = ANY(${bind(f.tagIds)}::int[]))`
      : undefined,
    // Written out, not a parameter: the unread indexes' predicate (unread_messages > 0) must be provable.
    f.withUnreadMessages ? sql`${tickets.unreadMessages} > 0` : undefined,
    f.isGroup !== undefined ? eq(tickets.isGroup, f.isGroup) : undefined,
    f.search
      ? or(
          sql`${tickets.contactId} IN (SELECT id FROM search_contacts)`,
          f.searchOnMessages
            ? sql`EXISTS (SELECT 1 FROM ${messages} WHERE ${messages.companyId} = ${bind(companyId)}
                    AND ${messages.ticketId} = ${tickets.id} AND ${messages.body} ILIKE ${bind(likeTerm(f.search))})`
            : undefined,
        )
      : undefined,
  );
}

const likeTerm = (search: string) => `%${escapeLike(search)}%`;

/**
 * The contacts a search matches, found once (trigram indexes on name and
 * number) for every branch to use: `WITH search_contacts AS (...)`.
 */
function searchContacts(companyId: number, f: TicketFilters, bind: Bind): SQL {
  if (!f.search) return sql``;
  const names = f.names ?? { whole: likeTerm(f.search), indexed: likeTerm(f.search) };
  return sql`WITH search_contacts AS MATERIALIZED (SELECT ${contacts.id} FROM ${contacts}
    WHERE ${contacts.companyId} = ${bind(companyId)} AND ${nameMatches(names, f.searchNumbers !== false, bind)}) `;
}

/** One branch's rows: the company's tickets of one status that the branch and the filters admit. */
function branchCondition(
  companyId: number,
  status: TicketStatus,
  branch: SQL,
  filters: SQL | undefined,
  bind: Bind,
) {
  return and(
    sql`${tickets.companyId} = ${bind(companyId)}`,
    eq(tickets.status, status),
    branch,
    filters,
  ) as SQL;
}

/**
 * The ids of one page with their `position`, in the list's order (`updated_at` then `id`, both
 * descending unless ascending), plus one more when a next page exists. The
 * nulls are placed as the indexes place them (`DESC NULLS LAST`, walked
 * backwards `ASC NULLS FIRST`; neither column is ever null): with the
 * defaults PostgreSQL read a whole tab's range and sorted it (20,000 closed
 * tickets: 563 buffers and a sort instead of 44 buffers).
 */
export function pageIdsQuery(
  companyId: number,
  scope: TicketScope,
  f: TicketFilters,
  page: ListPage,
  bind: Bind = asParam,
): SQL {
  const direction = page.ascending ? sql.raw("ASC NULLS FIRST") : sql.raw("DESC NULLS LAST");
  const search = searchContacts(companyId, f, bind);
  const filters = filterCondition(companyId, f, bind);
  const reach = bind(page.number * page.size + 1);
  const branches = statusesOf(f).flatMap((status) =>
    visibilityBranches(scope, f, status, bind).map(
      (branch) => sql`(SELECT ${tickets.id}, ${tickets.updatedAt} FROM ${tickets}
        WHERE ${branchCondition(companyId, status, branch, filters, bind)}
        ORDER BY ${tickets.updatedAt} ${direction}, ${tickets.id} ${direction} LIMIT ${reach})`,
    ),
  );
  if (branches.length === 0) return sql`SELECT NULL::int AS id, NULL::bigint AS position WHERE FALSE`;
  return sql`${search}SELECT v.id,
      row_number() OVER (ORDER BY v.updated_at ${direction}, v.id ${direction}) AS position
    FROM (${sql.join(branches, sql` UNION `)}) AS v
    ORDER BY v.updated_at ${direction}, v.id ${direction}
    LIMIT ${bind(page.size + 1)} OFFSET ${bind((page.number - 1) * page.size)}`;
}

/**
 * How many tickets a tab holds, up to LIMITS.ticketListCountCap, through the same branches (each
 * an index-only walk that stops at the cap: the union of branches cut at the cap holds the cap or
 * more exactly when the tab does). A search is not counted (see TicketsRepo.list).
 */
export function countQuery(
  companyId: number,
  scope: TicketScope,
  f: TicketFilters,
  bind: Bind = asParam,
): SQL {
  const statuses = statusesOf(f);
  if (statuses.length === 0) return sql`SELECT 0 AS value`;
  const cap = sql.raw(String(LIMITS.ticketListCountCap));
  const filters = filterCondition(companyId, f, bind);
  const branches = statuses.flatMap((status) =>
    visibilityBranches(scope, f, status, bind).map(
      (branch) => sql`(SELECT ${tickets.id} FROM ${tickets}
        WHERE ${branchCondition(companyId, status, branch, filters, bind)} LIMIT ${cap})`,
    ),
  );
  return sql`SELECT least(count(*), ${cap}) AS value FROM (${sql.join(branches, sql` UNION `)}) AS v`;
}
