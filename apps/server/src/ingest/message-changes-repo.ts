import { eq, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { contacts, messages } from "../db/schema/index.js";
import { ofCompany, rowOf } from "../db/tenant-scope.js";
import type { MessageRow } from "../modules/messages/presenter.js";
import type { ContactRow } from "../modules/tickets/presenter.js";

type NewMessage = typeof messages.$inferInsert;

/** The queries of message-changes.ts: a stored message found by its provider id, and its updates. */
export class MessageChangesRepo {
  constructor(private readonly db: Db) {}

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
    return this.readUpToQuery(companyId, whatsappId, contactId, watermark);
  }

  /**
   * markReadUpTo as a query (its plan is tested): the contact's messages by
   * messages_company_contact_created_idx, not every message of the connection.
   */
  readUpToQuery(companyId: number, whatsappId: number, contactId: number, watermark: Date) {
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

  async findContact(companyId: number, channel: string, number: string): Promise<ContactRow | undefined> {
    const [row] = await this.db
      .select()
      .from(contacts)
      .where(ofCompany(contacts, companyId, eq(contacts.channel, channel), eq(contacts.number, number)))
      .limit(1);
    return row;
  }

  /** What ingest needs of a connection (read for every batch, so only these columns). */
}
