import {
  type ContactTicketStatusDto,
  canSeeTicket,
  isAdminProfile,
  type MessageDto,
  QUEUE_REQUIRED_MESSAGE,
  renderMessageVariables,
  TICKET_LOG_TYPES,
  type TicketCloseAllBody,
  type TicketCreateBody,
  type TicketDto,
  type TicketLogEntryDto,
  type TicketUpdateBody,
} from "@inbox/shared";
import type { Db, Tx } from "../../db/client.js";
import { AppError } from "../../http/app-error.js";
import type { RequestContext } from "../../http/context.js";
import type { TicketEvents } from "../../realtime/ticket-events.js";
import type { NewOutbound } from "../messages/outbound-service.js";
import { type MessageRow, presentMessage } from "../messages/presenter.js";
import { asksToAccept, handedBy, type LifecycleActor, planTransition, type Transition } from "./lifecycle.js";
import { type LifecycleSettings, TicketLifecycleRepo } from "./lifecycle-repo.js";
import { isOneOpenViolation, OneOpenConflict, otherOpenTicket } from "./one-open.js";
import { viewScopeFor } from "./policy.js";
import type { TicketRow } from "./presenter.js";
import { type TicketDetail, TicketsRepo } from "./repo.js";
import { presentDetail } from "./service.js";

/** The outbound path (modules/messages/outbound-service.ts): a durable row, then the channel. */
export interface OutboundQueue {
  queue(input: NewOutbound): Promise<MessageRow>;
}

export interface TicketLifecycleDeps {
  db: Db;
  events: TicketEvents;
  outbound: OutboundQueue;
  logger: { error(obj: object, msg: string): void };
  /** The automatic conversation: told when a resolve leaves the ticket waiting for the contact's rating. */
  automation?: { notify(tickets: { companyId: number; ticketId: number }[]): void };
}

/** Said on accept when the company enabled sendGreetingAccepted but wrote no text. */
export const DEFAULT_GREETING_ACCEPTED =
  "{{ms}} {{firstName}}, meu nome é {{userName}} e agora vou prosseguir com seu atendimento!";

/** What a transition sends to the contact once it is committed. */
type Outgoing = "greeting" | "farewell" | "transfer";

interface Applied {
  before: TicketRow;
  transition: Transition;
  settings: LifecycleSettings;
  /** The new ticket the conversation went on in (closeTicketOnTransfer), when not the same. */
  continuedIn?: number;
}

/**
 * The ticket lifecycle (spec 1 sections 4 and 6): opening, the transitions
 * of PUT /tickets/{id}, closing all, deleting, the log and a contact's status.
 * Each transition runs in one transaction holding the ticket's row lock
 * (decide, change, log); what it sends to the contact is queued on the
 * outbound path once committed, and every change is announced through
 * TicketEvents.
 */
export class TicketLifecycleService {
  private readonly repo: TicketLifecycleRepo;
  private readonly tickets: TicketsRepo;

  constructor(private readonly deps: TicketLifecycleDeps) {
    this.repo = new TicketLifecycleRepo(deps.db);
    this.tickets = new TicketsRepo(deps.db);
  }

  /** POST /tickets: one non-closed ticket per contact and connection, else ERR_OTHER_OPEN_TICKET naming it. */
  async create(ctx: RequestContext, body: TicketCreateBody): Promise<TicketDto> {
    const { companyId } = ctx;
    if (body.queueId === undefined || body.queueId === null)
      throw new AppError("ERR_VALIDATION", { field: "queueId", message: QUEUE_REQUIRED_MESSAGE });
    const queueId = body.queueId;
    const id = await this.withOneOpenCheck(companyId, body.contactId, body.whatsappId, async () =>
      this.repo.transaction(async (tx) => {
        const contact = await this.repo.contact(tx, companyId, body.contactId);
        if (!contact) throw new AppError("ERR_NO_CONTACT_FOUND");
        const connection = await this.repo.connection(tx, companyId, body.whatsappId);
        if (!connection) throw new AppError("ERR_NO_WAPP_FOUND");
        await this.checkQueue(tx, companyId, queueId);
        const userId = body.status === "pending" ? null : (body.userId ?? ctx.user.id);
        if (userId !== null && userId !== ctx.user.id) await this.checkUser(tx, companyId, userId);
        await this.refuseOtherOpen(tx, companyId, contact.id, connection.id);
        const row = await this.repo.insertTicket(tx, {
          companyId,
          contactId: contact.id,
          whatsappId: connection.id,
          queueId,
          userId,
          channel: connection.channel,
          isGroup: contact.isGroup,
          status: userId === null ? "pending" : contact.isGroup ? "group" : "open",
        });
        // A concurrent create won the one-open index between the check and the insert.
        if (!row) throw new OneOpenConflict();
        await this.repo.log(tx, {
          companyId,
          ticketId: row.id,
          type: "create",
          userId: ctx.user.id,
          queueId,
        });
        return row.id;
      }),
    );
    const dto = presentDetail(await this.detail(companyId, id));
    this.deps.events.ticketChanged(companyId, dto, "create", undefined, handedBy(ctx, undefined, dto));
    return dto;
  }

