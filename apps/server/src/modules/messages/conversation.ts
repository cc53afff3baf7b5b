import { CHANNELS, type Channel, type TicketDto } from "@inbox/shared";
import { AppError } from "../../http/app-error.js";
import type { RequestContext } from "../../http/context.js";
import type { TicketRow } from "../tickets/presenter.js";
import type { TicketDetail } from "../tickets/repo.js";
import { presentDetail } from "../tickets/service.js";
import type { NewOutbound } from "./outbound-service.js";
import { type MessageRow, presentMessage } from "./presenter.js";
import { previewOfMessage } from "./preview.js";
import type { MessagesRepo } from "./repo.js";
import type { MessagesServiceDeps } from "./service.js";

/** A ticket messages are stored on, and how it is presented in the events that announce them. */
export interface StoreTarget {
  ticket: TicketRow;
  present: (ticket: TicketRow) => TicketDto;
}

/**
 * What the conversation's calls share: the message the user may see, and storing outgoing
 * messages with the ticket's move, their events, read receipts and the send.
 */
export class Conversation {
  constructor(
    private readonly deps: Pick<MessagesServiceDeps, "tickets" | "outbound" | "events" | "logger">,
    private readonly repo: MessagesRepo,
  ) {}

  /** A message of a ticket the user may see (its ticket's visibility decides). */
  async visibleMessage(
    ctx: RequestContext,
    id: number,
  ): Promise<{ message: MessageRow; detail: TicketDetail }> {
    const message = await this.repo.findById(ctx.companyId, id);
    if (!message) throw new AppError("ERR_NOT_FOUND", { message: "Message not found" });
    return { message, detail: await this.deps.tickets.findVisibleById(ctx, message.ticketId) };
  }

  /**
   * Stores the messages with the ticket's move (one transaction), announces
   * them, then sends: after a crash the stored rows are sent by the sweeper,
   * and the claim keeps each to one send.
   */
  async store(
    ctx: RequestContext,
    target: StoreTarget,
    messages: NewOutbound[],
    options: { dispatch: boolean } = { dispatch: true },
  ): Promise<MessageRow[]> {
    const rows = messages.map((m) => this.deps.outbound.rowOf(m));
    const last = rows.filter((m) => !m.isPrivate).at(-1);
    const lastMessage = last ? previewOfMessage({ ...last, body: last.body ?? "" }) : undefined;
    const stored = await this.repo.storeOutgoing(ctx.companyId, target.ticket.id, rows, lastMessage);
    const ticket = target.present(stored.ticket ?? target.ticket);
    for (const row of stored.messages)
      this.deps.events.messageCreated(ctx.companyId, ticket, presentMessage(row, ctx.user));
    this.receipts(ctx.companyId, target.ticket.id, stored.read);
    if (options.dispatch) this.deps.outbound.dispatch(stored.messages);
    return stored.messages;
  }

  /** Read receipts to the channel for the contact's messages just marked read. */
  receipts(companyId: number, ticketId: number, read: Awaited<ReturnType<MessagesRepo["markInboundRead"]>>) {
    if (!read.some((r) => r.providerMessageId)) return;
    void this.deps.outbound
      .sendReadReceipts(companyId, ticketId, read)
      .catch((err) => this.deps.logger.warn({ err, ticketId }, "read receipts failed"));
  }
}

/** The channel a ticket's messages go out on (undefined without a connection: private notes only). */
export function channelOf(detail: TicketDetail): Channel | undefined {
  return asChannel(detail.whatsapp?.channel);
}

export function asChannel(value: string | undefined): Channel | undefined {
  return (CHANNELS as readonly string[]).includes(value ?? "") ? (value as Channel) : undefined;
}

/** The ticket the user sees, presented with everything the lists show. */
export function shown(detail: TicketDetail): StoreTarget {
  return { ticket: detail.ticket, present: (ticket: TicketRow) => presentDetail({ ...detail, ticket }) };
}
