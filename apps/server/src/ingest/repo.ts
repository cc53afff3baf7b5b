import { and, eq, getTableColumns, lt, ne, sql, type Table } from "drizzle-orm";
import type { Db, Tx } from "../db/client.js";
import { contacts, messages, ticketLogs, tickets, whatsapps } from "../db/schema/index.js";
import type { MessageRow } from "../modules/messages/presenter.js";
import type { ContactRow, TicketRow } from "../modules/tickets/presenter.js";

type NewMessage = typeof messages.$inferInsert;
type Runner = Db | Tx;

/** The queries of the inbound pipeline. Every one is scoped by company and connection. */
export class IngestRepo {
  constructor(private readonly db: Db) {}

  /**
   * One contact per (company, channel, number), under any concurrency. A
   * name the attendants edited is kept; a contact still named by its number
   * takes the provider's profile name.
   */
  /** The hot path's one read: the contact and its non-closed ticket on this connection, if they exist. */
  async contactWithOpenTicket(companyId: number, channel: string, number: string, whatsappId: number) {
    const [row] = await this.db
      .select({ contact: contacts, ticket: tickets })
      .from(contacts)
      .leftJoin(
        tickets,
        and(
          eq(tickets.companyId, contacts.companyId),
          eq(tickets.contactId, contacts.id),
          eq(tickets.whatsappId, whatsappId),
          ne(tickets.status, "closed"),
        ),
      )
      .where(
        and(eq(contacts.companyId, companyId), eq(contacts.channel, channel), eq(contacts.number, number)),
      )
      .limit(1);
    return row;
  }

  async upsertContact(input: {
    companyId: number;
    channel: string;
    number: string;
    name: string;
    isGroup: boolean;
    lid?: string;
    whatsappId: number;
  }): Promise<ContactRow> {
    const [row] = await this.db
      .insert(contacts)
      .values({
        companyId: input.companyId,
        channel: input.channel,
        number: input.number,
        name: input.name || input.number,
        isGroup: input.isGroup,
        lid: input.lid,
        whatsappId: input.whatsappId,
      })
      .onConflictDoUpdate({
        target: [contacts.companyId, contacts.channel, contacts.number],
        set: {
          name: sql`CASE WHEN ${contacts.name} = ${contacts.number} AND excluded.name <> '' THEN excluded.name ELSE ${contacts.name} END`,
          lid: sql`COALESCE(excluded.lid, ${contacts.lid})`,
        },
      })
      .returning();
    if (!row) throw new Error("contact upsert returned no row");
    return row;
  }

  async findOpenTicket(
    companyId: number,
    contactId: number,
    whatsappId: number,
    runner: Runner = this.db,
  ): Promise<TicketRow | undefined> {
    const [row] = await runner
      .select()
      .from(tickets)
      .where(
        and(
          eq(tickets.companyId, companyId),
          eq(tickets.contactId, contactId),
          eq(tickets.whatsappId, whatsappId),
          ne(tickets.status, "closed"),
        ),
      )
      .limit(1);
    return row;
  }

  /**
   * The contact's non-closed ticket on this connection, opening one if none
   * exists. The partial unique index makes concurrent first messages agree
   * on one ticket: the loser's insert does nothing and it reads the winner's.
   */
  async findOrOpenTicket(input: {
    companyId: number;
    contactId: number;
    whatsappId: number;
    channel: string;
    isGroup: boolean;
  }): Promise<{ ticket: TicketRow; created: boolean }> {
    const existing = await this.findOpenTicket(input.companyId, input.contactId, input.whatsappId);
    if (existing) return { ticket: existing, created: false };
    const [inserted] = await this.db
      .insert(tickets)
      .values({
        companyId: input.companyId,
        contactId: input.contactId,
        whatsappId: input.whatsappId,
        channel: input.channel,
        isGroup: input.isGroup,
        status: input.isGroup ? "group" : "pending",
      })
      .onConflictDoNothing()
      .returning();
    if (inserted) {
      await this.db
        .insert(ticketLogs)
        .values({ companyId: input.companyId, ticketId: inserted.id, type: "create" });
      return { ticket: inserted, created: true };
    }
    const winner = await this.findOpenTicket(input.companyId, input.contactId, input.whatsappId);
    if (!winner) throw new Error("ticket vanished between conflict and read");
    return { ticket: winner, created: false };
  }

