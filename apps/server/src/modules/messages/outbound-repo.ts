import { and, eq, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { contacts, messages, tickets, whatsapps } from "../../db/schema/index.js";
import { ofCompany, rowOf } from "../../db/tenant-scope.js";
import type { MessageRow } from "./presenter.js";

/** A claim older than this belongs to a sender that died; another may take over. */
export const CLAIM_TIMEOUT_SECONDS = 120;

/** Retryable failures allowed before the failure is final (about an hour of backoff in all). */
export const MAX_SEND_ATTEMPTS = 8;

/** Wait before the next attempt after `attempts` failures: 30 s doubled each time, at most 30 minutes. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 30 * 60);
}

export class OutboundRepo {
  constructor(private readonly db: Db) {}

  async insert(values: typeof messages.$inferInsert): Promise<MessageRow> {
    const [row] = await this.db.insert(messages).values(values).returning();
    if (!row) throw new Error("message insert returned no row");
    return row;
  }

  /**
   * Takes the right to call the provider for this message. Only one sender
   * holds it at a time; a message with a provider id is never sent again.
   */
  async claim(companyId: number, id: number): Promise<MessageRow | undefined> {
    const [row] = await this.db
      .update(messages)
      .set({ sendClaimedAt: new Date() })
      .where(
        ofCompany(
          messages,
          companyId,
          eq(messages.id, id),
          eq(messages.fromMe, true),
          eq(messages.isPrivate, false),
          isNull(messages.providerMessageId),
          isNull(messages.sendError),
          or(
            isNull(messages.sendClaimedAt),
            lt(messages.sendClaimedAt, sql`now() - make_interval(secs => ${CLAIM_TIMEOUT_SECONDS})`),
          ),
        ),
      )
      .returning();
    return row;
  }

  async context(companyId: number, ticketId: number) {
    const [row] = await this.db
      .select({ ticket: tickets, contact: contacts, connection: whatsapps })
      .from(tickets)
      .innerJoin(contacts, eq(contacts.id, tickets.contactId))
      .innerJoin(whatsapps, eq(whatsapps.id, tickets.whatsappId))
      .where(rowOf(tickets, companyId, ticketId))
      .limit(1);
    return row;
  }

  async markSent(companyId: number, id: number, providerMessageId: string): Promise<MessageRow | undefined> {
    const [row] = await this.db
      .update(messages)
      .set({ providerMessageId, ack: sql`GREATEST(${messages.ack}, 1)`, updatedAt: new Date() })
      .where(rowOf(messages, companyId, id))
      .returning();
    return row;
  }

  /** Gives the claim back without counting an attempt (the send belongs to another process). */
  async release(companyId: number, id: number): Promise<void> {
    await this.db
      .update(messages)
      .set({ sendClaimedAt: null })
      .where(rowOf(messages, companyId, id));
  }

  /**
   * A retryable failure: one more attempt counted, the claim given back, the
   * next attempt not before the backoff.
   */
  async postpone(companyId: number, id: number, attempts: number): Promise<void> {
    await this.db
      .update(messages)
      .set({
        sendClaimedAt: null,
        sendAttempts: attempts,
        sendRetryAt: sql`now() + make_interval(secs => ${retryDelaySeconds(attempts)})`,
      })
      .where(rowOf(messages, companyId, id));
  }

  async markFailed(
    companyId: number,
    id: number,
    code: string,
    detail: string,
    attempts?: number,
  ): Promise<MessageRow | undefined> {
    const [row] = await this.db
      .update(messages)
      .set({
        ...(attempts === undefined ? {} : { sendAttempts: attempts }),
        sendError: code,
        sendErrorMessage: detail.slice(0, 1000),
        sendClaimedAt: null,
        sendRetryAt: null,
        updatedAt: new Date(),
      })
      .where(rowOf(messages, companyId, id))
      .returning();
    return row;
  }

  async quotedProviderId(companyId: number, id: number | null): Promise<string | undefined> {
    if (!id) return undefined;
    const [row] = await this.db
      .select({ providerMessageId: messages.providerMessageId })
      .from(messages)
      .where(rowOf(messages, companyId, id))
      .limit(1);
    return row?.providerMessageId ?? undefined;
  }

  /**
   * Outbound messages due for an attempt with no live claim (the retry sweep):
   * after a failure, once its backoff has passed; never tried (a crash, a lost
   * dispatch), once older than `olderThanSeconds`.
   */
  async unsent(olderThanSeconds: number, limit: number): Promise<{ id: number; companyId: number }[]> {
    return this.db
      .select({ id: messages.id, companyId: messages.companyId })
      .from(messages)
      .where(
        and(
          eq(messages.fromMe, true),
          isNull(messages.providerMessageId),
          isNull(messages.sendError),
          eq(messages.isPrivate, false),
          or(
            lte(messages.sendRetryAt, sql`now()`),
            and(
              isNull(messages.sendRetryAt),
              lt(messages.createdAt, sql`now() - make_interval(secs => ${olderThanSeconds})`),
              // A paced message (forward) waits for its time, then the same grace as the others.
              sql`coalesce((${messages.extra}->>'sendAfter')::timestamptz, ${messages.createdAt}) < now() - make_interval(secs => ${olderThanSeconds})`,
            ),
          ),
          or(
            isNull(messages.sendClaimedAt),
            lt(messages.sendClaimedAt, sql`now() - make_interval(secs => ${CLAIM_TIMEOUT_SECONDS})`),
          ),
        ),
      )
      .orderBy(messages.createdAt)
      .limit(limit);
  }
}
