import { and, eq, sql } from "drizzle-orm";
import { type Db, rowsOf, type Tx } from "../../db/client.js";
import {
  companies,
  contacts,
  messages,
  messagesApiKeys,
  queues,
  tickets,
  users,
  whatsapps,
} from "../../db/schema/index.js";
import { rowOf } from "../../db/tenant-scope.js";
import type { MessageRow } from "../messages/presenter.js";
import { previewOfMessage } from "../messages/preview.js";
import { TicketLifecycleRepo } from "../tickets/lifecycle-repo.js";
import type { TicketRow } from "../tickets/presenter.js";

export interface ApiConnection {
  id: number;
  companyId: number;
  channel: string;
  /** The company's due date (the expiry rule, http/subscription-gate.ts). */
  dueDate: string | null;
}

/** What a send stores (service.ts). */
export interface ApiSend {
  connection: ApiConnection;
  /** Normalised as ingest stores WhatsApp numbers. */
  number: string;
  user: { id: number; name: string } | undefined;
  queueId: number | null;
  closeTicket: boolean;
  key: string | undefined;
}

type EarlierAnswer = { ticketId: number; messageIds: number[] };

export class MessagesApiRepo {
  private readonly lifecycle: TicketLifecycleRepo;

  constructor(private readonly db: Db) {
    this.lifecycle = new TicketLifecycleRepo(db);
  }

  /** The connection whose messages-API token this is (index whatsapps_token_idx); any company's. */
  async connectionOfToken(token: string): Promise<ApiConnection | undefined> {
    const [row] = await this.db
      .select({
        id: whatsapps.id,
        companyId: whatsapps.companyId,
        channel: whatsapps.channel,
        dueDate: companies.dueDate,
      })
      .from(whatsapps)
      .innerJoin(companies, eq(companies.id, whatsapps.companyId))
      .where(eq(whatsapps.token, token))
      .limit(1);
    return row;
  }

  async user(companyId: number, id: number) {
    const [row] = await this.db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(rowOf(users, companyId, id));
    return row;
  }

