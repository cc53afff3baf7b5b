import { and, desc, eq, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { descNullsLast } from "../../db/order.js";
import { ticketNotes, tickets, users } from "../../db/schema/index.js";
import { ofCompany, rowOf } from "../../db/tenant-scope.js";
import { scopeCondition } from "../tickets/list-query.js";
import type { TicketScope } from "../tickets/policy.js";

export type TicketNoteRow = typeof ticketNotes.$inferSelect;
export type TicketNoteWithAuthor = TicketNoteRow & { user: { id: number; name: string } | null };

/** Internal notes; every query by company. */
export class TicketNotesRepo {
  constructor(private readonly db: Db) {}

  /**
   * A contact's notes, newest first (ticket_notes_company_contact_idx); of one
   * ticket when asked. Only notes of tickets in `scope` (spec 1 section 6),
   * and notes written on no ticket.
   */
  async list(
    companyId: number,
    contactId: number,
    scope: TicketScope,
    ticketId?: number,
  ): Promise<TicketNoteWithAuthor[]> {
    const rows = await this.db
      .select({ note: ticketNotes, user: { id: users.id, name: users.name } })
      .from(ticketNotes)
      .leftJoin(users, and(eq(users.id, ticketNotes.userId), eq(users.companyId, companyId)))
      .leftJoin(tickets, and(eq(tickets.id, ticketNotes.ticketId), eq(tickets.companyId, companyId)))
      .where(
        ofCompany(
          ticketNotes,
          companyId,
          eq(ticketNotes.contactId, contactId),
          ticketId === undefined ? undefined : eq(ticketNotes.ticketId, ticketId),
          or(isNull(ticketNotes.ticketId), scopeCondition(scope) ?? sql`TRUE`),
        ),
      )
      .orderBy(descNullsLast(ticketNotes.createdAt), desc(ticketNotes.id));
    return rows.map((r) => ({ ...r.note, user: r.user }));
  }

  async findById(companyId: number, id: number): Promise<TicketNoteRow | undefined> {
    const [row] = await this.db
      .select()
      .from(ticketNotes)
      .where(rowOf(ticketNotes, companyId, id))
      .limit(1);
    return row;
  }

  async insert(
    companyId: number,
    values: { note: string; userId: number; contactId: number; ticketId: number },
  ): Promise<TicketNoteRow> {
    const [row] = await this.db
      .insert(ticketNotes)
      .values({ ...values, companyId })
      .returning();
    if (!row) throw new Error("insert returned no row");
    return row;
  }

  async delete(companyId: number, id: number): Promise<boolean> {
    const rows = await this.db
      .delete(ticketNotes)
      .where(rowOf(ticketNotes, companyId, id))
      .returning({ id: ticketNotes.id });
    return rows.length > 0;
  }
}
