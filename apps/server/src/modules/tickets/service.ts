import { LIMITS, type TicketDto, type TicketList, type TicketListQuery, WITHOUT_QUEUE } from "@inbox/shared";
import { z } from "zod";
import type { Db } from "../../db/client.js";
import { AppError } from "../../http/app-error.js";
import type { RequestContext } from "../../http/context.js";
import type { NumberPrivacy } from "../../privacy/number-privacy.js";
import type { TicketEvents } from "../../realtime/ticket-events.js";
import { authorizeView, scopeFor, viewScopeFor } from "./policy.js";
import { presentTicket } from "./presenter.js";
import { type ListedTicket, type TicketDetail, TicketsRepo } from "./repo.js";

export interface TicketsServiceDeps {
  db: Db;
  events: TicketEvents;
  /** LGPD: a user who sees masked numbers searches names only. */
  numbers: NumberPrivacy;
}

export const presentDetail = (d: ListedTicket): TicketDto => presentTicket(d.ticket, d.contact, d);

/** Reading tickets (spec 1 sections 2, 6, 7); state changes of tickets will live here too. */
export class TicketsService {
  private readonly repo: TicketsRepo;

  constructor(private readonly deps: TicketsServiceDeps) {
    this.repo = new TicketsRepo(deps.db);
  }

  async list(ctx: RequestContext, query: TicketListQuery): Promise<TicketList> {
    const [queueIds, masked] = await Promise.all([
      this.repo.viewerQueueIds(ctx),
      this.deps.numbers.masksFor(ctx),
    ]);
    const scope = scopeFor(ctx.user, queueIds, query.showAll);
    const pageSize = LIMITS.pageSize;
    const statuses = query.statusFilter === undefined ? [] : [query.statusFilter].flat();
    const { rows, count, hasMore } = await this.repo.list(
      ctx.companyId,
      scope,
      {
        status: query.status,
        statuses,
        search: query.searchParam.trim().toLowerCase(),
        searchNumbers: !masked,
        searchOnMessages: query.searchOnMessages,
        queueIds: query.queueIds.filter((id) => id !== WITHOUT_QUEUE),
        withoutQueue: query.queueIds.includes(WITHOUT_QUEUE),
        whatsappIds: query.whatsapps,
        userIds: query.users,
        tagIds: query.tags,
        withUnreadMessages: query.withUnreadMessages,
        isGroup: query.isGroup,
      },
      { number: query.pageNumber, size: pageSize, ascending: query.sortTickets.toUpperCase() === "ASC" },
    );
    return {
      tickets: rows.map(presentDetail),
      count,
      hasMore,
    };
  }

  /** Opening a ticket writes an "access" log entry (once per run of views by the same user); a peek does not. */
  async showByUuid(ctx: RequestContext, uuid: string, opts = { logAccess: true }): Promise<TicketDto> {
    // An address that is no uuid names no ticket (and the uuid column would refuse it).
    if (!z.uuid().safeParse(uuid).success) throw new AppError("ERR_NO_TICKET_FOUND");
    const detail = await this.findVisible(ctx, this.repo.findByUuid(ctx.companyId, uuid));
    if (opts.logAccess)
      await this.repo.logAccess(ctx.companyId, detail.ticket.id, ctx.user.id, detail.ticket.queueId);
    return presentDetail(detail);
  }

  /** A ticket the signed-in user may open: another company's is not found, a hidden one is refused. */
  async findVisibleById(ctx: RequestContext, id: number): Promise<TicketDetail> {
    return this.findVisible(ctx, this.repo.findById(ctx.companyId, id));
  }

  /** `findVisibleById` by the ticket's id or its uuid (the conversation's address). */
  async findVisibleByRef(ctx: RequestContext, ref: number | string): Promise<TicketDetail> {
    if (typeof ref === "number") return this.findVisibleById(ctx, ref);
    return this.findVisible(ctx, this.repo.findByUuid(ctx.companyId, ref));
  }

  /**
   * Opening the conversation reads it: the unread counter goes to 0 and the
   * lists hear the update (spec 1 section 4: an unread update resets the counter).
   */
  async markRead(ctx: RequestContext, detail: TicketDetail): Promise<TicketDetail> {
    // Most openings find nothing unread: no transaction then (a message arriving meanwhile raises
    // the counter again and is read at the next opening, as it would be anyway).
    if (detail.ticket.unreadMessages === 0) return detail;
    const row = await this.repo.markRead(ctx.companyId, detail.ticket.id);
    if (!row) return detail;
    const updated = { ...detail, ticket: row };
    this.deps.events.ticketChanged(ctx.companyId, presentDetail(updated));
    return updated;
  }

  /** The ticket and the viewer's queues are read side by side: one round trip of waiting, not two. */
  private async findVisible(
    ctx: RequestContext,
    finding: Promise<TicketDetail | undefined>,
  ): Promise<TicketDetail> {
    const [detail, queueIds] = await Promise.all([finding, this.repo.viewerQueueIds(ctx)]);
    if (!detail) throw new AppError("ERR_NO_TICKET_FOUND");
    const scope = viewScopeFor(ctx.user, queueIds);
    authorizeView(scope, detail.ticket);
    return detail;
  }
}
