import { TICKET_STATUSES, type TicketStatus } from "@inbox/shared";
import { and, eq, ilike, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import { contacts, messages, tickets, ticketTags } from "../../db/schema/index.js";
import { ofCompany } from "../../db/tenant-scope.js";
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

/** The visible tickets of a company as alternative conditions (their union is `scopeCondition`). */
export function visibilityBranches(scope: TicketScope, f: TicketFilters, status: TicketStatus): SQL[] {
  const groupRule = scope.groups ? undefined : eq(tickets.isGroup, false);
  const all = sql`TRUE`;
  if (scope.all) return [groupRule ?? all];
  const queueFilter = f.queueIds.length > 0 || f.withoutQueue;
  // Queues the queue filter leaves out cannot contribute: no branch for them.
  const queueIds = queueFilter ? scope.queueIds.filter((id) => f.queueIds.includes(id)) : [...scope.queueIds];
  const withoutQueue = !queueFilter || f.withoutQueue;

  // Waiting: unassigned, or pending whoever holds it. Said per status, so the planner sees plain equalities.
  const waiting = status === "pending" ? undefined : isNull(tickets.userId);
  const branches: (SQL | undefined)[] = [and(eq(tickets.userId, scope.userId), groupRule)];
  if (queueIds.length > MAX_QUEUE_BRANCHES) {
    branches.push(and(inArray(tickets.queueId, queueIds), waiting, groupRule));
  } else {
    for (const id of queueIds) branches.push(and(eq(tickets.queueId, id), waiting, groupRule));
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
    scope.queueIds.length > 0 ? inArray(tickets.queueId, [...scope.queueIds]) : undefined,
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

/** Every filter of the list but the status (the branches carry it). Only tickets' columns: no join. */
export function filterCondition(companyId: number, f: TicketFilters): SQL | undefined {
  const term = f.search ? `%${escapeLike(f.search)}%` : undefined;
  return and(
    f.queueIds.length > 0 || f.withoutQueue
      ? or(
          f.queueIds.length > 0 ? inArray(tickets.queueId, f.queueIds) : undefined,
          f.withoutQueue ? isNull(tickets.queueId) : undefined,
        )
      : undefined,
    f.whatsappIds.length > 0 ? inArray(tickets.whatsappId, f.whatsappIds) : undefined,
    f.userIds.length > 0 ? inArray(tickets.userId, f.userIds) : undefined,
    f.tagIds.length > 0
      ? sql`EXISTS (SELECT 1 FROM ${ticketTags} WHERE ${ticketTags.companyId} = ${companyId}
              AND ${ticketTags.ticketId} = ${tickets.id} AND ${inArray(ticketTags.tagId, f.tagIds)})`
      : undefined,
    // Written out, not a parameter: the unread indexes' predicate (unread_messages > 0) must be provable.
    f.withUnreadMessages ? sql`${tickets.unreadMessages} > 0` : undefined,
    f.isGroup !== undefined ? eq(tickets.isGroup, f.isGroup) : undefined,
    term
      ? or(
          sql`${tickets.contactId} IN (SELECT id FROM search_contacts)`,
          f.searchOnMessages
            ? sql`EXISTS (SELECT 1 FROM ${messages} WHERE ${messages.companyId} = ${companyId}
                    AND ${messages.ticketId} = ${tickets.id} AND ${ilike(messages.body, term)})`
            : undefined,
        )
      : undefined,
  );
}

/**
 * The contacts a search matches, found once (trigram indexes on name and
 * number) for every branch to use: `WITH search_contacts AS (...)`.
 */
function searchContacts(companyId: number, f: TicketFilters): SQL {
  if (!f.search) return sql``;
  const term = `%${escapeLike(f.search)}%`;
  return sql`WITH search_contacts AS MATERIALIZED (SELECT ${contacts.id} FROM ${contacts}
    WHERE ${contacts.companyId} = ${companyId}
      AND ${f.searchNumbers === false ? ilike(contacts.name, term) : or(ilike(contacts.name, term), ilike(contacts.number, term))}) `;
}

/**
 * The ids of one page with their `position`, in the list's order (`updated_at` then `id`, both
 * descending unless ascending), plus one more when a next page exists. The
 * nulls are placed as the indexes place them (`DESC NULLS LAST`, walked
 * backwards `ASC NULLS FIRST`; neither column is ever null): with the
 * defaults PostgreSQL read a whole tab's range and sorted it (20,000 closed
 * tickets: 563 buffers and a sort instead of 44 buffers).
 */
export function pageIdsQuery(companyId: number, scope: TicketScope, f: TicketFilters, page: ListPage): SQL {
  const direction = page.ascending ? sql.raw("ASC NULLS FIRST") : sql.raw("DESC NULLS LAST");
  const reach = page.number * page.size + 1;
  const filters = filterCondition(companyId, f);
  const branches = statusesOf(f).flatMap((status) =>
    visibilityBranches(scope, f, status).map(
      (branch) => sql`(SELECT ${tickets.id}, ${tickets.updatedAt} FROM ${tickets}
        WHERE ${ofCompany(tickets, companyId, eq(tickets.status, status), branch, filters)}
        ORDER BY ${tickets.updatedAt} ${direction}, ${tickets.id} ${direction} LIMIT ${reach})`,
    ),
  );
  if (branches.length === 0) return sql`SELECT NULL::int AS id, NULL::bigint AS position WHERE FALSE`;
  return sql`${searchContacts(companyId, f)}SELECT v.id,
      row_number() OVER (ORDER BY v.updated_at ${direction}, v.id ${direction}) AS position
    FROM (${sql.join(branches, sql` UNION `)}) AS v
    ORDER BY v.updated_at ${direction}, v.id ${direction}
    LIMIT ${page.size + 1} OFFSET ${(page.number - 1) * page.size}`;
}

/**
 * How many tickets a tab holds, exactly, through the same branches (each an
 * index-only count). A search is not counted (see TicketsRepo.list).
 */
export function countQuery(companyId: number, scope: TicketScope, f: TicketFilters): SQL {
  const statuses = statusesOf(f);
  if (statuses.length === 0) return sql`SELECT 0 AS value`;
  const filters = filterCondition(companyId, f);
  const branchesOf = (status: TicketStatus) =>
    visibilityBranches(scope, f, status).map((branch) =>
      ofCompany(tickets, companyId, eq(tickets.status, status), branch, filters),
    );
  const branches = statuses
    .flatMap(branchesOf)
    .map((where) => sql`SELECT ${tickets.id} FROM ${tickets} WHERE ${where}`);
  return sql`SELECT count(*) AS value FROM (${sql.join(branches, sql` UNION `)}) AS v`;
}