  /** PUT /tickets/{id}: one transition of spec 1 section 4. */
  async update(ctx: RequestContext, id: number, body: TicketUpdateBody): Promise<TicketDto> {
    const { companyId } = ctx;
    const actor: LifecycleActor = {
      id: ctx.user.id,
      admin: isAdminProfile(ctx.user),
      userClosePendingTicket: ctx.user.userClosePendingTicket === "enabled",
    };
    const scope = viewScopeFor(ctx.user, await this.tickets.viewerQueueIds(ctx));

    const lookup = await this.tickets.findById(companyId, id);
    if (!lookup) throw new AppError("ERR_NO_TICKET_FOUND");
    const applied = await this.withOneOpenCheck(
      companyId,
      lookup.ticket.contactId,
      lookup.ticket.whatsappId,
      () =>
        this.repo.transaction(async (tx): Promise<Applied> => {
          const before = await this.repo.lock(tx, companyId, id);
          if (!before) throw new AppError("ERR_NO_TICKET_FOUND");
          if (!canSeeTicket(scope, before)) {
            // Accepting a ticket of one's queues that another attendant took first: the answer names them.
            const couldAccept =
              asksToAccept(body, actor.id) &&
              canSeeTicket(scope, { ...before, status: "pending", userId: null });
            if (!couldAccept) throw new AppError("ERR_NO_PERMISSION");
          }
          const transition = planTransition(before, body, actor);
          const settings = await this.repo.settings(tx, companyId);
          if (transition.action === "taken" || transition.action === "unchanged")
            return { before, transition, settings };

          const { changes } = transition;
          if (changes.queueId !== undefined && changes.queueId !== null && changes.queueId !== before.queueId)
            await this.checkQueue(tx, companyId, changes.queueId);
          if (changes.userId !== undefined && changes.userId !== null && changes.userId !== actor.id)
            await this.checkUser(tx, companyId, changes.userId);
          if (
            transition.checkRequiredTag &&
            settings.requiredTag === "enabled" &&
            !(await this.repo.hasTag(tx, companyId, before.contactId, before.id))
          )
            throw new AppError("ERR_TAG_REQUIRED", {
              message: "The contact needs a tag before the ticket is resolved",
            });
          if (before.status === "closed" && changes.status !== undefined && changes.status !== "closed")
            await this.refuseOtherOpen(tx, companyId, before.contactId, before.whatsappId);

          if (transition.action === "close" && transition.farewell) {
            const rating = await this.ratingWait(tx, companyId, before, settings, transition);
            if (rating) Object.assign(transition, rating);
          }
          if (closesOnTransfer(before, transition, settings)) {
            const continuedIn = await this.continueInNewTicket(tx, companyId, before, transition, actor.id);
            return { before, transition, settings, continuedIn };
          }
          const after = await this.repo.update(tx, companyId, id, transition.changes);
          // Waiting for the rating: the question is the automation's, marked in this transaction.
          if (after.status === "nps") await this.repo.markDue(tx, companyId, id);
          if (transition.log)
            await this.repo.log(tx, {
              companyId,
              ticketId: id,
              type: transition.log,
              userId: actor.id,
              queueId: after.queueId,
            });
          if (transition.action === "transfer" && after.userId !== null)
            await this.repo.log(tx, {
              companyId,
              ticketId: id,
              type: "receivedTransfer",
              userId: after.userId,
              queueId: after.queueId,
            });
          return { before, transition, settings };
        }),
    );

    const { transition, before, continuedIn } = applied;
    if (continuedIn !== undefined) {
      // The transferred ticket is closed; the answer (and the transfer message) is the new one.
      this.deps.events.ticketChanged(
        companyId,
        presentDetail(await this.detail(companyId, id)),
        "update",
        before,
      );
      const next = await this.detail(companyId, continuedIn);
      const dto = presentDetail(next);
      this.deps.events.ticketChanged(companyId, dto, "create", undefined, handedBy(ctx, before, dto));
      return (await this.sendOutgoing(ctx, next, applied, body)) ?? dto;
    }
    const detail = await this.detail(companyId, id);
    if (transition.action === "taken" || transition.action === "unchanged") return presentDetail(detail);

    const dto = presentDetail(detail);
    this.deps.events.ticketChanged(companyId, dto, "update", before, handedBy(ctx, before, dto));
    if (detail.ticket.status === "nps") this.deps.automation?.notify([{ companyId, ticketId: id }]);
    const sent = await this.sendOutgoing(ctx, detail, applied, body);
    return sent ?? dto;
  }

