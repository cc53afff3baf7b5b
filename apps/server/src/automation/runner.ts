import type { Db, Tx } from "../db/client.js";
import { TtlCache } from "../ingest/ttl-cache.js";
import type { Jobs } from "../jobs/jobs.js";
import type { CampaignConfirmations, Confirmation } from "../modules/campaigns/confirmations.js";
import type { LaneAutomation } from "../modules/kanban/lane-automation.js";
import type { LaneChange } from "../modules/kanban/lane-moves.js";
import type { OutboundService } from "../modules/messages/outbound-service.js";
import { type MessageRow, presentMessage } from "../modules/messages/presenter.js";
import { previewOf } from "../modules/messages/preview.js";
import type { TicketRow } from "../modules/tickets/presenter.js";
import { TicketsRepo } from "../modules/tickets/repo.js";
import { presentDetail } from "../modules/tickets/service.js";
import type { TicketEvents } from "../realtime/ticket-events.js";
import { BotEffects } from "./effects.js";
import { inactivityStep } from "./inactivity.js";
import { botMaySpeak, decide } from "./machine.js";
import { type BotAction, type BotEvent, type BotState, INITIAL_STATE, type World } from "./machine-types.js";
import { AutomationRepo, type Locked, MESSAGES_PER_RUN, type SavedState } from "./repo.js";
import { QueueRotator } from "./rotator.js";
import { loadWorld, type WorldRest } from "./world.js";

export const AUTOMATION_TIMER = "automation.timer";
export const AUTOMATION_SWEEP = "automation.sweep";
/** How long the cached connection/company side of the world is used (automation/world.ts). */
const WORLD_TTL_MS = 3_000;
/**
 * Batches in flight at once per process. Few on purpose: tickets notified while a batch runs wait
 * for the next one, so under load each transaction decides many tickets instead of each its own.
 */
const RUNS_AT_ONCE = 2;
/** Tickets decided in one transaction: a burst of contact messages costs a few statements per batch. */
const BATCH_SIZE = 64;

/** A ticket's contact messages or timer left this long without a run are the sweeper's. */
const OVERDUE_SECONDS = 20;

export interface AutomationDeps {
  db: Db;
  outbound: OutboundService;
  events: TicketEvents;
  logger: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** The clock (tests move it). */
  now?: () => Date;
  /** Kanban lanes' rollback on a contact's message, in the run's transaction (modules/kanban/lane-automation.ts). */
  lanes?: Pick<LaneAutomation, "onContactMessages" | "announce">;
  /** Campaign confirmations on a contact's answer, in the run's transaction (modules/campaigns/confirmations.ts). */
  confirmations?: Pick<CampaignConfirmations, "onContactMessages" | "announce">;
}

interface TicketKey {
  companyId: number;
  ticketId: number;
  /** The ticket's connection when the caller knows it (ingest): its cached world is used. */
  whatsappId?: number | null;
}

/** What one ticket's run changed, announced after its transaction commits. */
interface Outcome {
  companyId: number;
  ticketId: number;
  sent: MessageRow[];
  before: TicketRow;
  after: TicketRow;
  timer?: { at: Date; token: number };
  more: boolean;
}

/** A ticket's run that changed nothing but its state: written with the batch's others in one statement. */
interface Quiet {
  save?: SavedState;
  outcome?: Outcome;
}

/** Callers waiting for a ticket's run, and whether another run was asked while one was in flight. */
interface Pending {
  key: TicketKey;
  waiters: (() => void)[];
}

/**
 * Applies the machine (DESIGN section 5a). Tickets are run in batches, each
 * in one transaction holding their row locks: read each state and the
 * contact messages after its watermark (or the due timer), decide, store the
 * bot's messages (ack 0, sent by the outbound path), the ticket's moves and
 * logs, the new states and watermarks. A crash before the commit leaves
 * everything to the next run; after it, the outbound sweeper sends what was
 * stored. Runs of one ticket take turns on its lock, in this process and
 * across processes, and a run finds nothing left to do twice: a redelivery
 * or a second process never answers twice.
 *
 * Ingest marks tickets due in its own transaction and calls `notify`; they
 * are run at once (batched with the others waiting), and the sweeper job
 * (every minute) runs tickets whose run was lost. Timers are pg-boss jobs
 * with `startAfter`; the token they carry must match the ticket's current
 * timer, so a stale or repeated timer does nothing.
 */
