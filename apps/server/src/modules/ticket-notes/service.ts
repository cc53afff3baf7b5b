import type { TicketNoteCreateInput, TicketNoteDto } from "@inbox/shared";
import type { Db } from "../../db/client.js";
import { AppError } from "../../http/app-error.js";
import type { RequestContext } from "../../http/context.js";
import type { ContactsService } from "../contacts/service.js";
import { viewScopeFor } from "../tickets/policy.js";
import { TicketsRepo } from "../tickets/repo.js";
import type { TicketsService } from "../tickets/service.js";
import { authorizeDeleteNote } from "./policy.js";
import { presentNote } from "./presenter.js";
import { TicketNotesRepo } from "./repo.js";

export interface TicketNotesServiceDeps {
  db: Db;
  contacts: ContactsService;
  tickets: TicketsService;
}

/** Internal notes of the contact drawer (spec 1 sections 2, 3, 5, 7). */
export class TicketNotesService {
  private readonly repo: TicketNotesRepo;
  private readonly ticketsRepo: TicketsRepo;

  constructor(private readonly deps: TicketNotesServiceDeps) {
    this.repo = new TicketNotesRepo(deps.db);
    this.ticketsRepo = new TicketsRepo(deps.db);
  }

  /** Only the notes of tickets the user may open (spec 1 section 6): another's conversation stays theirs. */
  async list(ctx: RequestContext, contactId: number, ticketId?: number): Promise<TicketNoteDto[]> {
    await this.deps.contacts.find(ctx, contactId);
    if (ticketId !== undefined) await this.deps.tickets.findVisibleById(ctx, ticketId);
    const scope = viewScopeFor(ctx.user, await this.ticketsRepo.viewerQueueIds(ctx));
    return (await this.repo.list(ctx.companyId, contactId, scope, ticketId)).map(presentNote);
  }

  /** A note is written on a ticket the user may see, about that ticket's contact. */
  async create(ctx: RequestContext, input: TicketNoteCreateInput): Promise<TicketNoteDto> {
    const { ticket } = await this.deps.tickets.findVisibleById(ctx, input.ticketId);
    if (ticket.contactId !== input.contactId) {
      await this.deps.contacts.find(ctx, input.contactId);
      throw new AppError("ERR_VALIDATION", {
        field: "contactId",
        message: "The contact is not the ticket's contact",
      });
    }
    const row = await this.repo.insert(ctx.companyId, {
      note: input.note,
      userId: ctx.user.id,
      contactId: input.contactId,
      ticketId: input.ticketId,
    });
    return presentNote({ ...row, user: { id: ctx.user.id, name: ctx.user.name } });
  }

  async delete(ctx: RequestContext, id: number): Promise<void> {
    const note = await this.repo.findById(ctx.companyId, id);
    if (!note) throw new AppError("ERR_NOT_FOUND", { message: "Note not found" });
    authorizeDeleteNote(ctx.user, note);
    await this.repo.delete(ctx.companyId, id);
  }
}