  /**
   * Resolving with the farewell while the company's userRating is on (and the
   * connection has a rating message): the ticket is not closed yet. It waits
   * in nps, out of the attendants' lists and with its user kept, and the
   * automation asks the contact for a score (automation/machine.ts rating),
   * then sends the completion message and closes it. The ticket is marked due
   * in this transaction, so a crash before the question goes out loses nothing.
   */
  private async ratingWait(
    tx: Tx,
    companyId: number,
    before: TicketRow,
    settings: LifecycleSettings,
    transition: Transition,
  ): Promise<Pick<Transition, "changes" | "farewell"> | undefined> {
    if (settings.userRating !== "enabled" || before.isGroup || before.whatsappId === null) return undefined;
    const connection = await this.repo.connection(tx, companyId, before.whatsappId);
    if (!connection?.ratingMessage?.trim()) return undefined;
    const { closedAt: _notClosedYet, ...changes } = transition.changes;
    return { changes: { ...changes, status: "nps" }, farewell: false };
  }

  /**
   * closeTicketOnTransfer: the transferred ticket closes where it stands (its
   * history stays with its queue and user) and the contact's conversation goes
   * on in a new ticket of the target queue, with the target user or pending.
   * Both happen in the transaction that holds the old ticket's lock, so the
   * one-open rule never sees two. Answers the new ticket's id.
   */
  private async continueInNewTicket(
    tx: Tx,
    companyId: number,
    before: TicketRow,
    transition: Transition,
    actorId: number,
  ): Promise<number> {
    const { changes } = transition;
    const queueId = changes.queueId ?? before.queueId;
    const userId = changes.userId ?? null;
    await this.repo.update(tx, companyId, before.id, { status: "closed", closedAt: new Date() });
    await this.repo.log(tx, { companyId, ticketId: before.id, type: "transfered", userId: actorId, queueId });
    await this.repo.log(tx, {
      companyId,
      ticketId: before.id,
      type: "closed",
      userId: actorId,
      queueId: before.queueId,
    });
    const row = await this.repo.insertTicket(tx, {
      companyId,
      contactId: before.contactId,
      whatsappId: before.whatsappId,
      channel: before.channel,
      isGroup: before.isGroup,
      queueId,
      userId,
      status: changes.status ?? "pending",
    });
    if (!row) throw new OneOpenConflict();
    await this.repo.log(tx, { companyId, ticketId: row.id, type: "create", userId: actorId, queueId });
    if (userId !== null)
      await this.repo.log(tx, { companyId, ticketId: row.id, type: "receivedTransfer", userId, queueId });
    return row.id;
  }

  /** DELETE /tickets/{id}: admins only (spec 1 section 6); messages, notes and logs go with it. */
  async remove(ctx: RequestContext, id: number): Promise<void> {
    if (!isAdminProfile(ctx.user)) throw new AppError("ERR_NO_PERMISSION");
    const detail = await this.tickets.findById(ctx.companyId, id);
    if (!detail) throw new AppError("ERR_NO_TICKET_FOUND");
    if (!(await this.repo.remove(ctx.companyId, id))) throw new AppError("ERR_NO_TICKET_FOUND");
    this.deps.events.ticketDeleted(ctx.companyId, presentDetail(detail));
  }

