import { type Placeholder, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { type ColumnRead, columnReads, joinedPart, rowPart, selectedColumns } from "../../db/array-rows.js";
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

/** The select's columns in order: each part's reads take the next positions. */
let next = 0;
function reads<K extends string>(table: Record<K, PgColumn>, keys: readonly K[]): ColumnRead[] {
  const taken = columnReads(table, keys, next);
  next += keys.length;
  return taken;
}
const TICKET_READS = reads(tickets, PRESENTED_TICKET_FIELDS);
const CONTACT_READS = reads(contacts, PRESENTED_CONTACT_FIELDS);
const QUEUE_READS = reads(queues, ["id", "name", "color"]);
const USER_READS = reads(users, ["id", "name", "color"]);
const WHATSAPP_READS = reads(whatsapps, ["id", "name", "channel", "status"]);
const TAGS_AT = next++;
const RATE_AT = next++;
const COUNT_AT = next++;

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

/** The statement around a page of ids (`page`: id, position) and the tab's count (`count`, or none). */
export function listStatement(companyId: SQL | Placeholder, page: SQL, count: SQL | undefined): SQL {
  const columns = [
    ...[TICKET_READS, CONTACT_READS, QUEUE_READS, USER_READS, WHATSAPP_READS].flatMap(selectedColumns),
    TAGS_OF_TICKET,
    RATE_OF_TICKET,
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
  const rate = row[RATE_AT] as number | null;
  const listed: ListedTicket = {
    ticket: rowPart(row, TICKET_READS) as PresentedTicketRow,
    contact: rowPart(row, CONTACT_READS) as PresentedContactRow,
    // Left joins: a ticket without a queue, a user or a connection reads nulls there.
    queue: joinedPart(row, QUEUE_READS) as TicketRefs["queue"],
    user: joinedPart(row, USER_READS) as TicketRefs["user"],
    whatsapp: joinedPart(row, WHATSAPP_READS) as TicketRefs["whatsapp"],
    tags: row[TAGS_AT] as TicketRefs["tags"],
    userRating: rate === null ? null : { rate: Number(rate) },
  };
  return { listed, count: row[COUNT_AT] };
}
