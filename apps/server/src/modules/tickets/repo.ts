import { and, desc, eq, gt, inArray, sql } from "drizzle-orm";
import { type Db, rowsOf } from "../../db/client.js";
import {
  contacts,
  messages,
  queues,
  tags,
  ticketLogs,
  tickets,
  ticketTags,
  userQueues,
  userRatings,
  users,
  whatsapps,
} from "../../db/schema/index.js";
import { ofCompany, rowOf } from "../../db/tenant-scope.js";
import { countQuery, type ListPage, pageIdsQuery, type TicketFilters } from "./list-query.js";
import type { TicketScope } from "./policy.js";
import type { ContactRow, TicketRefs, TicketRow } from "./presenter.js";

export type TicketDetail = { ticket: TicketRow; contact: ContactRow } & TicketRefs;

/** Every query of the tickets room; each takes the company it works in. */
export class TicketsRepo {
  constructor(private readonly db: Db) {}

  /**
   * One page, most recently updated first with the id as tiebreak, so paging
   * by offset shows each ticket exactly once while the list holds still.
   * The page's ids come first (list-query.ts: one index walk per visibility
   * branch), then the details of those tickets only.
   */
  async list(
    companyId: number,
    scope: TicketScope,
    filters: TicketFilters,
    page: ListPage,
  ): Promise<{ rows: TicketDetail[]; count: number; hasMore: boolean }> {
    // A search is not counted: a frequent word matches most of a company's history, counting it
    // would cost more than finding the page, and no badge shows it. Its `count` is the number of
    // tickets found up to this page; `hasMore` tells whether there are more.
    const searching = filters.search !== "";
    const [idRows, countRows] = await Promise.all([
      this.db.execute(pageIdsQuery(companyId, scope, filters, page)),
      searching ? undefined : this.db.execute(countQuery(companyId, scope, filters)),
    ]);
    const ids = rowsOf<{ id: number }>(idRows).map((r) => Number(r.id));
    const pageIds = ids.slice(0, page.size);
    const details = await this.findByIds(companyId, pageIds);
    const byId = new Map(details.map((d) => [d.ticket.id, d]));
    return {
      rows: pageIds.flatMap((id) => byId.get(id) ?? []),
      count: countRows
        ? Number(rowsOf<{ value: number | string }>(countRows)[0]?.value ?? 0)
        : (page.number - 1) * page.size + pageIds.length,
      hasMore: ids.length > page.size,
    };
  }

  async findByUuid(companyId: number, uuid: string): Promise<TicketDetail | undefined> {
    const [row] = await this.detailQuery()
      .where(ofCompany(tickets, companyId, eq(tickets.uuid, uuid)))
      .limit(1);
    if (!row) return undefined;
    return withRatings([row], await this.latestRatings(companyId, [row.ticket.id]))[0];
  }

  async findById(companyId: number, id: number): Promise<TicketDetail | undefined> {
    // The id is known: the ticket and its rating are asked for side by side.
    const [rows, ratings] = await Promise.all([
      this.detailQuery()
        .where(rowOf(tickets, companyId, id))
        .limit(1),
      this.latestRatings(companyId, [id]),
    ]);
    return withRatings(rows, ratings)[0];
  }

  /** Several tickets by id (a list's page, the tickets closeAll closed): two queries whatever their number. */
  async findByIds(companyId: number, ids: number[]): Promise<TicketDetail[]> {
    if (ids.length === 0) return [];
    const [rows, ratings] = await Promise.all([
      this.detailQuery().where(ofCompany(tickets, companyId, inArray(tickets.id, ids))),
      this.latestRatings(companyId, ids),
    ]);
    return withRatings(rows, ratings);
  }

  /**
   * The latest rating (0 to 10) of each of these tickets that has one, read
   * for all of them at once: one walk of `user_ratings_company_ticket_idx`
   * per page, not a query per ticket.
   */
  private async latestRatings(companyId: number, ticketIds: number[]): Promise<Map<number, number>> {
    const rows = await this.db
      .selectDistinctOn([userRatings.ticketId], { ticketId: userRatings.ticketId, rate: userRatings.rate })
      .from(userRatings)
      .where(ofCompany(userRatings, companyId, inArray(userRatings.ticketId, ticketIds)))
      .orderBy(userRatings.ticketId, desc(userRatings.createdAt), desc(userRatings.id));
    return new Map(rows.map((r) => [r.ticketId, r.rate]));
  }