  /** POST /tickets/closeAll: admins only; closed without farewell, one log entry and one event each. */
  async closeAll(ctx: RequestContext, body: TicketCloseAllBody): Promise<{ closed: number }> {
    if (!isAdminProfile(ctx.user)) throw new AppError("ERR_NO_PERMISSION");
    const ids = await this.repo.closeAll(ctx.companyId, body.status, body.selectedQueueIds, ctx.user.id);
    for (let i = 0; i < ids.length; i += 200) {
      const details = await this.tickets.findByIds(ctx.companyId, ids.slice(i, i + 200));
      for (const detail of details) {
        const dto = presentDetail(detail);
        this.deps.events.ticketChanged(ctx.companyId, dto, "update", { ...dto, status: body.status });
      }
    }
    return { closed: ids.length };
  }

  /** GET /tickets-log/{ticketId}: the timeline of a ticket the user may see. */
  async logs(ctx: RequestContext, ticketId: number): Promise<TicketLogEntryDto[]> {
    const detail = await this.tickets.findById(ctx.companyId, ticketId);
    if (!detail) throw new AppError("ERR_NO_TICKET_FOUND");
    const scope = viewScopeFor(ctx.user, await this.tickets.viewerQueueIds(ctx));
    if (!canSeeTicket(scope, detail.ticket)) throw new AppError("ERR_NO_PERMISSION");
    const rows = await this.repo.logs(ctx.companyId, ticketId);
    return rows
      .filter((r) => (TICKET_LOG_TYPES as readonly string[]).includes(r.type))
      .map((r) => ({
        id: r.id,
        ticketId: r.ticketId,
        type: r.type as TicketLogEntryDto["type"],
        userId: r.userId,
        user: r.userId !== null && r.userName !== null ? { id: r.userId, name: r.userName } : null,
        queueId: r.queueId,
        queue:
          r.queueId !== null && r.queueName !== null && r.queueColor !== null
            ? { id: r.queueId, name: r.queueName, color: r.queueColor }
            : null,
        fromLane: r.fromLane?.name ? r.fromLane : null,
        toLane: r.toLane?.name ? r.toLane : null,
        flowStep:
          r.type === "flow" && r.detail
            ? { flowId: r.detail.flowId, nodeType: r.detail.nodeType ?? null, ended: r.detail.ended ?? null }
            : null,
        createdAt: r.createdAt.toISOString(),
      }));
  }

  /** GET /contacts/{id}/status: is the contact waiting in a queue, or held by an attendant? */
  async contactStatus(ctx: RequestContext, contactId: number): Promise<ContactTicketStatusDto> {
    const contact = await this.repo.contact(this.deps.db, ctx.companyId, contactId);
    if (!contact) throw new AppError("ERR_NO_CONTACT_FOUND");
    const open = await this.repo.openTicketsOfContact(ctx.companyId, contactId);
    const held = open.find((t) => t.userId !== null && t.userName !== null && t.status !== "pending");
    if (held)
      return {
        inQueue: false,
        beingAttendedBy: { id: held.userId as number, name: held.userName as string },
        ticket: { id: held.id, uuid: held.uuid, status: held.status },
      };
    const waiting = open[0];
    return {
      inQueue: Boolean(waiting),
      beingAttendedBy: null,
      ticket: waiting ? { id: waiting.id, uuid: waiting.uuid, status: waiting.status } : null,
    };
  }

  private async detail(companyId: number, id: number): Promise<TicketDetail> {
    const detail = await this.tickets.findById(companyId, id);
    if (!detail) throw new AppError("ERR_NO_TICKET_FOUND");
    return detail;
  }

  private async checkQueue(runner: Tx, companyId: number, queueId: number): Promise<void> {
    if (!(await this.repo.queueExists(runner, companyId, queueId)))
      throw new AppError("ERR_VALIDATION", { field: "queueId", message: "Unknown queue" });
  }

  private async checkUser(runner: Tx, companyId: number, userId: number): Promise<void> {
    if (!(await this.repo.user(runner, companyId, userId))) throw new AppError("ERR_NO_USER_FOUND");
  }

  private async refuseOtherOpen(
    runner: Tx,
    companyId: number,
    contactId: number,
    whatsappId: number | null,
  ): Promise<void> {
    const open = await this.repo.openTicketOf(runner, companyId, contactId, whatsappId);
    if (open) throw otherOpenTicket(open);
  }

