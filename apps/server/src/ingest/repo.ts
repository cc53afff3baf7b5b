import { eq, inArray, isNull, sql } from "drizzle-orm";
import { type Db, rowsOf, type Tx } from "../db/client.js";
import { fromJsonRow, rowsJson } from "../db/json-rows.js";
import { companySettings, contacts, messages, ticketLogs, tickets, whatsapps } from "../db/schema/index.js";
import { ofCompany, rowOf } from "../db/tenant-scope.js";
import { isUniqueViolation } from "../db/unique-violation.js";
import type { MessageRow } from "../modules/messages/presenter.js";
import { findOpenTicket } from "../modules/tickets/lifecycle-repo.js";
import type { ContactRow, TicketRow } from "../modules/tickets/presenter.js";
import { CONTACT_KEYS, MESSAGE_KEYS, statements } from "./statements.js";

type NewMessage = typeof messages.$inferInsert;

type Runner = Db | Tx;

/** A contact the batch's read found, with its open ticket or the closed one it may reopen. */
export interface KnownParty {
  contact: ContactRow;
  ticket: TicketRow | null;
  /** Closed within the connection's timeCreateNewTicket minutes (only when no ticket is open). */
  reopen: TicketRow | null;
  /** Some of the key's messages are not stored yet (always true when a ticket is open). */
  fresh: boolean;
}

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
   *
   * Only for a key without an open ticket (the rare case), the same read also
   * answers:
   * - `reopen`: the contact's ticket on that connection closed less than
   *   `reopenMinutes` ago (the connection's timeCreateNewTicket; 0 never), the
   *   latest closed first;
   * - `fresh`: whether any of `providerIds` is not stored yet. A redelivered
   *   message whose ticket was closed since must neither reopen it nor open an
   *   empty one. A key without ids (a call) is always fresh.
   */
  async contactsWithOpenTickets(
    keys: {
      companyId: number;
      channel: string;
      number: string;
      whatsappId: number;
      reopenMinutes: number;
      providerIds: string[];
    }[],
  ): Promise<Map<number, KnownParty>> {
    const found = new Map<number, KnownParty>();
    if (keys.length === 0) return found;
    const input = JSON.stringify(
      keys.map((k, i) => ({
        i,
        company_id: k.companyId,
        channel: k.channel,
        number: k.number,
        whatsapp_id: k.whatsappId,
        reopen_minutes: Math.max(0, Math.floor(k.reopenMinutes)),
        ids: k.providerIds,
      })),
    );
    const result = await statements.parties(this.db, { keys: input });
    for (const row of result) {
      found.set(row.i, {
        contact: fromJsonRow(contacts, row.contact) as ContactRow,
        ticket: row.ticket ? (fromJsonRow(tickets, row.ticket) as TicketRow) : null,
        reopen: row.reopen ? (fromJsonRow(tickets, row.reopen) as TicketRow) : null,
        fresh: row.fresh,
      });
    }
    return found;
  }

  /**
   * Many contacts in one statement, one per (company, channel, number) under
   * any concurrency. A name the attendants edited is kept; a contact still
   * named by its number takes the provider's profile name. Written in key
   * order: two batches at once (two processes, or the sweeper beside the loop) that write the
   * same new contacts wait for each other in the same order, never in a cycle.
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
    const rows = inputs
      .map((input) => ({
        ...input,
        name: input.name || input.number,
        lid: input.lid ?? null,
        profilePicUrl: input.profilePicUrl ?? null,
      }))
      .sort(
        (a, b) => a.companyId - b.companyId || compare(a.channel, b.channel) || compare(a.number, b.number),
      );
    const result = await statements.upsertContacts(this.db, { rows: rowsJson(CONTACT_KEYS, rows) });
    return result.map((r) => fromJsonRow(contacts, r.row));
  }

  /**
   * Opens a ticket for each (contact, connection) that has none, in one
   * statement. The partial unique index makes concurrent first messages agree
   * on one ticket: a losing insert does nothing and the winner's is read.
   * Answers every asked pair's non-closed ticket, keyed `contactId:whatsappId`.
   *
   * DirectTicketsToWallets: when the company enables it and the contact (not
   * a group) has a wallet user, the ticket opens for that user directly
   * (status open), in the first of the connection's queues (menu order:
   * orderQueue, then id) that the user belongs to, or no queue when they
   * share none; logged "create", then "open" by the wallet user in that
   * queue, as an acceptance would be. Read in the same statement, so a user
   * deleted meanwhile (the contact's wallet cleared) gives a pending ticket.
   */
  async openTickets(
    inputs: {
      companyId: number;
      contactId: number;
      whatsappId: number;
      channel: string;
      isGroup: boolean;
      /** History import: the ticket opens in this queue, marked imported, without wallet routing. */
      imported?: { queueId: number | null };
    }[],
  ): Promise<Map<string, TicketRow>> {
    const byPair = new Map<string, TicketRow>();
    if (inputs.length === 0) return byPair;
    const rows = JSON.stringify(
      inputs.map((input) => [
        input.companyId,
        input.contactId,
        input.whatsappId,
        input.channel,
        input.isGroup,
        input.imported ? (input.imported.queueId ?? 0) : null,
      ]),
    );
    // One statement: the tickets and their log entries, atomically.
    const result = await statements.openTickets(this.db, { rows });
    const created = result.map((r) => fromJsonRow(tickets, r.row));
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
   * timeCreateNewTicket: reopens these recently closed tickets, in one
   * statement, instead of opening new ones: pending again (group for a
   * group), their queue kept, no user, closedAt cleared, logged "reopen"
   * without a user. A ticket is reopened only while it is still closed and
   * no other ticket of its contact is open on its connection, so the
   * one-open-ticket index holds: of two deliveries at once, the second finds
   * it open (the row lock makes it wait, then skip) and takes it as the open
   * ticket. Another open ticket committed by someone else while this ran
   * makes the statement fail on that index; it is run again and skips that
   * pair. Answers the reopened tickets keyed `contactId:whatsappId`; a pair
   * that was skipped is absent (the caller opens or finds its ticket).
   */
  async reopenTickets(inputs: { companyId: number; ticketId: number }[]): Promise<Map<string, TicketRow>> {
    const byPair = new Map<string, TicketRow>();
    if (inputs.length === 0) return byPair;
    const ids = JSON.stringify(inputs.map((input) => [input.companyId, input.ticketId]));
    const statement = sql`
      WITH wanted AS (
        SELECT (r->>0)::int AS company_id, (r->>1)::int AS id FROM json_array_elements(${ids}::json) AS r
      ), reopened AS (
        UPDATE ${tickets} t
        SET status = CASE WHEN t.is_group THEN 'group' ELSE 'pending' END, user_id = NULL, closed_at = NULL,
          updated_at = now()
        FROM wanted w
        WHERE t.company_id = w.company_id AND t.id = w.id AND t.status = 'closed'
          AND NOT EXISTS (
            SELECT 1 FROM ${tickets} o
            WHERE o.contact_id = t.contact_id AND o.whatsapp_id = t.whatsapp_id AND o.status <> 'closed'
          )
        RETURNING t.*
      ), logged AS (
        INSERT INTO ${ticketLogs} (company_id, ticket_id, queue_id, type)
        SELECT company_id, id, queue_id, 'reopen' FROM reopened
      )
      SELECT row_to_json(reopened.*) AS row FROM reopened`;
    for (let attempt = 1; ; attempt++) {
      try {
        const result = await this.db.execute(statement);
        for (const { row } of rowsOf<{ row: Record<string, unknown> }>(result)) {
          const ticket = fromJsonRow(tickets, row) as TicketRow;
          byPair.set(`${ticket.contactId}:${ticket.whatsappId}`, ticket);
        }
        return byPair;
      } catch (error) {
        // Committed before the conflict was reported: the next run's snapshot sees it and skips.
        if (attempt >= 3 || !isUniqueViolation(error, "tickets_one_open_per_contact_key")) throw error;
      }
    }
  }

  /**
   * Stores a batch of messages and moves their tickets in one statement (so
   * atomically, in one round trip): a ticket moves only for messages that
   * were new, so a redelivery changes nothing. `moves` says, per
   * `connectionId:providerId`, the ticket's last-message text and whether the
   * message counts as unread. Tickets are locked in id order, so concurrent
   * batches cannot deadlock on them. `due`: the tickets a contact wrote to,
   * marked for the automation.
   */
  async storeMessages(
    rows: NewMessage[],
    moves: Map<string, { lastMessage: string; unread: boolean }>,
  ): Promise<{ messages: MessageRow[]; tickets: Map<number, TicketRow>; due: number[] }> {
    const moved = new Map<number, TicketRow>();
    if (rows.length === 0) return { messages: [], tickets: moved, due: [] };
    const moveRows = JSON.stringify([...moves].map(([key, move]) => [key, move.lastMessage, move.unread]));
    const result = await statements.storeMessages(this.db, {
      messages: rowsJson(MESSAGE_KEYS, rows),
      moves: moveRows,
    });
    const inserted: MessageRow[] = [];
    const due: number[] = [];
    for (const { kind, row } of result) {
      if (kind === "message") inserted.push(fromJsonRow(messages, row) as MessageRow);
      else if (kind === "due") due.push(Number(row.id));
      else {
        const ticket = fromJsonRow(tickets, row) as TicketRow;
        moved.set(ticket.id, ticket);
      }
    }
    inserted.sort((a, b) => a.id - b.id);
    return { messages: inserted, tickets: moved, due };
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

  /** enableLGPD and lgpdDeleteMessage: a message the contact deletes is erased (docs/SETTINGS.md). */
  async erasesDeletedMessages(companyId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ lgpd: companySettings.enableLGPD, erase: companySettings.lgpdDeleteMessage })
      .from(companySettings)
      .where(eq(companySettings.companyId, companyId));
    return row?.lgpd === "enabled" && row.erase === "enabled";
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

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

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
