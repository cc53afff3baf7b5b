import type { TicketNoteDto } from "@inbox/shared";
import type { TicketNoteWithAuthor } from "./repo.js";

export function presentNote(row: TicketNoteWithAuthor): TicketNoteDto {
  return {
    id: row.id,
    note: row.note,
    ticketId: row.ticketId,
    contactId: row.contactId,
    userId: row.userId,
    user: row.user ? { id: row.user.id, name: row.user.name } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