  /**
   * Stores the message and moves the ticket, atomically. Answers `undefined`
   * when the provider id is already stored (a redelivery): nothing changes.
   */
  async storeMessage(
    message: NewMessage,
    ticketChange: { lastMessage: string; unread: boolean },
  ): Promise<{ message: MessageRow; ticket: TicketRow } | undefined> {
    // One statement, so one round trip and atomic: the ticket moves only if the message was new.
    const inserted = this.db
      .$with("inserted")
      .as(this.db.insert(messages).values(message).onConflictDoNothing().returning());
    const moved = this.db.$with("moved").as(
      this.db
        .update(tickets)
        .set({
          lastMessage: ticketChange.lastMessage,
          unreadMessages: ticketChange.unread ? sql`${tickets.unreadMessages} + 1` : tickets.unreadMessages,
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(tickets.companyId, message.companyId),
            eq(tickets.id, message.ticketId),
            sql`EXISTS (SELECT 1 FROM ${inserted})`,
          ),
        )
        .returning(),
    );
    const [row] = await this.db
      .with(inserted, moved)
      .select({
        message: sql<Record<string, unknown>>`row_to_json(inserted.*)`,
        ticket: sql<Record<string, unknown>>`row_to_json(moved.*)`,
      })
      .from(inserted)
      .innerJoin(moved, sql`true`);
    if (!row) return undefined;
    return {
      message: fromJsonRow(messages, row.message) as MessageRow,
      ticket: fromJsonRow(tickets, row.ticket) as TicketRow,
    };
  }

  async findByProviderId(
    companyId: number,
    whatsappId: number,
    providerMessageId: string,
  ): Promise<MessageRow | undefined> {
    const [row] = await this.db
      .select()
      .from(messages)
      .where(
        and(
          eq(messages.companyId, companyId),
          eq(messages.whatsappId, whatsappId),
          eq(messages.providerMessageId, providerMessageId),
        ),
      )
      .limit(1);
    return row;
  }

  /** Acks only move forward: an older status arriving late changes nothing. */
  async raiseAck(
    companyId: number,
    whatsappId: number,
    providerMessageId: string,
    ack: number,
  ): Promise<MessageRow | undefined> {
    const [row] = await this.db
      .update(messages)
      .set({ ack, updatedAt: new Date() })
      .where(
        and(
          eq(messages.companyId, companyId),
          eq(messages.whatsappId, whatsappId),
          eq(messages.providerMessageId, providerMessageId),
          lt(messages.ack, ack),
        ),
      )
      .returning();
    return row;
  }

  async markSendFailed(
    id: number,
    companyId: number,
    code: string,
    detail: string,
  ): Promise<MessageRow | undefined> {
    const [row] = await this.db
      .update(messages)
      .set({ sendError: code, sendErrorMessage: detail, updatedAt: new Date() })
      .where(and(eq(messages.companyId, companyId), eq(messages.id, id)))
      .returning();
    return row;
  }

  /** Messenger `read { watermark }`: every message we sent to the contact up to then is read. */
  async markReadUpTo(
    companyId: number,
    whatsappId: number,
    contactId: number,
    watermark: Date,
  ): Promise<MessageRow[]> {
    return this.db
      .update(messages)
      .set({ ack: 3, updatedAt: new Date() })
      .where(
        and(
          eq(messages.companyId, companyId),
          eq(messages.whatsappId, whatsappId),
          eq(messages.contactId, contactId),
          eq(messages.fromMe, true),
          lt(messages.ack, 3),
          sql`${messages.createdAt} <= ${watermark}`,
        ),
      )
      .returning();
  }

  async update(companyId: number, id: number, values: Partial<NewMessage>): Promise<MessageRow | undefined> {
    const [row] = await this.db
      .update(messages)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(messages.companyId, companyId), eq(messages.id, id)))
      .returning();
    return row;
  }

  async findContact(companyId: number, channel: string, number: string): Promise<ContactRow | undefined> {
    const [row] = await this.db
      .select()
      .from(contacts)
      .where(
        and(eq(contacts.companyId, companyId), eq(contacts.channel, channel), eq(contacts.number, number)),
      )
      .limit(1);
    return row;
  }

  async connection(companyId: number, id: number) {
    const [row] = await this.db
      .select()
      .from(whatsapps)
      .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.id, id)))
      .limit(1);
    return row;
  }

  async setConnectionStatus(
    companyId: number,
    id: number,
    values: { status: string; qrcode: string | null; number?: string; retries?: number },
  ) {
    const [row] = await this.db
      .update(whatsapps)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.id, id)))
      .returning();
    return row;
  }
}

/**
 * `row_to_json` answers database column names and JSON values; this maps
 * them back onto the table's TypeScript fields (dates included).
 */
function fromJsonRow(table: Table, json: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    // The schema names columns by the `snake_case` casing rule, so the database name derives from the key.
    const value = json[key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)];
    out[key] =
      value !== null && value !== undefined && column.dataType === "date"
        ? new Date(value as string)
        : (value ?? null);
  }
  return out;
}

/** A contact still named by its number takes the provider's profile name; a new privacy id is recorded. */
export function contactNeedsUpdate(contact: ContactRow, input: { name: string; lid?: string }): boolean {
  const rename = contact.name === contact.number && input.name !== "" && input.name !== contact.name;
  const newLid = Boolean(input.lid) && contact.lid !== input.lid;
  return rename || newLid;
}
