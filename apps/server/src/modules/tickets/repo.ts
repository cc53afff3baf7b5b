import { and, eq, gt, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { countOfPage } from "../../db/page-count.js";
import { preparedPer } from "../../db/prepared.js";
import {
  contacts,
  messages,
  queues,
  ticketLogs,
  tickets,
  userQueues,
  users,
  whatsapps,
} from "../../db/schema/index.js";
import { Placeholders } from "../../db/shaped-statement.js";
import { ofCompany } from "../../db/tenant-scope.js";
import type { RequestContext } from "../../http/context.js";
import { nameSearchOf } from "../contacts/name-search.js";
import {
  countQuery,
  type ListPage,
  listShape,
  pageIdsQuery,
  plannedPerRequest,
  type TicketFilters,
} from "./list-query.js";
import {
  type ListedTicket,
  listStatement,
  listStatements,
  RATE_OF_TICKET,
  TAGS_OF_TICKET,
} from "./list-statement.js";
import type { TicketScope } from "./policy.js";
import type {
  ContactRow,
  PresentedContactRow,
  PresentedTicketRow,
  TicketRefs,
  TicketRow,
} from "./presenter.js";

export type { ListedTicket };

export type TicketDetail = { ticket: TicketRow; contact: ContactRow } & TicketRefs;

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
    const f = searching ? { ...filters, names: await nameSearchOf(this.db, filters.search) } : filters;
    const values = new Placeholders();
    const pageIds = pageIdsQuery(companyId, scope, f, page, values.bind);
    const counting = searching ? undefined : countQuery(companyId, scope, f, values.bind);
    const rows = await listStatements.rows(
      this.db,
      listShape(scope, f, page.ascending),
      values,
      listStatement(values.bind(companyId), pageIds, counting),
      // A search or a filter is planned with its values: how many tickets match decides how to walk them.
      { planEach: plannedPerRequest(f) },
    );
    const found = rows.slice(0, page.size).map((row) => row.listed);
    const count = counting
      ? await countOfPage(this.db, rows[0], page.number, () => countQuery(companyId, scope, filters))
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

/** Queue, user, connection, tags and latest rating of the ticket. */
const REFS = {
  queue: { id: queues.id, name: queues.name, color: queues.color },
  user: { id: users.id, name: users.name, color: users.color },
  whatsapp: {
    id: whatsapps.id,
    name: whatsapps.name,
    channel: whatsapps.channel,
    status: whatsapps.status,
  },
  tags: sql<TicketRefs["tags"]>`${TAGS_OF_TICKET}`,
  rate: sql<number | null>`${RATE_OF_TICKET}`,
};

/**
 * Ticket, contact, queue, user, connection, tags and latest rating in one
 * query; the joins stay inside the company.
 */
function detailQuery(from: Pick<Db, "select">) {
  return from
    .select({ ticket: tickets, contact: contacts, ...REFS })
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
