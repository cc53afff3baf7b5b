import { and, count, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { messages } from "../../db/schema/index.js";
import type { MessageRow } from "./presenter.js";

/** Reading messages; every query takes the company it works in. */
export class MessagesRepo {
  constructor(private readonly db: Db) {}

  /**
   * Page `number` of a ticket's messages counted from the newest (page 1 is
   * the latest), answered oldest first, as the conversation shows them.
   * The order matches `messages_company_ticket_created_idx`.
   */
  async pageOfTicket(
    companyId: number,
    ticketId: number,
    page: { number: number; size: number },
  ): Promise<{ rows: MessageRow[]; count: number }> {
    const where = and(eq(messages.companyId, companyId), eq(messages.ticketId, ticketId));
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(messages)
        .where(where)
        .orderBy(desc(messages.createdAt), desc(messages.id))
        .limit(page.size)
        .offset((page.number - 1) * page.size),
      this.db.select({ value: count() }).from(messages).where(where),
    ]);
    return { rows: rows.reverse(), count: Number(total?.value ?? 0) };
  }
}
