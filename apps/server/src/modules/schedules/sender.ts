import { basename } from "node:path";
import {
  nextOccurrence,
  renderMessageVariables,
  type ScheduleIntervalo,
  type ScheduleStatus,
  type ScheduleTipoDias,
} from "@inbox/shared";
import type { Db, Tx } from "../../db/client.js";
import { messages, tickets } from "../../db/schema/index.js";
import { rowOf } from "../../db/tenant-scope.js";
import type { Realtime } from "../../realtime/realtime.js";
import type { TicketEvents } from "../../realtime/ticket-events.js";
import { mimeTypeOf } from "../messages/media.js";
import type { NewOutbound, OutboundService } from "../messages/outbound-service.js";
import { presentMessage } from "../messages/presenter.js";
import { previewOfMessage } from "../messages/preview.js";
import { TicketLifecycleRepo } from "../tickets/lifecycle-repo.js";
import type { TicketRow } from "../tickets/presenter.js";
import { TicketsRepo } from "../tickets/repo.js";
import { presentDetail } from "../tickets/service.js";
import { presentSchedule } from "./presenter.js";
import { type ScheduleRow, SchedulesRepo } from "./repo.js";
import type { ScheduleTimer } from "./service.js";

export interface ScheduleSenderDeps {
  db: Db;
  realtime: Realtime;
  events: TicketEvents;
  outbound: Pick<OutboundService, "rowOf" | "send">;
  logger: { warn(obj: object, msg: string): void };
  /** Sets the next occurrence's send job (the due sweep covers a timer not set). */
  timer?: ScheduleTimer;
  /** The time "now" for due checks (tests set it; default the system clock). */
  clock?: () => Date;
}

type Target = { ticket: TicketRow; opened: boolean; connectionName: string; contactName: string };
type Prepared =
  | { kind: "skip" }
  | { kind: "failed"; code: string; next?: ScheduleRow }
  | {
      kind: "stored";
      messageId: number;
      created?: { ticketId: number; opened: boolean; message: MessageRow };
      next?: ScheduleRow;
    };
type MessageRow = typeof messages.$inferSelect;

/**
 * Sends a due schedule on the outbound path (DESIGN section 5):
 *
 * 1. One transaction holding the schedule's row lock: find the contact's
 *    ticket (or open one, as the lifecycle does), store the outbound message
 *    (ack 0) and write its id on the schedule. A second run finds the id and
 *    stores nothing.
 * 2. outbound.send: the claim lets only one sender call the provider, and a
 *    message with a provider id is never sent again.
 * 3. The schedule becomes completed (provider id) or error (final failure);
 *    a retryable failure leaves it pending: the outbound sweeper sends the
 *    message and the next due sweep settles the schedule.
 *
 * A recurring schedule's next occurrence is inserted in step 1's transaction
 * (also when this one fails for want of a contact or connection, which is
 * then marked error in that same transaction): a crash before the commit
 * leaves neither, a second run finds the message id (or the error) and adds
 * nothing, and the unique (seriesId, occurrence) index refuses a duplicate.
 */
export class ScheduleSender {
  private readonly repo: SchedulesRepo;
  private readonly lifecycle: TicketLifecycleRepo;
  private readonly tickets: TicketsRepo;

  constructor(private readonly deps: ScheduleSenderDeps) {
    this.repo = new SchedulesRepo(deps.db);
    this.lifecycle = new TicketLifecycleRepo(deps.db);
    this.tickets = new TicketsRepo(deps.db);
  }

  /** Sends one schedule if it is pending and due; answers its status afterwards (undefined: gone). */
  async deliver(companyId: number, scheduleId: number): Promise<ScheduleStatus | undefined> {
    const prepared = await this.repo.transaction((tx) => this.prepare(tx, companyId, scheduleId));
    if (prepared.kind === "skip")
      return (await this.repo.findById(companyId, scheduleId))?.status as ScheduleStatus | undefined;
    if (prepared.next) await this.announceNext(prepared.next);
    if (prepared.kind === "failed") {
      await this.announce(companyId, scheduleId);
      return "error";
    }
    if (prepared.created) await this.announceMessage(companyId, prepared.created);
    // Retryable provider errors throw after giving the claim back: the outbound sweeper retries.
    await this.deps.outbound.send(companyId, prepared.messageId).catch(() => {});
    const message = await this.repo.message(companyId, prepared.messageId);
    if (!message) {
      // The ticket was deleted with its messages before the send.
      await this.settle(companyId, scheduleId, { status: "error", sendError: "ERR_NO_TICKET_FOUND" });
      return "error";
    }
    if (message.providerMessageId)
      await this.settle(companyId, scheduleId, { status: "completed", sentAt: message.updatedAt });
    else if (message.sendError)
      await this.settle(companyId, scheduleId, { status: "error", sendError: message.sendError });
    return (await this.repo.findById(companyId, scheduleId))?.status as ScheduleStatus | undefined;
  }