  /**
   * Runs `work`; when the one-open index refuses it (a concurrent open won
   * after the check), answers ERR_OTHER_OPEN_TICKET naming the winner.
   */
  private async withOneOpenCheck<T>(
    companyId: number,
    contactId: number,
    whatsappId: number | null,
    work: () => Promise<T>,
  ): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof OneOpenConflict) && !isOneOpenViolation(error)) throw error;
      const open = await this.repo.openTicketOf(this.deps.db, companyId, contactId, whatsappId);
      if (!open) throw new AppError("ERR_CREATING_TICKET");
      throw otherOpenTicket(open);
    }
  }

  /**
   * Greeting on accept, farewell on close, transfer message: rendered with the
   * message variables, stored and sent through the channel (outbound path),
   * announced as new messages. Answers the ticket with its new last message.
   */
  private async sendOutgoing(
    ctx: RequestContext,
    detail: TicketDetail,
    applied: Applied,
    body: TicketUpdateBody,
  ): Promise<TicketDto | undefined> {
    const { ticket, contact } = detail;
    if (ticket.whatsappId === null || !detail.whatsapp) return undefined;
    const connection = await this.repo.connection(this.deps.db, ctx.companyId, ticket.whatsappId);
    if (!connection) return undefined;
    const texts: [Outgoing, string][] = [];
    const { transition, settings, before } = applied;
    if (
      transition.greet &&
      before.status === "pending" &&
      settings.sendGreetingAccepted === "enabled" &&
      (!ticket.isGroup || connection.groupAsTicket === "enabled")
    )
      texts.push(["greeting", settings.greetingAcceptedMessage?.trim() || DEFAULT_GREETING_ACCEPTED]);
    const waiting = before.status === "pending" || before.status === "lgpd";
    if (
      transition.farewell &&
      !ticket.isGroup &&
      (!waiting || settings.sendFarewellWaitingTicket === "enabled")
    ) {
      const farewell = connection.complationMessage?.trim() || ctx.user.farewellMessage?.trim();
      if (farewell) texts.push(["farewell", farewell]);
    }
    if (transition.transferMessage) {
      const typed = body.msgTransfer?.trim();
      const configured =
        settings.sendMsgTransfTicket === "enabled" ? settings.transferMessage?.trim() : undefined;
      const text = typed || configured;
      if (text) texts.push(["transfer", text]);
    }
    if (texts.length === 0) return undefined;

    const facts = {
      ticketId: ticket.id,
      contactName: contact.name,
      userName: detail.user?.name ?? ctx.user.name,
      queueName: detail.queue?.name ?? "",
      connectionName: connection.name,
    };
    let latest: TicketDto | undefined;
    for (const [kind, template] of texts) {
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the original product's transfer text names the queue so.
      const text = renderMessageVariables(template.replaceAll("${queue.name}", "{{queue}}"), facts);
      try {
        const message = await this.deps.outbound.queue({
          companyId: ctx.companyId,
          ticketId: ticket.id,
          contactId: contact.id,
          whatsappId: ticket.whatsappId,
          userId: ctx.user.id,
          body: text,
        });
        const row = await this.repo.setLastMessage(ctx.companyId, ticket.id, text);
        latest = presentDetail({ ...detail, ticket: row ?? ticket });
        this.announceMessage(ctx.companyId, latest, presentMessage(message, ctx.user));
      } catch (err) {
        // The transition is committed: a message that could not even be stored must not turn it into an error.
        this.deps.logger.error({ err, ticketId: ticket.id, kind }, "lifecycle message not queued");
      }
    }
    return latest;
  }

  private announceMessage(companyId: number, ticket: TicketDto, message: MessageDto): void {
    this.deps.events.messageCreated(companyId, ticket, message);
  }
}

/** closeTicketOnTransfer applies to a transfer of a ticket still in progress to another queue. */
function closesOnTransfer(before: TicketRow, transition: Transition, settings: LifecycleSettings): boolean {
  const queueId = transition.changes.queueId;
  return (
    transition.action === "transfer" &&
    settings.closeTicketOnTransfer === "enabled" &&
    before.status !== "closed" &&
    queueId !== undefined &&
    queueId !== null &&
    queueId !== before.queueId
  );
}
