import { and, desc, eq, isNotNull, like, ne, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { descNullsLast } from "../../db/order.js";
import { countOfPage } from "../../db/page-count.js";
import { preparedPer } from "../../db/prepared.js";
import {
  companySettings,
  contacts,
  messages,
  ticketLogs,
  tickets,
  users,
  whatsapps,
} from "../../db/schema/index.js";
import { ofCompany, rowOf } from "../../db/tenant-scope.js";
import type { TicketRow } from "../tickets/presenter.js";
import type { MessageRow, MessageSender } from "./presenter.js";

type Values = typeof messages.$inferInsert;

/** Messages of the conversation view; every query takes the company it works in. */
export class MessagesRepo {
  constructor(private readonly db: Db) {}

  /**
   * Page `number` of a ticket's messages counted from the newest (page 1 is
   * the latest), answered oldest first, as the conversation shows them.
   * The order matches `messages_company_ticket_created_idx`. Each message
   * comes with the user who sent it (the bubble names them).
   */
  async pageOfTicket(
    companyId: number,
    ticketId: number,
    page: { number: number; size: number },
  ): Promise<{ rows: { message: MessageRow; sender: MessageSender | null }[]; count: number }> {
    const rows = await preparedPageOf(this.db).execute({
      companyId,
      ticketId,
      limit: page.size,
      offset: (page.number - 1) * page.size,
    });
    return {
      rows: rows.map(({ message, sender }) => ({ message, sender })).reverse(),
      count: await countOfPage(this.db, rows[0], page.number, () => messageCount(companyId, ticketId)),
    };
  }

  /** Whether the company lets attendants sign their messages (sendSignMessage; enabled unless set otherwise). */
  async signsMessages(companyId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ value: companySettings.sendSignMessage })
      .from(companySettings)
      .where(eq(companySettings.companyId, companyId))
      .limit(1);
    return (row?.value ?? "enabled") === "enabled";
  }

  async findById(companyId: number, id: number): Promise<MessageRow | undefined> {
    const [row] = await this.db
      .select()
      .from(messages)
      .where(rowOf(messages, companyId, id))
      .limit(1);
    return row;
  }

  /** A stored media file by its name (the last segment of `mediaUrl`). */
  async findByMediaFile(companyId: number, file: string): Promise<MessageRow | undefined> {
    const [row] = await this.db
      .select()
      .from(messages)
      .where(
        ofCompany(
          messages,
          companyId,
          isNotNull(messages.mediaUrl),
          like(messages.mediaUrl, `/public/company${companyId}/%/${file.replace(/[\\%_]/g, "\\$&")}`),
        ),
      )
      .orderBy(desc(messages.id))
      .limit(1);
    return row;
  }

  /**
   * Stores the attendant's messages and moves the ticket in one transaction:
   * last message and time (unless all are private notes), unread back to 0
   * and the contact's messages read. Answers the stored rows, the ticket, and
   * the inbound messages this read (for read receipts).
   */
  async storeOutgoing(
    companyId: number,
    ticketId: number,
    rows: Values[],
    lastMessage: string | undefined,
  ): Promise<{ messages: MessageRow[]; ticket: TicketRow | undefined; read: ReadMessage[] }> {
    return this.db.transaction(async (tx) => {
      const stored = await tx.insert(messages).values(rows).returning();
      const read = await markInboundRead(tx, companyId, ticketId);
      const [ticket] = await tx
        .update(tickets)
        .set({
          unreadMessages: 0,
          ...(lastMessage === undefined ? {} : { lastMessage, updatedAt: new Date() }),
        })
        .where(rowOf(tickets, companyId, ticketId))
        .returning();
      return { messages: stored, ticket, read };
    });
  }

  /** The contact's unread messages of a ticket become read; answers them (read receipts go out for these). */
  markInboundRead(companyId: number, ticketId: number): Promise<ReadMessage[]> {
    return markInboundRead(this.db, companyId, ticketId);
  }

  async update(
    companyId: number,
    id: number,
    values: Partial<Pick<Values, "body" | "isEdited" | "isDeleted" | "reactions" | "extra" | "mediaUrl">>,
  ): Promise<MessageRow | undefined> {
    const [row] = await this.db
      .update(messages)
      .set({ ...values, updatedAt: new Date() })
      .where(rowOf(messages, companyId, id))
      .returning();
    return row;
  }

  /** Sets one key of `extra`, leaving the others (a concurrent send may be writing its own). */
  async setExtra(companyId: number, id: number, key: string, value: unknown): Promise<void> {
    await this.db
      .update(messages)
      .set({
        extra: sql`coalesce(${messages.extra}, '{}'::jsonb) || jsonb_build_object(${key}::text, ${JSON.stringify(value)}::jsonb)`,
      })
      .where(rowOf(messages, companyId, id));
  }

  async findContact(companyId: number, id: number) {
    const [row] = await this.db
      .select()
      .from(contacts)
      .where(rowOf(contacts, companyId, id))
      .limit(1);
    return row;
  }

  async findConnection(companyId: number, id: number | null) {
    if (!id) return undefined;
    const [row] = await this.db
      .select()
      .from(whatsapps)
      .where(rowOf(whatsapps, companyId, id))
      .limit(1);
    return row;
  }

  /**
   * The contact's open ticket on the connection, or a new one opened by
   * `userId` (forwarding to a contact starts a conversation). The partial
   * unique index makes a concurrent creator agree on one ticket.
   */
  async openTicketFor(
    companyId: number,
    contact: { id: number; isGroup: boolean },
    connection: { id: number; channel: string },
    opener: { userId: number; queueId: number | null },
  ): Promise<{ ticket: TicketRow; created: boolean }> {
    const existing = () =>
      this.db
        .select()
        .from(tickets)
        .where(
          ofCompany(
            tickets,
            companyId,
            eq(tickets.contactId, contact.id),
            eq(tickets.whatsappId, connection.id),
            ne(tickets.status, "closed"),
          ),
        )
        .limit(1);
    const [found] = await existing();
    if (found) return { ticket: found, created: false };
    const created = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(tickets)
        .values({
          companyId,
          contactId: contact.id,
          whatsappId: connection.id,
          channel: connection.channel,
          isGroup: contact.isGroup,
          status: contact.isGroup ? "group" : "open",
          userId: opener.userId,
          queueId: opener.queueId,
        })
        .onConflictDoNothing()
        .returning();
      if (row) {
        await tx.insert(ticketLogs).values([
          { companyId, ticketId: row.id, userId: opener.userId, queueId: opener.queueId, type: "create" },
          { companyId, ticketId: row.id, userId: opener.userId, queueId: opener.queueId, type: "open" },
        ]);
      }
      return row;
    });
    if (created) return { ticket: created, created: true };
    const [winner] = await existing();
    if (!winner) throw new Error("no open ticket after a conflicting insert");
    return { ticket: winner, created: false };
  }
}