  async queueExists(companyId: number, id: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: queues.id })
      .from(queues)
      .where(rowOf(queues, companyId, id));
    return Boolean(row);
  }

  /** The answer of a finished send with this key within `hours`, if any. */
  async keyAnswer(companyId: number, whatsappId: number, key: string, hours: number) {
    const result = await this.db.execute(sql`
      SELECT ticket_id AS "ticketId", message_ids AS "messageIds" FROM messages_api_keys
      WHERE company_id = ${companyId} AND whatsapp_id = ${whatsappId} AND key = ${key}
        AND ticket_id > 0 AND created_at > now() - make_interval(hours => ${hours})`);
    return rowsOf<EarlierAnswer>(result)[0];
  }

  /**
   * One transaction: the idempotency key (first, so a concurrent retry with it waits here and then
   * answers this send), the contact, its ticket on the connection, the messages `rowsFor` builds,
   * the ticket's last message and, with closeTicket, its close.
   */
  async store(
    send: ApiSend,
    rowsFor: (ticket: { id: number; contactId: number }) => (typeof messages.$inferInsert)[],
    hours = 24,
  ): Promise<{ earlier: EarlierAnswer } | { ticketId: number; rows: MessageRow[]; before?: TicketRow }> {
    const { connection } = send;
    const companyId = connection.companyId;
    return this.db.transaction(async (tx) => {
      if (send.key) {
        const claimed = await tx.execute(sql`
          INSERT INTO messages_api_keys (company_id, whatsapp_id, key, ticket_id, message_ids)
          VALUES (${companyId}, ${connection.id}, ${send.key}, 0, '[]'::jsonb)
          ON CONFLICT (company_id, whatsapp_id, key) DO UPDATE
            SET created_at = now(), ticket_id = 0, message_ids = '[]'::jsonb
            WHERE messages_api_keys.created_at <= now() - make_interval(hours => ${hours})
          RETURNING id`);
        if (rowsOf(claimed).length === 0) {
          const [earlier] = await tx
            .select({ ticketId: messagesApiKeys.ticketId, messageIds: messagesApiKeys.messageIds })
            .from(messagesApiKeys)
            .where(
              and(
                eq(messagesApiKeys.companyId, companyId),
                eq(messagesApiKeys.whatsappId, connection.id),
                eq(messagesApiKeys.key, send.key),
              ),
            );
          if (earlier) return { earlier };
        }
      }
      const contactId = await this.contactOf(tx, companyId, send.number);
      const { ticket, before } = await this.ticketOf(tx, send, contactId);
      const rows = (await tx
        .insert(messages)
        .values(rowsFor({ id: ticket.id, contactId }))
        .returning()) as MessageRow[];
      const last = rows.at(-1);
      const now = new Date();
      await tx
        .update(tickets)
        .set({ lastMessage: last ? previewOfMessage(last) : "", updatedAt: now })
        .where(rowOf(tickets, companyId, ticket.id));
      if (send.closeTicket && ticket.status !== "closed") {
        await this.lifecycle.update(tx, companyId, ticket.id, { status: "closed", closedAt: now });
        await this.lifecycle.log(tx, {
          companyId,
          ticketId: ticket.id,
          type: "closed",
          userId: send.user?.id ?? null,
          queueId: ticket.queueId,
        });
      }
      if (send.key) {
        await tx
          .update(messagesApiKeys)
          .set({ ticketId: ticket.id, messageIds: rows.map((r) => r.id) })
          .where(
            and(
              eq(messagesApiKeys.companyId, companyId),
              eq(messagesApiKeys.whatsappId, connection.id),
              eq(messagesApiKeys.key, send.key),
            ),
          );
      }
      return { ticketId: ticket.id, rows, before };
    });
  }

  /** The WhatsApp contact of the number (made when the company does not have it yet). */
  private async contactOf(tx: Tx, companyId: number, number: string): Promise<number> {
    const [contact] = await tx
      .insert(contacts)
      .values({ companyId, channel: "whatsapp", number, name: number })
      .onConflictDoUpdate({
        target: [contacts.companyId, contacts.channel, contacts.number],
        set: { updatedAt: sql`${contacts.updatedAt}` },
      })
      .returning({ id: contacts.id });
    if (!contact) throw new Error("contact upsert returned no row");
    return contact.id;
  }

  /**
   * The contact's live ticket on the connection, locked; with a user it becomes theirs (open, in
   * the queue given or its own). None: a new one, open for the user, pending without one.
   */
  private async ticketOf(
    tx: Tx,
    send: ApiSend,
    contactId: number,
  ): Promise<{ ticket: TicketRow; before?: TicketRow }> {
    const { connection, user } = send;
    const companyId = connection.companyId;
    for (let attempt = 0; attempt < 2; attempt++) {
      const open = await this.lifecycle.openTicket(tx, companyId, contactId, connection.id);
      const locked = open ? await this.lifecycle.lock(tx, companyId, open.id) : undefined;
      if (locked) {
        if (!user) return { ticket: locked, before: locked };
        const ticket = await this.lifecycle.update(tx, companyId, locked.id, {
          status: "open",
          userId: user.id,
          queueId: send.queueId ?? locked.queueId,
        });
        return { ticket, before: locked };
      }
      const inserted = await this.lifecycle.insertTicket(tx, {
        companyId,
        contactId,
        whatsappId: connection.id,
        userId: user?.id ?? null,
        queueId: send.queueId,
        channel: connection.channel,
        status: user ? "open" : "pending",
      });
      if (inserted) {
        await this.lifecycle.log(tx, {
          companyId,
          ticketId: inserted.id,
          type: "create",
          userId: user?.id ?? null,
          queueId: inserted.queueId,
        });
        return { ticket: inserted };
      }
      // Another writer opened the contact's ticket meanwhile: take that one.
    }
    throw new Error("no ticket for the Messages API send");
  }
}
