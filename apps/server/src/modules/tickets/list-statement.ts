import { type Placeholder, type SQL, sql } from "drizzle-orm";
import { columnReads, rowPart, selectedColumns } from "../../db/array-rows.js";
import {
  contacts,
  queues,
  tags,
  tickets,
  ticketTags,
  userRatings,
  users,
  whatsapps,
} from "../../db/schema/index.js";
import { shapedStatement } from "../../db/shaped-statement.js";
import {
  PRESENTED_CONTACT_FIELDS,
  PRESENTED_TICKET_FIELDS,
  type PresentedContactRow,
  type PresentedTicketRow,
  type TicketRefs,
} from "./presenter.js";

const TICKET_READS = columnReads(tickets, PRESENTED_TICKET_FIELDS, 0);
const CONTACT_READS = columnReads(contacts, PRESENTED_CONTACT_FIELDS, TICKET_READS.length);

/** A ticket's tags as a JSON array of {id, name, color}, by name (a column of a select from tickets). */
export const TAGS_OF_TICKET = sql`coalesce((
  SELECT json_agg(json_build_object('id', ${tags.id}, 'name', ${tags.name}, 'color', ${tags.color})
                  ORDER BY ${tags.name}, ${tags.id})
  FROM ${ticketTags} JOIN ${tags} ON ${tags.id} = ${ticketTags.tagId} AND ${tags.companyId} = ${ticketTags.companyId}
  WHERE ${ticketTags.companyId} = ${tickets.companyId} AND ${ticketTags.ticketId} = ${tickets.id}
), '[]'::json)`;

/** The ticket's latest rating (spec 1 section 3 userRating), one walk of user_ratings_company_ticket_idx. */
export const RATE_OF_TICKET = sql`(SELECT ${userRatings.rate} FROM ${userRatings}
  WHERE ${userRatings.companyId} = ${tickets.companyId} AND ${userRatings.ticketId} = ${tickets.id}
  ORDER BY ${userRatings.createdAt} DESC, ${userRatings.id} DESC LIMIT 1)`;

/** The columns after the ticket's and the contact's, in the select's order; then the count. */
const REFS = {
  queueId: queues.id,
  queueName: queues.name,
  queueColor: queues.color,
  userId: users.id,
  userName: users.name,
  userColor: users.color,
  whatsappId: whatsapps.id,
  whatsappName: whatsapps.name,
  whatsappChannel: whatsapps.channel,
  whatsappStatus: whatsapps.status,
  tags: TAGS_OF_TICKET,
  rate: RATE_OF_TICKET,
};
const AT = Object.fromEntries(
  Object.keys(REFS).map((key, i) => [key, TICKET_READS.length + CONTACT_READS.length + i]),
) as Record<keyof typeof REFS, number>;
const COUNT_AT = TICKET_READS.length + CONTACT_READS.length + Object.keys(REFS).length;

/** The statement around a page of ids (`page`: id, position) and the tab's count (`count`, or none). */
export function listStatement(companyId: SQL | Placeholder, page: SQL, count: SQL | undefined): SQL {
  const columns = [
    ...selectedColumns(TICKET_READS),
    ...selectedColumns(CONTACT_READS),
    ...Object.values(REFS).map((ref) => sql`${ref}`),
    count ? sql`(${count})` : sql`NULL`,
  ];
  return sql`WITH page AS (${page})
    SELECT ${sql.join(columns, sql`, `)}
    FROM page
    JOIN ${tickets} ON ${tickets.id} = page.id AND ${tickets.companyId} = ${companyId}
    JOIN ${contacts} ON ${contacts.id} = ${tickets.contactId} AND ${contacts.companyId} = ${tickets.companyId}
    LEFT JOIN ${queues} ON ${queues.id} = ${tickets.queueId} AND ${queues.companyId} = ${tickets.companyId}
    LEFT JOIN ${users} ON ${users.id} = ${tickets.userId} AND ${users.companyId} = ${tickets.companyId}
    LEFT JOIN ${whatsapps} ON ${whatsapps.id} = ${tickets.whatsappId} AND ${whatsapps.companyId} = ${tickets.companyId}
    ORDER BY page.position`;
}

export type ListedTicket = { ticket: PresentedTicketRow; contact: PresentedContactRow } & TicketRefs;

/** A page's row: the ticket with its references, and the tab's count (the same on every row). */
export interface ListRow {
  listed: ListedTicket;
  count: unknown;
}

/**
 * GET /tickets' one statement, prepared once per shape (db/shaped-statement.ts): the page's ids
 * (list-query.ts), then only those tickets' columns a TicketDto shows, their contact, queue, user,
 * connection, tags and latest rating, and the tab's count beside them (an uncorrelated subquery:
 * PostgreSQL runs it once). Its rows are mapped here by position: drizzle neither renders the
 * statement nor maps its rows per request (a quarter of the server's time on the list).
 */
export const listStatements = shapedStatement("tickets_list", (rows) => rows.map(listRowOf));

function listRowOf(row: unknown[]): ListRow {
  const rate = row[AT.rate] as number | null;
  const listed: ListedTicket = {
    ticket: rowPart(row, TICKET_READS) as PresentedTicketRow,
    contact: rowPart(row, CONTACT_READS) as PresentedContactRow,
    queue:
      row[AT.queueId] === null
        ? null
        : {
            id: row[AT.queueId] as number,
            name: row[AT.queueName] as string,
            color: row[AT.queueColor] as string,
          },
    user:
      row[AT.userId] === null
        ? null
        : {
            id: row[AT.userId] as number,
            name: row[AT.userName] as string,
            color: row[AT.userColor] as string,
          },
    whatsapp:
      row[AT.whatsappId] === null
        ? null
        : ({
            id: row[AT.whatsappId],
            name: row[AT.whatsappName],
            channel: row[AT.whatsappChannel],
            status: row[AT.whatsappStatus],
          } as TicketRefs["whatsapp"]),
    tags: row[AT.tags] as TicketRefs["tags"],
    userRating: rate === null ? null : { rate: Number(rate) },
  };
  return { listed, count: row[COUNT_AT] };
}