  /** Every pending schedule whose time has come (and those waiting on a retried send), in pages. */
  async sweep(limit = 100): Promise<number> {
    const due = await this.repo.due(limit, this.now());
    for (const { companyId, id } of due) {
      await this.deliver(companyId, id).catch((err) =>
        this.deps.logger.warn({ err, scheduleId: id }, "scheduled message not sent"),
      );
    }
    return due.length;
  }

  private async prepare(tx: Tx, companyId: number, id: number): Promise<Prepared> {
    const schedule = await this.repo.lock(tx, companyId, id);
    if (schedule?.status !== "pending") return { kind: "skip" };
    if (schedule.messageId !== null) return { kind: "stored", messageId: schedule.messageId };
    // An early timer (the schedule was moved later since): its own timer comes at the new time.
    if (schedule.sendAt.getTime() > this.now().getTime()) return { kind: "skip" };
    const next = await this.insertNext(tx, schedule);
    const target = await this.ticketFor(tx, schedule);
    if ("code" in target) {
      await this.repo.update(companyId, id, { status: "error", sendError: target.code }, tx);
      return { kind: "failed", code: target.code, next };
    }
    const { ticket } = target;
    const user = schedule.userId === null ? undefined : await this.repo.user(companyId, schedule.userId, tx);
    const body = renderMessageVariables(schedule.body, {
      ticketId: ticket.id,
      contactName: target.contactName,
      userName: user?.name ?? "",
      connectionName: target.connectionName,
    });
    const outbound: NewOutbound = {
      companyId,
      ticketId: ticket.id,
      contactId: schedule.contactId,
      whatsappId: ticket.whatsappId as number,
      userId: user?.id ?? null,
      body,
    };
    if (schedule.mediaPath) {
      outbound.kind = "image";
      outbound.mediaType = "image";
      outbound.mediaUrl = schedule.mediaPath;
      outbound.mimeType = mimeTypeOf(schedule.mediaPath);
      outbound.filename = schedule.mediaName ?? basename(schedule.mediaPath);
    }
    const [message] = await tx.insert(messages).values(this.deps.outbound.rowOf(outbound)).returning();
    if (!message) throw new Error("scheduled message insert returned no row");
    await tx
      .update(tickets)
      .set({ lastMessage: previewOfMessage(message), updatedAt: new Date() })
      .where(rowOf(tickets, companyId, ticket.id));
    await this.repo.update(
      companyId,
      id,
      { messageId: message.id, ticketId: ticket.id, whatsappId: ticket.whatsappId },
      tx,
    );
    return {
      kind: "stored",
      messageId: message.id,
      created: { ticketId: ticket.id, opened: target.opened, message },
      next,
    };
  }

  private now(): Date {
    return this.deps.clock?.() ?? new Date();
  }

  /**
   * The series' next occurrence (schedule-recurrence.ts: counted in the
   * company's time zone from the series' nominal start), unless this was the
   * last send or the occurrence exists already.
   */
  private async insertNext(tx: Tx, schedule: ScheduleRow): Promise<ScheduleRow | undefined> {
    const { intervalo, valorIntervalo, enviarQuantasVezes } = schedule;
    if (intervalo === null || valorIntervalo === null || enviarQuantasVezes === null) return undefined;
    if (schedule.occurrence >= enviarQuantasVezes) return undefined;
    const timeZone = await this.repo.timeZone(schedule.companyId, tx);
    const rule = {
      intervalo: intervalo as ScheduleIntervalo,
      valorIntervalo,
      enviarQuantasVezes,
      tipoDias: schedule.tipoDias as ScheduleTipoDias,
    };
    const start = schedule.recurrenceStartAt ?? schedule.sendAt;
    const next = nextOccurrence(start, rule, timeZone, {
      step: schedule.recurrenceStep,
      sendAt: schedule.sendAt,
    });
    if (!next) return undefined;
    return this.repo.insertOccurrence(tx, schedule.companyId, {
      contactId: schedule.contactId,
      ticketId: schedule.ticketId,
      userId: schedule.userId,
      whatsappId: schedule.whatsappId,
      body: schedule.body,
      sendAt: next.sendAt,
      status: "pending",
      mediaPath: schedule.mediaPath,
      mediaName: schedule.mediaName,
      ...rule,
      seriesId: schedule.seriesId ?? schedule.id,
      occurrence: schedule.occurrence + 1,
      recurrenceStartAt: start,
      recurrenceStep: next.step,
    });
  }

