import { eq, inArray, isNull, lt, sql } from "drizzle-orm";
import { type Db, rowsOf, type Tx } from "../db/client.js";
import { fromJsonRow, insertRows } from "../db/json-rows.js";
import { contacts, messages, ticketLogs, tickets, whatsapps } from "../db/schema/index.js";
import { ofCompany, rowOf } from "../db/tenant-scope.js";
import type { MessageRow } from "../modules/messages/presenter.js";
import { findOpenTicket } from "../modules/tickets/lifecycle-repo.js";
import type { ContactRow, TicketRow } from "../modules/tickets/presenter.js";

type NewMessage = typeof messages.$inferInsert;

/** What an inbound message row sets; the other columns keep their defaults. */
const MESSAGE_KEYS = [
  "companyId",
  "ticketId",
  "contactId",
  "whatsappId",
  "providerMessageId",
  "remoteJid",
  "participant",
  "body",
  "fromMe",
  "mediaType",
  "mediaUrl",
  "ack",
  "isForwarded",
  "quotedMsgId",
  "extra",
  "createdAt",
  "updatedAt",
] as const;
type Runner = Db | Tx;

/** The queries of the inbound pipeline. Every one is scoped by company and connection. */
export class IngestRepo {
  constructor(private readonly db: Db) {}

  /**
   * The hot path's one read, for a whole batch: for each key, the contact and
   * its non-closed ticket on that connection, when they exist. Answers the
   * key's index with what was found; keys with no contact are absent.
   *
   * The ticket join names exactly the columns of the one-open-ticket index
   * (contact, connection, not closed), so the planner always takes it; a
   * company condition there made it scan every ticket of the contact. The
   * contact is the company's, and so are its tickets.
   */
  async contactsWithOpenTickets(
    keys: { companyId: number; channel: string; number: string; whatsappId: number }[],
  ): Promise<Map<number, { contact: ContactRow; ticket: TicketRow | null }>> {
    const found = new Map<number, { contact: ContactRow; ticket: TicketRow | null }>();
    if (keys.length === 0) return found;
    const input = JSON.stringify(
      keys.map((k, i) => ({
        i,
        company_id: k.companyId,
        channel: k.channel,
        number: k.number,
        whatsapp_id: k.whatsappId,
      })),
    );
    const result = await this.db.execute(sql`
      SELECT k.i, row_to_json(c.*) AS contact, row_to_json(t.*) AS ticket
      FROM json_to_recordset(${input}::json) AS k(i int, company_id int, channel text, number text, whatsapp_id int)
      JOIN contacts c ON c.company_id = k.company_id AND c.channel = k.channel AND c.number = k.number
      LEFT JOIN tickets t ON t.contact_id = c.id AND t.whatsapp_id = k.whatsapp_id AND t.status <> 'closed'`);
    for (const row of rowsOf<{
      i: number;
      contact: Record<string, unknown>;
      ticket: Record<string, unknown> | null;
    }>(result)) {
      found.set(row.i, {
        contact: fromJsonRow(contacts, row.contact) as ContactRow,
        ticket: row.ticket ? (fromJsonRow(tickets, row.ticket) as TicketRow) : null,
      });
    }
    return found;
  }

  /**
   * Many contacts in one statement, one per (company, channel, number) under
   * any concurrency. A name the attendants edited is kept; a contact still
   * named by its number takes the provider's profile name.
   */
  async upsertContacts(
    inputs: {
      companyId: number;
      channel: string;
      number: string;
      name: string;
      isGroup: boolean;
      lid?: string;
      profilePicUrl?: string;
      whatsappId: number;
    }[],
  ): Promise<ContactRow[]> {
    if (inputs.length === 0) return [];
    const rows = inputs.map((input) => ({
      ...input,
      name: input.name || input.number,
      lid: input.lid ?? null,
      profilePicUrl: input.profilePicUrl ?? null,
    }));
    const result = await this.db.execute(sql`
      ${insertRows(contacts, ["companyId", "channel", "number", "name", "isGroup", "lid", "profilePicUrl", "whatsappId"], rows)}
      ON CONFLICT (company_id, channel, number) DO UPDATE SET
        name = CASE WHEN contacts.name = contacts.number AND excluded.name <> '' THEN excluded.name ELSE contacts.name END,
        lid = COALESCE(excluded.lid, contacts.lid),
        profile_pic_url = COALESCE(NULLIF(contacts.profile_pic_url, ''), excluded.profile_pic_url)
      RETURNING row_to_json(contacts.*) AS row`);
    return rowsOf<{ row: Record<string, unknown> }>(result).map((r) => fromJsonRow(contacts, r.row));
  }

