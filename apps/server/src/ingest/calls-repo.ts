import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { companies, companySettings, messages, tickets } from "../db/schema/index.js";
import { ofCompany, rowOf } from "../db/tenant-scope.js";
import type { MessageRow } from "../modules/messages/presenter.js";
import { previewOfMessage } from "../modules/messages/preview.js";
import type { TicketRow } from "../modules/tickets/presenter.js";

type NewMessage = typeof messages.$inferInsert;

/** The queries of calls.ts: the company's call rule, and the answer to a declined call stored once. */
export class CallsRepo {
  constructor(private readonly db: Db) {}

  /** acceptCallWhatsapp, its message and the company's time zone (message variables). */
  async callRules(companyId: number) {
    const [row] = await this.db
      .select({
        acceptCallWhatsapp: companySettings.acceptCallWhatsapp,
        message: companySettings.acceptCallWhatsappMessage,
        timeZone: companies.timezone,
      })
      .from(companySettings)
      .innerJoin(companies, eq(companies.id, companySettings.companyId))
      .where(eq(companySettings.companyId, companyId));
    return row;
  }

  /**
   * The answer to a declined call, stored once per call id: under the
   * ticket's row lock, nothing is stored when the ticket already has the
   * answer to that call (an offer delivered twice). Moves the ticket's last
   * message. Answers the message and the ticket, or undefined.
   */
  async storeCallAnswer(
    row: NewMessage & { ticketId: number },
    callId: string,
  ): Promise<{ message: MessageRow; ticket: TicketRow } | undefined> {
    return this.db.transaction(async (tx) => {
      const [ticket] = await tx
        .select({ id: tickets.id })
        .from(tickets)
        .where(rowOf(tickets, row.companyId, row.ticketId))
        .for("update");
      if (!ticket) return undefined;
      const [answered] = await tx
        .select({ id: messages.id })
        .from(messages)
        .where(
          ofCompany(
            messages,
            row.companyId,
            eq(messages.ticketId, row.ticketId),
            eq(messages.fromMe, true),
            sql`${messages.extra}->>'rejectedCallId' = ${callId}`,
          ),
        )
        .limit(1);
      if (answered) return undefined;
      const [message] = await tx.insert(messages).values(row).returning();
      if (!message) return undefined;
      const [moved] = await tx
        .update(tickets)
        .set({ lastMessage: previewOfMessage(message), updatedAt: new Date() })
        .where(rowOf(tickets, row.companyId, row.ticketId))
        .returning();
      return moved ? { message, ticket: moved } : undefined;
    });
  }
}