export interface ReadMessage {
  id: number;
  providerMessageId: string | null;
  createdAt: Date;
}

function markInboundRead(db: Db | Tx, companyId: number, ticketId: number): Promise<ReadMessage[]> {
  return db
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
    )
    .returning({
      id: messages.id,
      providerMessageId: messages.providerMessageId,
      createdAt: messages.createdAt,
    });
}

/** A page of a ticket's messages, newest first, walking messages_company_ticket_created_idx in its order. */
export function ticketMessagesPageQuery(
  db: Db,
  companyId: number,
  ticketId: number,
  page: { number: number; size: number },
) {
  return pageQuery(db, companyId, ticketId, page.size, (page.number - 1) * page.size);
}

type Value<T> = T | Placeholder;

/** How many messages a ticket holds (GET /messages' `count`). */
function messageCount(companyId: Value<number>, ticketId: Value<number>): SQL {
  return sql`SELECT count(*) FROM ${messages} WHERE ${and(eq(messages.companyId, companyId), eq(messages.ticketId, ticketId))}`;
}

function pageQuery(
  db: Db,
  companyId: Value<number>,
  ticketId: Value<number>,
  limit: Value<number>,
  offset: Value<number>,
) {
  return db
    .select({
      message: messages,
      sender: { id: users.id, name: users.name },
      // The ticket's whole count beside its page (db/page-count.ts).
      count: sql<number>`(${messageCount(companyId, ticketId)})`,
    })
    .from(messages)
    .leftJoin(users, and(eq(users.id, messages.userId), eq(users.companyId, messages.companyId)))
    .where(and(eq(messages.companyId, companyId), eq(messages.ticketId, ticketId)))
    .orderBy(descNullsLast(messages.createdAt), descNullsLast(messages.id))
    .limit(limit)
    .offset(offset);
}

/** A conversation's page, prepared once per database handle (db/prepared.ts). */
const preparedPageOf = preparedPer((db) =>
  pageQuery(
    db,
    sql.placeholder("companyId"),
    sql.placeholder("ticketId"),
    sql.placeholder("limit"),
    sql.placeholder("offset"),
  ).prepare("messages_page_of_ticket"),
);