export class AutomationRunner {
  private readonly repo: AutomationRepo;
  private readonly tickets: TicketsRepo;
  private readonly effects: BotEffects;
  /** Hands waiting tickets of rotating queues to their online users (rotator.ts). */
  readonly rotator: QueueRotator;
  private jobs?: Jobs;
  /**
   * The connection's and company's side of the world (settings, hours, queues and their options),
   * read at most every few seconds per connection for ingest's runs: a change applies within WORLD_TTL_MS.
   */
  private readonly worlds = new TtlCache<string, WorldRest>(WORLD_TTL_MS);
  /** Tickets waiting for a batch, in arrival order. */
  private readonly queued = new Map<string, Pending>();
  /** Tickets in a batch now; `again` holds the callers of the run asked meanwhile. */
  private readonly running = new Map<string, { again?: Pending; done: Promise<void> }>();
  private batches = 0;

  constructor(private readonly deps: AutomationDeps) {
    this.repo = new AutomationRepo(deps.db);
    this.tickets = new TicketsRepo(deps.db);
    this.effects = new BotEffects(this.repo, deps.outbound, deps.logger);
    this.rotator = new QueueRotator(deps);
  }

  attach(jobs: Jobs): void {
    this.jobs = jobs;
  }

  /** Contact messages were stored on these tickets (called by ingest after its commit). */
  notify(keys: TicketKey[]): void {
    for (const key of keys) void this.kick(key);
  }