  /**
   * Opens a ticket for each (contact, connection) that has none, in one
   * statement. The partial unique index makes concurrent first messages agree
   * on one ticket: a losing insert does nothing and the winner's is read.
   * Answers every asked pair's non-closed ticket, keyed `contactId:whatsappId`.
   */
  async openTickets(
    inputs: { companyId: number; contactId: number; whatsappId: number; channel: string; isGroup: boolean }[],
  ): Promise<Map<string, TicketRow>> {
    const byPair = new Map<string, TicketRow>();
    if (inputs.length === 0) return byPair;
    const rows = inputs.map((input) => ({ ...input, status: input.isGroup ? "group" : "pending" }));
    // One statement: the tickets and their "create" log entries, atomically.
    const result = await this.db.execute(sql`
      WITH created AS (
        ${insertRows(tickets, ["companyId", "contactId", "whatsappId", "channel", "isGroup", "status"], rows)}
        ON CONFLICT DO NOTHING
        RETURNING *
      ), logged AS (
        INSERT INTO ${ticketLogs} (company_id, ticket_id, type) SELECT company_id, id, 'create' FROM created
      )
      SELECT row_to_json(created.*) AS row FROM created`);
    const created = rowsOf<{ row: Record<string, unknown> }>(result).map((r) => fromJsonRow(tickets, r.row));
    for (const ticket of created) byPair.set(`${ticket.contactId}:${ticket.whatsappId}`, ticket);
    for (const input of inputs) {
      const pair = `${input.contactId}:${input.whatsappId}`;
      if (byPair.has(pair)) continue;
      const winner = await this.findOpenTicket(input.companyId, input.contactId, input.whatsappId);
      if (!winner) throw new Error("ticket vanished between conflict and read");
      byPair.set(pair, winner);
    }
    return byPair;
  }

  /**
   * Stores a batch of messages and moves their tickets in one statement (so
   * atomically, in one round trip): a ticket moves only for messages that
   * were new, so a redelivery changes nothing. `moves` says, per
   * `connectionId:providerId`, the ticket's last-message text and whether the
   * message counts as unread. Tickets are locked in id order, so concurrent
   * batches cannot deadlock on them.
   */
  async storeMessages(
    rows: NewMessage[],
    moves: Map<string, { lastMessage: string; unread: boolean }>,
  ): Promise<{ messages: MessageRow[]; tickets: Map<number, TicketRow> }> {
    const moved = new Map<number, TicketRow>();
    if (rows.length === 0) return { messages: [], tickets: moved };
    const moveRows = JSON.stringify([...moves].map(([key, move]) => [key, move.lastMessage, move.unread]));
    const result = await this.db.execute(sql`
      WITH inserted AS (
        ${insertRows(messages, MESSAGE_KEYS, rows)}
        ON CONFLICT DO NOTHING
        RETURNING *
      ), mv AS (
        SELECT r->>0 AS key, r->>1 AS last, (r->>2)::boolean AS unread FROM json_array_elements(${moveRows}::json) AS r
      ), agg AS (
        SELECT i.ticket_id, i.company_id, count(*) FILTER (WHERE mv.unread) AS unread,
          (array_agg(mv.last ORDER BY i.id DESC))[1] AS last
        FROM inserted i JOIN mv ON mv.key = i.whatsapp_id || ':' || i.provider_message_id
        GROUP BY i.ticket_id, i.company_id
      ), locked AS (
        SELECT t.id FROM ${tickets} t JOIN agg ON agg.ticket_id = t.id AND agg.company_id = t.company_id
        ORDER BY t.id FOR UPDATE OF t
      ), moved AS (
        UPDATE ${tickets} t
        SET last_message = agg.last, unread_messages = t.unread_messages + agg.unread, updated_at = now(),
          -- A contact wrote: the automation (automation/runner.ts) has to look at it, even after a crash.
          automation_due_at = CASE WHEN agg.unread > 0 AND NOT t.is_group
            THEN coalesce(t.automation_due_at, now()) ELSE t.automation_due_at END
        FROM agg JOIN locked ON locked.id = agg.ticket_id
        WHERE t.id = agg.ticket_id
        RETURNING t.*
      )
      SELECT 'message' AS kind, row_to_json(inserted.*) AS row FROM inserted
      UNION ALL
      SELECT 'ticket' AS kind, row_to_json(moved.*) AS row FROM moved`);
    const inserted: MessageRow[] = [];
    for (const { kind, row } of rowsOf<{ kind: string; row: Record<string, unknown> }>(result)) {
      if (kind === "message") inserted.push(fromJsonRow(messages, row) as MessageRow);
      else {
        const ticket = fromJsonRow(tickets, row) as TicketRow;
        moved.set(ticket.id, ticket);
      }
    }
    inserted.sort((a, b) => a.id - b.id);
    return { messages: inserted, tickets: moved };
  }

