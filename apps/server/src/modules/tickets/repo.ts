import { and, eq, gt, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { countOfPage } from "../../db/page-count.js";
import { preparedPer } from "../../db/prepared.js";
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
import { ofCompany } from "../../db/tenant-scope.js";
import type { RequestContext } from "../../http/context.js";
import { countQuery, type ListPage, pageIdsQuery, type TicketFilters } from "./list-query.js";
import type { TicketScope } from "./policy.js";
import {
  type ContactRow,
  PRESENTED_CONTACT_FIELDS,
  PRESENTED_TICKET_FIELDS,
  type PresentedContactRow,
  type PresentedTicketRow,
  type TicketRefs,
  type TicketRow,
} from "./presenter.js";

export type TicketDetail = { ticket: TicketRow; contact: ContactRow } & TicketRefs;
/** A list's row: only what its TicketDto shows (fewer columns to read, send and map per ticket). */
export type ListedTicket = { ticket: PresentedTicketRow; contact: PresentedContactRow } & TicketRefs;

/** Every query of the tickets room; each takes the company it works in. */
export class TicketsRepo {
  constructor(private readonly db: Db) {}

  /**
   * One page, most recently updated first with the id as tiebreak, so paging
   * by offset shows each ticket exactly once while the list holds still.
   * One statement: the page's ids (list-query.ts: one index walk per
   * visibility branch), then the details of those tickets only, and the
   * tab's count beside them (an init plan, evaluated once).
   */
  async list(
    companyId: number,
    scope: TicketScope,
    filters: TicketFilters,
    page: ListPage,
  ): Promise<{ rows: ListedTicket[]; count: number; hasMore: boolean }> {
    // A search is not counted: a frequent word matches most of a company's history, counting it
    // would cost more than finding the page, and no badge shows it. Its `count` is the number of
    // tickets found up to this page; `hasMore` tells whether there are more.
    const searching = filters.search !== "";
    const pageIds = this.db
      .$with("page", { id: sql<number>`id`, position: sql<number>`position` })
      .as(pageIdsQuery(companyId, scope, filters, page));
    const counting = searching ? undefined : countQuery(companyId, scope, filters);
    const rows = await listQuery(this.db.with(pageIds), counting)
      .innerJoin(pageIds, sql`${tickets.id} = page.id`)
      .where(eq(tickets.companyId, companyId))
      .orderBy(sql`page.position`);
    const found = rows.slice(0, page.size).map(detailOf);
    const count = counting
      ? await countOfPage(this.db, rows[0], page.number, counting)
      : (page.number - 1) * page.size + found.length;
    return { rows: found, count, hasMore: rows.length > page.size };
  }

  async findByUuid(companyId: number, uuid: string): Promise<TicketDetail | undefined> {
    const [row] = await findersOf(this.db).byUuid.execute({ companyId, uuid });
    return row && detailOf(row);
  }

  async findById(companyId: number, id: number): Promise<TicketDetail | undefined> {
    const [row] = await findersOf(this.db).byId.execute({ companyId, id });
    return row && detailOf(row);
  }

  /** Several tickets by id (the tickets closeAll closed): one query whatever their number. */
  async findByIds(companyId: number, ids: number[]): Promise<TicketDetail[]> {
    if (ids.length === 0) return [];
    const rows = await detailQuery(this.db).where(ofCompany(tickets, companyId, inArray(tickets.id, ids)));
    return rows.map(detailOf);
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

  /** The viewer's queues (their tickets' scope): as authentication read them, or read now. */
  viewerQueueIds(ctx: RequestContext): Promise<number[]> {
    return ctx.queueIds ? Promise.resolve(ctx.queueIds) : this.queueIdsOf(ctx.companyId, ctx.user.id);
  }

  /** The queues a user works in (their tickets' scope). */
  async queueIdsOf(companyId: number, userId: number): Promise<number[]> {
    const rows = await this.db
      .select({ id: userQueues.queueId })
      .from(userQueues)
      .where(ofCompany(userQueues, companyId, eq(userQueues.userId, userId)));
    return rows.map((r) => r.id);
  }
}

/**
 * Ticket, contact, queue, user, connection, tags and latest rating in one
 * query; the joins stay inside the company. `count`, when given, is asked
 * beside them (an uncorrelated subquery: PostgreSQL runs it once).
 */
function detailQuery(from: Pick<Db, "select">, count?: SQL) {
  // The joins are written twice (here and in listQuery): drizzle cannot type them over a generic selection.
  return from
    .select({ ticket: tickets, contact: contacts, ...refsSelection(count) })
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

/** A list's page: detailQuery with only the ticket and contact columns a TicketDto shows (presenter.ts). */
function listQuery(from: Pick<Db, "select">, count?: SQL) {
  return from
    .select({ ticket: LISTED_TICKET, contact: LISTED_CONTACT, ...refsSelection(count) })
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

const pick = <T extends object, K extends keyof T>(table: T, keys: readonly K[]): Pick<T, K> =>
  Object.fromEntries(keys.map((key) => [key, table[key]])) as Pick<T, K>;
const LISTED_TICKET = pick(tickets, PRESENTED_TICKET_FIELDS);
const LISTED_CONTACT = pick(contacts, PRESENTED_CONTACT_FIELDS);

/** Queue, user, connection, tags and latest rating of the ticket; `count` beside them when given. */
function refsSelection(count?: SQL) {
  return {
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
    // The latest rating (spec 1 section 3 userRating), one walk of user_ratings_company_ticket_idx.
    rate: sql<number | null>`(SELECT ${userRatings.rate} FROM ${userRatings}
      WHERE ${userRatings.companyId} = ${tickets.companyId} AND ${userRatings.ticketId} = ${tickets.id}
      ORDER BY ${userRatings.createdAt} DESC, ${userRatings.id} DESC LIMIT 1)`,
    count: count ? sql<number | string>`(${count})` : sql<null>`NULL`,
  };
}

/**
 * The finders a conversation's opening runs, prepared once per database handle (db/prepared.ts).
 */
const findersOf = preparedPer((db) => {
  const ofCompanyTicket = (key: SQL) => and(eq(tickets.companyId, sql.placeholder("companyId")), key);
  return {
    byId: detailQuery(db)
      .where(ofCompanyTicket(eq(tickets.id, sql.placeholder("id"))))
      .limit(1)
      .prepare("tickets_detail_by_id"),
    byUuid: detailQuery(db)
      .where(ofCompanyTicket(eq(tickets.uuid, sql.placeholder("uuid"))))
      .limit(1)
      .prepare("tickets_detail_by_uuid"),
  };
});

/** A detail row as the services take it: the rating as spec 1 section 3 userRating (null: not rated). */
function detailOf<T extends PresentedTicketRow, C extends PresentedContactRow>(
  row: { ticket: T; contact: C; rate: number | null } & TicketRefs,
): { ticket: T; contact: C } & TicketRefs {
  return {
    ticket: row.ticket,
    contact: row.contact,
    queue: row.queue,
    user: row.user,
    whatsapp: row.whatsapp,
    tags: row.tags,
    userRating: row.rate === null ? null : { rate: Number(row.rate) },
  };
}