  /** Resolves once no run is queued or in flight in this process (tests: "nothing more will be sent"). */
  async idle(): Promise<void> {
    while (this.running.size > 0 || this.queued.size > 0) {
      if (this.running.size > 0) await Promise.all([...this.running.values()].map((r) => r.done));
      // Queued but not started yet: the pump runs on the next turn of the event loop.
      else await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** Runs the ticket in the next batch, or once more after the run in flight; resolves when it has run. */
  kick(key: TicketKey): Promise<void> {
    const id = keyOf(key);
    return new Promise<void>((resolve) => {
      const inFlight = this.running.get(id);
      if (inFlight) {
        inFlight.again ??= { key, waiters: [] };
        inFlight.again.waiters.push(resolve);
        return;
      }
      const waiting = this.queued.get(id);
      if (waiting) waiting.waiters.push(resolve);
      else this.queued.set(id, { key, waiters: [resolve] });
      this.schedulePump();
    });
  }

  private pumpScheduled = false;

  /** Starts batches once the current burst of notifications (one ingest commit's tickets) has queued. */
  private schedulePump(): void {
    if (this.pumpScheduled) return;
    this.pumpScheduled = true;
    setImmediate(() => {
      this.pumpScheduled = false;
      this.pump();
    });
  }

  /** Starts batches while there are tickets waiting and room for them. */
  private pump(): void {
    while (this.batches < RUNS_AT_ONCE && this.queued.size > 0) {
      const batch: Pending[] = [];
      for (const [id, pending] of this.queued) {
        this.queued.delete(id);
        batch.push(pending);
        if (batch.length === BATCH_SIZE) break;
      }
      this.batches += 1;
      let finish = () => {};
      const done = new Promise<void>((resolve) => {
        finish = resolve;
      });
      for (const pending of batch) this.running.set(keyOf(pending.key), { done });
      void this.runBatch(batch.map((p) => p.key)).then((more) => {
        this.batches -= 1;
        for (const pending of batch) {
          const id = keyOf(pending.key);
          const again = this.running.get(id)?.again;
          this.running.delete(id);
          for (const wake of pending.waiters) wake();
          if (again || more.has(id)) {
            const next = again ?? { key: pending.key, waiters: [] };
            const waiting = this.queued.get(id);
            if (waiting) waiting.waiters.push(...next.waiters);
            else this.queued.set(id, next);
          }
        }
        finish();
        this.pump();
      });
    }
  }

  /**
   * One transaction for the batch; when it fails, each ticket is tried alone
   * so one ticket's fault does not hold the others (the sweeper retries the
   * one that still fails). Answers the tickets that have more to read.
   */
  private async runBatch(keys: TicketKey[]): Promise<Set<string>> {
    try {
      return await this.runTickets(keys);
    } catch (err) {
      if (keys.length === 1) {
        this.deps.logger.warn({ err, ...keys[0] }, "automation run failed; the sweeper retries");
        return new Set();
      }
      const more = new Set<string>();
      for (const key of keys) for (const id of await this.runBatch([key])) more.add(id);
      return more;
    }
  }

  /** One run of a ticket: the contact messages after the watermark, or the timer whose token is given. */
  async run(companyId: number, ticketId: number, timerToken?: number): Promise<void> {
    const more = await this.runTickets([{ companyId, ticketId }], timerToken);
    if (more.size > 0) void this.kick({ companyId, ticketId });
  }

  private async runTickets(keys: TicketKey[], timerToken?: number): Promise<Set<string>> {
    const now = this.deps.now?.() ?? new Date();
    // Read before the transaction (PGlite has one connection): the hinted connections' cached worlds.
    const cached = new Map<string, WorldRest | undefined>();
    for (const { companyId, whatsappId } of keys) {
      if (typeof whatsappId !== "number") continue;
      const id = `${companyId}:${whatsappId}`;
      if (!cached.has(id))
        cached.set(id, await this.worlds.get(id, () => loadWorld(this.deps.db, companyId, whatsappId)));
    }
    let laneChanges: LaneChange[] = [];
    let confirmations: Confirmation[] = [];
    const outcomes = await this.repo.transaction(async (tx) => {
      const locked = await this.repo.lockForRuns(tx, keys);
      const incoming = await this.repo.contactMessagesOf(
        tx,
        locked.map((l) => ({
          companyId: l.ticket.companyId,
          ticketId: l.ticket.id,
          after: l.state.handledMessageId,
        })),
      );
      // A contact's message moves a ticket out of a lane that has a rollback lane (modules/kanban), and
      // an answer to a campaign message with confirmation on gets its confirmation (modules/campaigns).
      const wrote = locked.filter((l) => (incoming.get(l.ticket.id)?.length ?? 0) > 0).map((l) => l.ticket);
      laneChanges = (await this.deps.lanes?.onContactMessages(tx, wrote, now)) ?? [];
      confirmations = (await this.deps.confirmations?.onContactMessages(tx, wrote, incoming, now)) ?? [];
      const done: Outcome[] = [];
      const saves: SavedState[] = [];
      const seen: { companyId: number; ticketId: number }[] = [];
      for (const one of locked) {
        const result = await this.decideOne(
          tx,
          one,
          incoming.get(one.ticket.id) ?? [],
          now,
          timerToken,
          cached,
        );
        if ("sent" in result) done.push(result);
        else {
          if (result.save) saves.push(result.save);
          if (result.outcome) done.push(result.outcome);
          if (one.ticket.automationDueAt)
            seen.push({ companyId: one.ticket.companyId, ticketId: one.ticket.id });
        }
      }
      await this.repo.saveStates(tx, saves);
      await this.repo.clearDue(tx, seen);
      return done;
    });
    await this.deps.lanes?.announce(laneChanges);
    await this.deps.confirmations?.announce(confirmations);
    const more = new Set<string>();
    for (const outcome of outcomes) {
      await this.announce(outcome.companyId, outcome);
      if (outcome.timer) await this.scheduleTimer(outcome.companyId, outcome.ticketId, outcome.timer);
      if (outcome.more) more.add(keyOf(outcome));
    }
    return more;
  }

  /**
   * One ticket of the batch, under its lock. A run whose machine did
   * nothing (the common case: a conversation the bot has left) only moves
   * its watermark, written with the batch's others; a run with actions
   * applies them here.
   */
  private async decideOne(
    tx: Tx,
    locked: Locked,
    incoming: { id: number; body: string }[],
    now: Date,
    timerToken: number | undefined,
    cached: Map<string, WorldRest | undefined>,
  ): Promise<Outcome | Quiet> {
    const { ticket, state: row, contact } = locked;
    const { companyId, id: ticketId } = ticket;
    const events: BotEvent[] = incoming.map((m) => ({ type: "message", body: m.body }));
    let state = { ...INITIAL_STATE, ...(row.state as Partial<BotState>) };
    const timerDue =
      timerToken !== undefined && timerToken === row.timerToken && row.timerAt !== null && row.timerAt <= now;
    // A ticket resolved with rating waits in nps: the question goes first, and what the contact
    // wrote before it (handled here, not answered) cannot be an answer to it.
    if (ticket.status === "nps" && state.stage !== "rating")
      events.splice(0, events.length, { type: "ratingRequested" });
    if (timerDue && state.timer) events.push({ type: "timer", kind: state.timer.kind });
    if (events.length === 0) return {};

    const facts = {
      status: ticket.status,
      queueId: ticket.queueId,
      userId: ticket.userId,
      isGroup: ticket.isGroup,
    };
    const quick = {
      ticket: facts,
      contact: { disableBot: contact?.disableBot ?? true, outOfHoursSentAt: null },
    };
    let rest: WorldRest | undefined;
    if (botMaySpeak(quick as World) && ticket.whatsappId !== null) {
      // Read once per connection and batch (a sweep's batch holds many tickets of one connection).
      const worldKey = `${companyId}:${ticket.whatsappId}`;
      if (!cached.has(worldKey)) cached.set(worldKey, await loadWorld(tx, companyId, ticket.whatsappId));
      rest = cached.get(worldKey);
    }
    const actions: BotAction[] = [];
    const before = state;
    if (rest && contact) {
      let outOfHoursSentAt = contact.outOfHoursSentAt;
      for (const event of events) {
        const world: World = {
          ...rest,
          now,
          ticket: { ...facts },
          contact: {
            disableBot: contact.disableBot,
            outOfHoursSentAt,
            lgpdAcceptedAt: contact.lgpdAcceptedAt,
          },
        };
        const decision = decide(state, event, world);
        state = decision.state;
        for (const action of decision.actions) {
          actions.push(action);
          // Later events of this run see what earlier ones did.
          if (action.type === "enterQueue") facts.queueId = action.queueId;
          if (action.type === "assign") Object.assign(facts, { status: "open", userId: action.userId });
          if (action.type === "close") facts.status = "closed";
          if (action.type === "setStatus") facts.status = action.status;
          if (action.type === "outOfHoursSent") outOfHoursSentAt = now;
        }
      }
    } else {
      // Not the bot's turn (an attendant holds it, a group, bot disabled): read, answered by nobody.
      const { timer: _timer, ...quiet } = state;
      state = quiet;
    }

    const timerChanged = state.timer?.at !== before.timer?.at;
    const token = timerChanged ? row.timerToken + 1 : row.timerToken;
    const timerAt = state.timer ? new Date(state.timer.at) : null;
    const more = incoming.length === MESSAGES_PER_RUN;
    const save: SavedState = {
      companyId,
      ticketId,
      state: state as unknown as Record<string, unknown>,
      handledMessageId: incoming.at(-1)?.id ?? row.handledMessageId,
      timerAt,
      timerToken: token,
    };
    const timer = timerChanged && timerAt ? { timer: { at: timerAt, token } } : {};
    if (actions.length === 0 && !more)
      return {
        save,
        ...(timer.timer
          ? { outcome: { companyId, ticketId, sent: [], before: ticket, after: ticket, more, ...timer } }
          : {}),
      };

    const sends = actions.some((a) => a.type === "send" || a.type === "tellPosition");
    const render = sends ? await this.effects.renderer(tx, ticket, facts, now) : undefined;
    const sent = await this.effects.apply(tx, ticket, actions, now, render);
    await this.repo.saveStates(tx, [save]);
    const lastSent = sent.at(-1);
    const after = await this.repo.updateTicket(tx, companyId, ticketId, {
      status: facts.status,
      queueId: facts.queueId,
      userId: facts.userId,
      ...(facts.status === "closed" && ticket.status !== "closed" ? { closedAt: now } : {}),
      ...(lastSent ? { lastMessage: previewOf(lastSent.body), updatedAt: now } : {}),
      ...(more ? {} : { automationDueAt: null }),
    });
    return { companyId, ticketId, sent, before: ticket, after: after ?? ticket, more, ...timer };
  }

  /** After the commit: send the stored messages and tell the screens. */
  private async announce(companyId: number, outcome: Outcome): Promise<void> {
    const { sent, before, after } = outcome;
    if (sent.length > 0) this.deps.outbound.dispatch(sent);
    const moved =
      before.status !== after.status || before.queueId !== after.queueId || before.userId !== after.userId;
    if (sent.length === 0 && !moved) return;
    const detail = await this.tickets.findById(companyId, after.id);
    if (!detail) return;
    const dto = presentDetail(detail);
    for (const message of sent) this.deps.events.messageCreated(companyId, dto, presentMessage(message));
    if (moved) this.deps.events.ticketChanged(companyId, dto, "update", before);
  }

  private async scheduleTimer(companyId: number, ticketId: number, timer: { at: Date; token: number }) {
    if (!this.jobs) return; // without jobs (tests of other parts), the sweeper's pass runs due timers
    await this.jobs.send(
      AUTOMATION_TIMER,
      { companyId, ticketId, token: timer.token },
      { startAfter: timer.at, singletonKey: `${ticketId}:${timer.token}` },
    );
  }

  /**
   * Inactivity (inactivity.ts) of one open ticket, under its lock: the
   * warning, or the close with expiresInactiveMessage. The warning's id is
   * kept in the state, so it goes once per idle stretch.
   */
  async inactivity(companyId: number, ticketId: number): Promise<void> {
    const now = this.deps.now?.() ?? new Date();
    const outcome = await this.repo.transaction(async (tx): Promise<Outcome | undefined> => {
      const ticket = await this.repo.lockTicket(tx, companyId, ticketId);
      if (ticket?.status !== "open" || ticket.whatsappId === null) return undefined;
      const rules = await this.repo.inactivityRules(tx, companyId, ticket.whatsappId);
      if (!rules) return undefined;
      const row = await this.repo.state(tx, companyId, ticketId);
      const state = row.state as Partial<BotState> & { inactiveWarnedMessageId?: number };
      const last = await this.repo.lastMessage(tx, companyId, ticketId);
      const step = inactivityStep(rules, last, state.inactiveWarnedMessageId, now);
      if (step.kind === "none") return undefined;
      const actions: BotAction[] =
        step.kind === "warn"
          ? [{ type: "send", body: rules.inactiveMessage ?? "" }]
          : [
              ...(rules.expiresInactiveMessage?.trim()
                ? [{ type: "send", body: rules.expiresInactiveMessage } as const]
                : []),
              { type: "close" },
            ];
      const sent = await this.effects.apply(
        tx,
        ticket,
        actions,
        now,
        await this.effects.renderer(tx, ticket, ticket, now),
      );
      const lastSent = sent.at(-1);
      if (step.kind === "warn" && lastSent)
        await this.repo.saveStates(tx, [
          {
            companyId,
            ticketId,
            state: { ...state, inactiveWarnedMessageId: lastSent.id },
            handledMessageId: row.handledMessageId,
            timerAt: row.timerAt,
            timerToken: row.timerToken,
          },
        ]);
      const after = await this.repo.updateTicket(tx, companyId, ticketId, {
        ...(step.kind === "close" ? { status: "closed", closedAt: now } : {}),
        ...(lastSent ? { lastMessage: previewOf(lastSent.body), updatedAt: now } : {}),
      });
      return { companyId, ticketId, sent, before: ticket, after: after ?? ticket, more: false };
    });
    if (outcome) await this.announce(companyId, outcome);
  }

  /** The inactivity pass (a job every minute): open tickets of connections that set expiresTicket. */
  async inactivitySweep(limit = 500): Promise<void> {
    for (const { companyId, ticketId } of await this.repo.idleCandidates(limit))
      await this.inactivity(companyId, ticketId).catch((err) =>
        this.deps.logger.warn({ err, companyId, ticketId }, "inactivity step failed; the next pass retries"),
      );
  }

  /** The sweeper's pass: tickets and timers whose run was lost (a crash, a dropped job). */
  async sweep(limit = 200): Promise<number> {
    const tickets = await this.repo.overdueTickets(OVERDUE_SECONDS, limit);
    for (const key of tickets) await this.kick(key);
    const timers = await this.repo.overdueTimers(OVERDUE_SECONDS, limit);
    for (const { companyId, ticketId, token } of timers) await this.run(companyId, ticketId, token);
    return tickets.length + timers.length;
  }
}

const keyOf = (key: { companyId: number; ticketId: number }) => `${key.companyId}:${key.ticketId}`;
