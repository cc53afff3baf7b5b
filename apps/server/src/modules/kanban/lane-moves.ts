import { randomUUID } from "node:crypto";
import { BotEffects } from "../../automation/effects.js";
import { AutomationRepo } from "../../automation/repo.js";
import type { Db, Tx } from "../../db/client.js";
import { tickets as ticketsTable } from "../../db/schema/index.js";
import { rowOf } from "../../db/tenant-scope.js";
import { AppError } from "../../http/app-error.js";
import type { RequestContext } from "../../http/context.js";
import type { Jobs } from "../../jobs/jobs.js";
import type { TicketEvents } from "../../realtime/ticket-events.js";
import type { OutboundService } from "../messages/outbound-service.js";
import { type MessageRow, presentMessage } from "../messages/presenter.js";
import { previewOfMessage } from "../messages/preview.js";
import type { TicketRow } from "../tickets/presenter.js";
import { TicketsRepo } from "../tickets/repo.js";
import { presentDetail, type TicketsService } from "../tickets/service.js";
import { LaneRepo, type LaneRow } from "./lane-repo.js";

export const LANE_TIMER = "kanban.laneTimer";

const HOUR_MS = 3_600_000;

export interface LaneMovesDeps {
  db: Db;
  events: TicketEvents;
  outbound: OutboundService;
  logger: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** The clock (tests move it). */
  now?: () => Date;
}

/** What one lane change did, announced after its transaction commits. */
export interface LaneChange {
  companyId: number;
  ticketId: number;
  fromTagId: number | null;
  toTagId: number | null;
  /** The lane's greeting, stored in the move's transaction (sent by the outbound path, or its sweeper). */
  greeting: MessageRow[];
  /** The lane's timeLane move: its job is queued after the commit (the sweeper runs it if that is lost). */
  timer?: { at: Date; laneEntry: string };
}

/**
 * A ticket's kanban lane (spec 2): the one ticket_tags row whose tag has
 * kanban = 1. Changing it is one transaction under the ticket's row lock:
 * the old link removed, the new one inserted with a fresh entry token (and
 * the lane's timer), a "lane" log entry, the lane's greeting stored as an
 * outbound message. After the commit the greeting is sent, the screens hear
 * the ticket's new tags and the timer job is queued. The same change serves
 * users (PUT/DELETE /ticket-tags) and the lane automation (lane-automation.ts).
 */
export class LaneMoves {
  readonly repo: LaneRepo;
  private readonly tickets: TicketsRepo;
  private readonly effects: BotEffects;
  private jobs?: Jobs;

  constructor(private readonly deps: LaneMovesDeps) {
    this.repo = new LaneRepo(deps.db);
    this.tickets = new TicketsRepo(deps.db);
    this.effects = new BotEffects(new AutomationRepo(deps.db), deps.outbound, deps.logger);
  }

  attach(jobs: Jobs): void {
    this.jobs = jobs;
  }

  now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /**
   * Moves the locked ticket to `to` (null: out of every lane, back to the
   * board's default column). Already there: nothing happens (no log, no
   * greeting, no new timer). `by`: the user, or null for the automation.
   * A closed ticket may be moved by a user, but is neither greeted nor timed;
   * a group's ticket is not greeted.
   */
  async change(
    tx: Tx,
    ticket: TicketRow,
    to: LaneRow | null,
    by: number | null,
    now: Date,
  ): Promise<LaneChange | undefined> {
    const { companyId, id: ticketId } = ticket;
    const links = await this.repo.laneLinks(tx, companyId, ticketId);
    if (to ? links.length === 1 && links[0]?.tagId === to.id : links.length === 0) return undefined;
    const stays = to !== null && links.some((l) => l.tagId === to.id);
    await this.repo.removeLinks(
      tx,
      companyId,
      ticketId,
      links.map((l) => l.tagId).filter((id) => id !== to?.id),
    );
    const change: LaneChange = {
      companyId,
      ticketId,
      fromTagId: links.find((l) => l.tagId !== to?.id)?.tagId ?? null,
      toTagId: to?.id ?? null,
      greeting: [],
    };
    await this.repo.logLane(tx, {
      companyId,
      ticketId,
      userId: by,
      fromTagId: change.fromTagId,
      toTagId: change.toTagId,
    });
    // Already in the lane beside another (data from before moves replaced): it stays, not entered again.
    if (!to || stays) return change;
    const live = ticket.status !== "closed";
    const laneEntry = randomUUID();
    const timed = live && to.timeLane > 0 && to.nextLaneId !== null && to.nextLaneId !== to.id;
    const timerAt = timed ? new Date(now.getTime() + to.timeLane * HOUR_MS) : null;
    await this.repo.enter(tx, { companyId, ticketId, tagId: to.id, laneEntry, laneTimerAt: timerAt });
    if (timerAt) change.timer = { at: timerAt, laneEntry };
    const greeting = to.greetingMessageLane?.trim();
    // A group is not the contact the greeting speaks to (the bot stays quiet in groups too).
    if (live && greeting && !ticket.isGroup) {
      const render = await this.effects.renderer(tx, ticket, ticket, now);
      change.greeting = await this.effects.apply(tx, ticket, [{ type: "send", body: greeting }], now, render);
      const last = change.greeting.at(-1);
      if (last)
        await tx
          .update(ticketsTable)
          .set({ lastMessage: previewOfMessage(last), updatedAt: now })
          .where(rowOf(ticketsTable, companyId, ticketId));
    }
    return change;
  }