  /**
   * The contact's messages of this ticket are read: the unread counter goes
   * to 0. The ticket keeps its place in the lists (updatedAt is unchanged).
   * Answers the ticket when something changed.
   */
  async markRead(companyId: number, ticketId: number): Promise<TicketRow | undefined> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(tickets)
        .set({ unreadMessages: 0 })
        .where(ofCompany(tickets, companyId, eq(tickets.id, ticketId), gt(tickets.unreadMessages, 0)))
        .returning();
      if (!row) return undefined;
      await tx
        .update(messages)
        .set({ read: true })
        .where(
          ofCompany(
            messages,
            companyId,
            eq(messages.ticketId, ticketId),
            eq(messages.fromMe, false),
            eq(messages.read, false),
          ),
        );
      return row;
    });
  }

  /**
   * An "access" log entry for a user opening the ticket, unless the latest
   * entry already is theirs: reloads and reconnects do not flood the timeline.
   */
  async logAccess(
    companyId: number,
    ticketId: number,
    userId: number,
    queueId: number | null,
  ): Promise<void> {
    await this.db.execute(sql`
      INSERT INTO ${ticketLogs} (company_id, ticket_id, user_id, queue_id, type)
      SELECT ${companyId}::int, ${ticketId}::int, ${userId}::int, ${queueId}::int, 'access'
      WHERE NOT EXISTS (
        SELECT 1 FROM (
          SELECT user_id, type FROM ${ticketLogs}
          WHERE company_id = ${companyId} AND ticket_id = ${ticketId}
          ORDER BY created_at DESC, id DESC LIMIT 1
        ) AS latest
        WHERE latest.type = 'access' AND latest.user_id = ${userId}
      )`);
  }

  /** The queues a user works in (their tickets' scope). */
  async queueIdsOf(companyId: number, userId: number): Promise<number[]> {
    const rows = await this.db
      .select({ id: userQueues.queueId })
      .from(userQueues)
      .where(ofCompany(userQueues, companyId, eq(userQueues.userId, userId)));
    return rows.map((r) => r.id);
  }

  /** Ticket, contact, queue, user, connection and tags in one query; the joins stay inside the company. */
  private detailQuery() {
    return this.db
      .select({
        ticket: tickets,
        contact: contacts,
        queue: { id: queues.id, name: queues.name, color: queues.color },
        user: { id: users.id, name: users.name, color: users.color },
        whatsapp: {
          id: whatsapps.id,
          name: whatsapps.name,
          channel: whatsapps.channel,
          status: whatsapps.status,
        },
        tags: sql<TicketRefs["tags"]>`coalesce((
          SELECT json_agg(json_build_object('id', ${tags.id}, 'name', ${tags.name}, 'color', ${tags.color})
                          ORDER BY ${tags.name}, ${tags.id})
          FROM ${ticketTags} JOIN ${tags} ON ${tags.id} = ${ticketTags.tagId} AND ${tags.companyId} = ${ticketTags.companyId}
          WHERE ${ticketTags.companyId} = ${tickets.companyId} AND ${ticketTags.ticketId} = ${tickets.id}
        ), '[]'::json)`,
      })
      .from(tickets)
      .innerJoin(contacts, and(eq(contacts.id, tickets.contactId), eq(contacts.companyId, tickets.companyId)))
      .leftJoin(queues, and(eq(queues.id, tickets.queueId), eq(queues.companyId, tickets.companyId)))
      .leftJoin(users, and(eq(users.id, tickets.userId), eq(users.companyId, tickets.companyId)))
      .leftJoin(
        whatsapps,
        and(eq(whatsapps.id, tickets.whatsappId), eq(whatsapps.companyId, tickets.companyId)),
      )
      .$dynamic();
  }
}

/** Details with their rating (spec 1 section 3 userRating): null when not rated. */
function withRatings(rows: TicketDetail[], ratings: Map<number, number>): TicketDetail[] {
  return rows.map((row) => {
    const rate = ratings.get(row.ticket.id);
    return { ...row, userRating: rate === undefined ? null : { rate } };
  });
}
