import { LIMITS, type MessageList } from "@inbox/shared";
import type { Db } from "../../db/client.js";
import type { RequestContext } from "../../http/context.js";
import { presentDetail, type TicketsService } from "../tickets/service.js";
import { presentMessage } from "./presenter.js";
import { MessagesRepo } from "./repo.js";

export interface MessagesServiceDeps {
  db: Db;
  tickets: TicketsService;
}

/** Reading a conversation (spec 1 section 7, GET /messages/{ticketId}). */
export class MessagesService {
  private readonly repo: MessagesRepo;

  constructor(private readonly deps: MessagesServiceDeps) {
    this.repo = new MessagesRepo(deps.db);
  }

  /** The ticket's visibility decides; opening the newest page reads the conversation. */
  async list(ctx: RequestContext, ticketId: number, pageNumber: number): Promise<MessageList> {
    let detail = await this.deps.tickets.findVisibleById(ctx, ticketId);
    if (pageNumber === 1) detail = await this.deps.tickets.markRead(ctx, detail);
    const pageSize = LIMITS.pageSize;
    const { rows, count } = await this.repo.pageOfTicket(ctx.companyId, ticketId, {
      number: pageNumber,
      size: pageSize,
    });
    return {
      messages: rows.map(presentMessage),
      ticket: presentDetail(detail),
      count,
      hasMore: pageNumber * pageSize < count,
    };
  }
}