  /** After the commit: the greeting goes out, the screens hear the ticket's tags, the timer is queued. */
  async announce(change: LaneChange): Promise<void> {
    const { companyId, ticketId } = change;
    if (change.greeting.length > 0) this.deps.outbound.dispatch(change.greeting);
    const detail = await this.tickets.findById(companyId, ticketId);
    if (detail) {
      const dto = presentDetail(detail);
      for (const message of change.greeting)
        this.deps.events.messageCreated(companyId, dto, presentMessage(message));
      this.deps.events.ticketChanged(companyId, dto);
    }
    if (change.timer && this.jobs)
      await this.jobs
        .send(
          LANE_TIMER,
          { companyId, ticketId, laneEntry: change.timer.laneEntry },
          { startAfter: change.timer.at, singletonKey: `${ticketId}:${change.timer.laneEntry}` },
        )
        // The timer stays in ticket_tags: the lane sweeper runs it when its job was not queued.
        .catch((err) => this.deps.logger.warn({ err, companyId, ticketId }, "lane timer job not queued"));
  }

  /** A lane move of one ticket in its own transaction, announced after the commit. */
  async move(
    companyId: number,
    ticketId: number,
    decide: (tx: Tx, ticket: TicketRow) => Promise<{ to: LaneRow | null; by: number | null } | undefined>,
  ): Promise<LaneChange | undefined> {
    const now = this.now();
    const change = await this.repo.transaction(async (tx) => {
      const ticket = await this.repo.lockTicket(tx, companyId, ticketId);
      if (!ticket) return undefined;
      const target = await decide(tx, ticket);
      return target ? this.change(tx, ticket, target.to, target.by, now) : undefined;
    });
    if (change) await this.announce(change);
    return change;
  }
}

/** PUT and DELETE /ticket-tags: a user tags a ticket, moves it across lanes or takes it out of its lane. */
export class TicketTagsService {
  constructor(
    private readonly lanes: LaneMoves,
    private readonly tickets: TicketsService,
    private readonly events: TicketEvents,
  ) {}

  /** A kanban tag replaces the ticket's lane; any other tag is added. The ticket must be one the user sees. */
  async tagTicket(ctx: RequestContext, ticketId: number, tagId: number): Promise<void> {
    await this.tickets.findVisibleById(ctx, ticketId);
    const tag = await this.lanes.repo.tag(ctx.companyId, tagId);
    if (!tag) throw new AppError("ERR_NOT_FOUND", { message: "Tag not found" });
    if (tag.kanban === 1) {
      await this.lanes.move(ctx.companyId, ticketId, async (tx) => {
        // Read again under the lock: a lane deleted or turned into a plain tag meanwhile is refused.
        const lane = await this.lanes.repo.tag(ctx.companyId, tagId, tx);
        if (lane?.kanban !== 1) throw new AppError("ERR_NOT_FOUND", { message: "Tag not found" });
        return { to: lane, by: ctx.user.id };
      });
      return;
    }
    await this.lanes.repo.addTag(ctx.companyId, ticketId, tagId);
    const detail = await this.tickets.findVisibleById(ctx, ticketId);
    this.events.ticketChanged(ctx.companyId, presentDetail(detail));
  }

  /** The ticket leaves its lane (the board's default column); its other tags stay. */
  async leaveLane(ctx: RequestContext, ticketId: number): Promise<void> {
    await this.tickets.findVisibleById(ctx, ticketId);
    await this.lanes.move(ctx.companyId, ticketId, async () => ({ to: null, by: ctx.user.id }));
  }
}