  private async announceNext(next: ScheduleRow): Promise<void> {
    const row = await this.repo.findById(next.companyId, next.id);
    if (row)
      this.deps.realtime.toCompany(next.companyId, "schedule", {
        action: "create",
        schedule: presentSchedule(row),
      });
    await this.deps.timer
      ?.at(next.companyId, next.id, next.sendAt)
      .catch((err) => this.deps.logger.warn({ err, scheduleId: next.id }, "schedule timer not set"));
  }

  private async announce(companyId: number, id: number): Promise<void> {
    const row = await this.repo.findById(companyId, id);
    if (row)
      this.deps.realtime.toCompany(companyId, "schedule", {
        action: "update",
        schedule: presentSchedule(row),
      });
  }

  /**
   * The ticket the message goes into: the schedule's own ticket while it is
   * open, else the contact's open ticket on the connection, else a new one
   * (held by the schedule's author, logged as created), as POST /tickets
   * opens it. The connection: the schedule's, its ticket's, the contact's,
   * else the company's default.
   */
  private async ticketFor(tx: Tx, schedule: ScheduleRow): Promise<Target | { code: string }> {
    const { companyId } = schedule;
    const contact = await this.repo.contact(companyId, schedule.contactId, tx);
    if (!contact) return { code: "ERR_NO_CONTACT_FOUND" };
    const origin = schedule.ticketId ? await this.repo.ticket(companyId, schedule.ticketId, tx) : undefined;
    const connectionId =
      schedule.whatsappId ??
      origin?.whatsappId ??
      contact.whatsappId ??
      (await this.repo.defaultConnection(companyId, tx))?.id;
    if (connectionId === undefined || connectionId === null) return { code: "ERR_NO_DEF_WAPP_FOUND" };
    const connection = await this.repo.connection(companyId, connectionId, tx);
    if (!connection) return { code: "ERR_NO_WAPP_FOUND" };
    const facts = { connectionName: connection.name, contactName: contact.name };
    if (origin && origin.status !== "closed" && origin.whatsappId === connection.id)
      return { ticket: origin, opened: false, ...facts };
    const open = await this.lifecycle.openTicket(tx, companyId, contact.id, connection.id);
    if (open) return { ticket: open, opened: false, ...facts };

    const author =
      schedule.userId === null ? undefined : await this.repo.user(companyId, schedule.userId, tx);
    const userId = author?.id ?? null;
    const inserted = await this.lifecycle.insertTicket(tx, {
      companyId,
      contactId: contact.id,
      whatsappId: connection.id,
      userId,
      channel: connection.channel,
      isGroup: contact.isGroup,
      status: userId === null ? "pending" : contact.isGroup ? "group" : "open",
    });
    if (!inserted) {
      // A message of the contact opened one meanwhile (the one-open index): use it.
      const winner = await this.lifecycle.openTicket(tx, companyId, contact.id, connection.id);
      return winner ? { ticket: winner, opened: false, ...facts } : { code: "ERR_CREATING_TICKET" };
    }
    await this.lifecycle.log(tx, { companyId, ticketId: inserted.id, type: "create", userId, queueId: null });
    return { ticket: inserted, opened: true, ...facts };
  }

  private async announceMessage(
    companyId: number,
    created: { ticketId: number; opened: boolean; message: MessageRow },
  ): Promise<void> {
    const detail = await this.tickets.findById(companyId, created.ticketId);
    if (!detail) return;
    const ticket = presentDetail(detail);
    if (created.opened) this.deps.events.ticketChanged(companyId, ticket, "create");
    this.deps.events.messageCreated(companyId, ticket, presentMessage(created.message));
  }

  private async settle(
    companyId: number,
    id: number,
    outcome: { status: "completed"; sentAt: Date } | { status: "error"; sendError: string },
  ): Promise<void> {
    if (!(await this.repo.settle(companyId, id, outcome))) return;
    await this.announce(companyId, id);
  }
}