  /** Which of these provider ids a connection already stored (saves media downloads on redelivery). */
  async storedProviderIds(
    companyId: number,
    whatsappId: number,
    providerMessageIds: string[],
  ): Promise<Set<string>> {
    if (providerMessageIds.length === 0) return new Set();
    const rows = await this.db
      .select({ id: messages.providerMessageId })
      .from(messages)
      .where(
        ofCompany(
          messages,
          companyId,
          eq(messages.whatsappId, whatsappId),
          inArray(messages.providerMessageId, providerMessageIds),
        ),
      );
    return new Set(rows.map((r) => r.id ?? ""));
  }

  /** Ids of stored messages by provider id, for reply context. */
  async idsByProviderId(
    companyId: number,
    whatsappId: number,
    providerMessageIds: string[],
  ): Promise<Map<string, number>> {
    if (providerMessageIds.length === 0) return new Map();
    const rows = await this.db
      .select({ id: messages.id, providerMessageId: messages.providerMessageId })
      .from(messages)
      .where(
        ofCompany(
          messages,
          companyId,
          eq(messages.whatsappId, whatsappId),
          inArray(messages.providerMessageId, providerMessageIds),
        ),
      );
    return new Map(rows.map((r) => [r.providerMessageId ?? "", r.id]));
  }

  async setQuoted(companyId: number, id: number, quotedMsgId: number): Promise<void> {
    await this.db
      .update(messages)
      .set({ quotedMsgId })
      .where(rowOf(messages, companyId, id));
  }

  findOpenTicket(
    companyId: number,
    contactId: number,
    whatsappId: number,
    runner: Runner = this.db,
  ): Promise<TicketRow | undefined> {
    return findOpenTicket(runner, companyId, contactId, whatsappId);
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
        ofCompany(
          messages,
          companyId,
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
        ofCompany(
          messages,
          companyId,
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
      .where(rowOf(messages, companyId, id))
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
        ofCompany(
          messages,
          companyId,
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
      .where(rowOf(messages, companyId, id))
      .returning();
    return row;
  }

  /** A retried download's file, unless another retry stored one first. */
  async setRetriedMedia(
    companyId: number,
    id: number,
    mediaUrl: string,
    extra: Record<string, unknown>,
  ): Promise<MessageRow | undefined> {
    const [row] = await this.db
      .update(messages)
      .set({ mediaUrl, extra, updatedAt: new Date() })
      .where(ofCompany(messages, companyId, eq(messages.id, id), isNull(messages.mediaUrl)))
      .returning();
    return row;
  }

  async findContact(companyId: number, channel: string, number: string): Promise<ContactRow | undefined> {
    const [row] = await this.db
      .select()
      .from(contacts)
      .where(ofCompany(contacts, companyId, eq(contacts.channel, channel), eq(contacts.number, number)))
      .limit(1);
    return row;
  }

  /** What ingest needs of a connection (read for every batch, so only these columns). */
  async connection(companyId: number, id: number) {
    const [row] = await this.db
      .select({
        id: whatsapps.id,
        companyId: whatsapps.companyId,
        channel: whatsapps.channel,
        allowGroup: whatsapps.allowGroup,
        phoneNumberId: whatsapps.phoneNumberId,
        pageId: whatsapps.pageId,
        instagramId: whatsapps.instagramId,
        accessToken: whatsapps.accessToken,
      })
      .from(whatsapps)
      .where(rowOf(whatsapps, companyId, id))
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
      .where(rowOf(whatsapps, companyId, id))
      .returning();
    return row;
  }
}

/** A contact still named by its number takes the provider's profile name; a new privacy id is recorded. */
export function contactNeedsUpdate(
  contact: ContactRow,
  input: { name: string; lid?: string; profilePicUrl?: string },
): boolean {
  const rename = contact.name === contact.number && input.name !== "" && input.name !== contact.name;
  const newLid = Boolean(input.lid) && contact.lid !== input.lid;
  const picture = Boolean(input.profilePicUrl) && !contact.profilePicUrl;
  return rename || newLid || picture;
}
