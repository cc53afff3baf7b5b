import { type Placeholder, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
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

/**
 * GET /tickets' one statement: the page's ids (list-query.ts), then only those tickets' columns
 * a TicketDto shows, their contact, queue, user, connection, tags and latest rating, and the tab's
 * count beside them (an uncorrelated subquery: PostgreSQL runs it once). It is prepared once per
 * shape (db/shaped-statement.ts) and its rows are mapped here, by column alias: drizzle neither
 * renders it nor maps its rows per request (a quarter of the server's time on the list).
 */
export const listStatements = shapedStatement("tickets_list");

/** One column read into a row's part: its alias in the statement and whether it is a timestamp. */
interface Read {
  key: string;
  column: PgColumn;
  alias: string;
  date: boolean;
}

const readsOf = <K extends string>(prefix: string, table: Record<K, PgColumn>, keys: readonly K[]): Read[] =>
  keys.map((key) => ({
    key,
    column: table[key],
    alias: `${prefix}_${key}`,
    date: table[key].columnType === "PgTimestamp",
  }));

const TICKET_READS = readsOf("t", tickets, PRESENTED_TICKET_FIELDS);
const CONTACT_READS = readsOf("c", contacts, PRESENTED_CONTACT_FIELDS);
const columnsOf = (reads: Read[]) =>
  sql.join(
    reads.map((read) => sql`${read.column} AS ${sql.identifier(read.alias)}`),
    sql`, `,
  );

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
  return sql`WITH page AS (${page})
    SELECT ${columnsOf(TICKET_READS)}, ${columnsOf(CONTACT_READS)},
      ${queues.id} AS q_id, ${queues.name} AS q_name, ${queues.color} AS q_color,
      ${users.id} AS u_id, ${users.name} AS u_name, ${users.color} AS u_color,
      ${whatsapps.id} AS w_id, ${whatsapps.name} AS w_name, ${whatsapps.channel} AS w_channel,
      ${whatsapps.status} AS w_status,
      ${TAGS_OF_TICKET} AS tags,
      ${RATE_OF_TICKET} AS rate,
      ${count ? sql`(${count})` : sql`NULL`} AS count
    FROM page
    JOIN ${tickets} ON ${tickets.id} = page.id AND ${tickets.companyId} = ${companyId}
    JOIN ${contacts} ON ${contacts.id} = ${tickets.contactId} AND ${contacts.companyId} = ${tickets.companyId}
    LEFT JOIN ${queues} ON ${queues.id} = ${tickets.queueId} AND ${queues.companyId} = ${tickets.companyId}
    LEFT JOIN ${users} ON ${users.id} = ${tickets.userId} AND ${users.companyId} = ${tickets.companyId}
    LEFT JOIN ${whatsapps} ON ${whatsapps.id} = ${tickets.whatsappId} AND ${whatsapps.companyId} = ${tickets.companyId}
    ORDER BY page.position`;
}

/** A row as the statement answers it (timestamps as PostgreSQL's text: drizzle's raw rows). */
export type ListRow = Record<string, unknown> & { count: unknown };

export type ListedTicket = { ticket: PresentedTicketRow; contact: PresentedContactRow } & TicketRefs;

export function listedOf(row: ListRow): ListedTicket {
  const rate = row.rate as number | null;
  return {
    ticket: partOf(row, TICKET_READS) as PresentedTicketRow,
    contact: partOf(row, CONTACT_READS) as PresentedContactRow,
    queue:
      row.q_id === null
        ? null
        : { id: row.q_id as number, name: row.q_name as string, color: row.q_color as string },
    user:
      row.u_id === null
        ? null
        : { id: row.u_id as number, name: row.u_name as string, color: row.u_color as string },
    whatsapp:
      row.w_id === null
        ? null
        : ({
            id: row.w_id,
            name: row.w_name,
            channel: row.w_channel,
            status: row.w_status,
          } as TicketRefs["whatsapp"]),
    tags: row.tags as TicketRefs["tags"],
    userRating: rate === null ? null : { rate: Number(rate) },
  };
}

function partOf(row: ListRow, reads: Read[]): Record<string, unknown> {
  const part: Record<string, unknown> = {};
  for (const read of reads) {
    const value = row[read.alias];
    part[read.key] = read.date && value !== null ? new Date(value as string) : value;
  }
  return part;
}
