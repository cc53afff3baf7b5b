import type { Tx } from "../../db/client.js";
import type { Jobs } from "../../jobs/jobs.js";
import type { TicketRow } from "../tickets/presenter.js";
import { type LaneChange, LaneMoves, type LaneMovesDeps } from "./lane-moves.js";

/** A lane timer left this long past its time without a run is the sweeper's (its job was lost). */
const OVERDUE_SECONDS = 20;

/**
 * The lanes' automation (docs/AUTOMATION.md, lanes): the timeLane move to
 * nextLaneId, the rollback to rollbackLaneId on a contact's message, and
 * (inside every entry, lane-moves.ts) the lane's greeting. Nothing waits in
 * memory: an entry's timer is its ticket_tags row's lane_timer_at and a
 * pg-boss job carrying the entry's token; the job, a redelivery of it or the
 * sweeper find the row under the ticket's lock and act only while that row
 * is the ticket's lane with that token and its timer due, then the move
 * replaces the row, so whatever runs next finds nothing to do.
 */
export class LaneAutomation {
  readonly moves: LaneMoves;
  private readonly logger: LaneMovesDeps["logger"];

  constructor(deps: LaneMovesDeps) {
    this.moves = new LaneMoves(deps);
    this.logger = deps.logger;
  }

  attach(jobs: Jobs): void {
    this.moves.attach(jobs);
  }

  /**
   * A lane timer (its job, or the sweeper): the ticket moves to its lane's
   * nextLaneId if the entry `laneEntry` is still its lane and the timer is
   * due. A closed ticket, or a next lane that is gone or no longer a lane,
   * drops the timer instead.
   */
  async timer(companyId: number, ticketId: number, laneEntry: string): Promise<LaneChange | undefined> {
    const repo = this.moves.repo;
    const now = this.moves.now();
    return this.moves.move(companyId, ticketId, async (tx, ticket) => {
      const link = (await repo.laneLinks(tx, companyId, ticketId)).find((l) => l.laneEntry === laneEntry);
      if (!link) {
        // Another move since (or this timer already ran): the entry is gone. Or its tag is no longer a
        // lane: its row stays as a plain tag, without a timer the sweeper would find again and again.
        await repo.clearTimer(tx, companyId, ticketId, laneEntry);
        return undefined;
      }
      if (!link.laneTimerAt || link.laneTimerAt > now) return undefined;
      const lane = await repo.tag(companyId, link.tagId, tx);
      const next = lane?.nextLaneId ? await repo.tag(companyId, lane.nextLaneId, tx) : undefined;
      if (ticket.status === "closed" || next?.kanban !== 1) {
        await repo.clearTimer(tx, companyId, ticketId, laneEntry);
        return undefined;
      }
      return { to: next, by: null };
    });
  }

  /** The minute sweep: lane timers whose job was lost (a crash before it was queued, a dropped job). */
  async sweep(limit = 200): Promise<number> {
    const due = await this.moves.repo.overdueTimers(OVERDUE_SECONDS, this.moves.now(), limit);
    for (const { companyId, ticketId, laneEntry } of due)
      await this.timer(companyId, ticketId, laneEntry).catch((err) =>
        this.logger.warn({ err, companyId, ticketId }, "lane timer failed; the next sweep retries"),
      );
    return due.length;
  }

  /**
   * The contacts of these tickets wrote (the automation runner's batch, its
   * transaction holding their locks, the messages read once by its
   * watermark): each ticket in a lane with a rollbackLaneId moves there,
   * once per run whatever the number of messages. One statement finds them,
   * so a batch of tickets without such lanes costs one index read.
   */
  async onContactMessages(tx: Tx, tickets: TicketRow[], now: Date): Promise<LaneChange[]> {
    const live = tickets.filter((t) => t.status !== "closed");
    const repo = this.moves.repo;
    const rollbacks = await repo.rollbackLanes(
      tx,
      live.map((t) => ({ companyId: t.companyId, ticketId: t.id })),
    );
    const changes: LaneChange[] = [];
    for (const { companyId, ticketId, rollbackLaneId } of rollbacks) {
      const ticket = live.find((t) => t.id === ticketId && t.companyId === companyId);
      const lane = await repo.tag(companyId, rollbackLaneId, tx);
      if (!ticket || lane?.kanban !== 1) continue;
      const change = await this.moves.change(tx, ticket, lane, null, now);
      if (change) changes.push(change);
    }
    return changes;
  }

  /** After the runner's commit: the rollbacks' greetings, events and timers. */
  async announce(changes: LaneChange[]): Promise<void> {
    for (const change of changes) await this.moves.announce(change);
  }
}
