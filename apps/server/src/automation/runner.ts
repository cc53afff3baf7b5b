import type { Tx } from "../db/client.js";
import { TtlCache } from "../ingest/ttl-cache.js";
import type { Jobs } from "../jobs/jobs.js";
import type { Confirmation } from "../modules/campaigns/confirmations.js";
import type { LaneChange } from "../modules/kanban/lane-moves.js";
import { presentMessage } from "../modules/messages/presenter.js";
import { previewOfMessage } from "../modules/messages/preview.js";
import type { TicketRow } from "../modules/tickets/presenter.js";
import { type TicketDetail, TicketsRepo } from "../modules/tickets/repo.js";
import { presentDetail } from "../modules/tickets/service.js";
import { settledWithin } from "../shutdown-wait.js";
import { BotEffects, RunWrites } from "./effects.js";
import { TicketFlows } from "./flow-world.js";
import { IntegrationHandover } from "./handover.js";
import { runInactivity } from "./inactivity-run.js";
import { botMaySpeak, decide } from "./machine.js";
import { type BotAction, type BotEvent, type BotState, INITIAL_STATE, type World } from "./machine-types.js";
import { AutomationRepo, type Locked, MESSAGES_PER_RUN, type SavedState, type TicketChange } from "./repo.js";
import { QueueRotator } from "./rotator.js";
import { keyOf, RunQueue } from "./run-queue.js";
import type { AutomationDeps, Batch, Outcome, Quiet, TicketKey } from "./run-types.js";
import { loadWorld, type WorldRest } from "./world.js";

export type { AutomationDeps } from "./run-types.js";

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
  /** Tickets waiting for a batch or in one, in this process (run-queue.ts). */
  private readonly queue = new RunQueue<TicketKey>(BATCH_SIZE, RUNS_AT_ONCE, (keys) => this.runBatch(keys));
  /** The flows' side of each ticket's world (flow-world.ts). */
  private readonly flows: TicketFlows;
  /** Conversations handed to integrations (handover.ts), when their clients are given. */
  readonly handover?: IntegrationHandover;

  constructor(private readonly deps: AutomationDeps) {
    this.repo = new AutomationRepo(deps.db);
    this.tickets = new TicketsRepo(deps.db);
    this.effects = new BotEffects(this.repo, deps.outbound, deps.logger, deps.flowMedia);
    this.rotator = new QueueRotator(deps);
    this.flows = new TicketFlows(deps.random);
    if (deps.integrations)
      this.handover = new IntegrationHandover({
        db: deps.db,
        repo: this.repo,
        effects: this.effects,
        clients: deps.integrations,
        ...deps.handoverFiles,
        logger: deps.logger,
        announce: (outcome) => this.announce(outcome.companyId, { ...outcome, more: false }),
        ...(deps.now ? { now: deps.now } : {}),
      });
  }

  attach(jobs: Jobs): void {
    this.jobs = jobs;
    this.handover?.attach(jobs);
  }

  /** Contact messages were stored on these tickets (called by ingest after its commit). */
  notify(keys: TicketKey[]): void {
    for (const key of keys) void this.kick(key);
  }

  /** Resolves once no run is queued or in flight in this process (tests: "nothing more will be sent"). */
  idle(): Promise<void> {
    return this.queue.idle();
  }

  /**
   * Shutting down, before the database closes: the runs in flight end (up to `timeoutMs`), no other
   * starts, and tickets still due keep their marks for the next boot's sweeper. Before this, every
   * run queued behind a busy moment failed on the closed pool, each ticket logged alone.
   */
  async drain(timeoutMs = 10_000): Promise<void> {
    await settledWithin(this.queue.stop(), timeoutMs);
  }

  /** Runs the ticket in the next batch, or once more after the run in flight; resolves when it has run. */
  kick(key: TicketKey): Promise<void> {
    return this.queue.kick(key);
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
    const more = await this.runTickets([{ companyId, ticketId, timerToken }]);
    if (more.size > 0) void this.kick({ companyId, ticketId });
  }

  /**
   * Due timers, as one batch (the timer jobs arrive in batches): a run per ticket whose current
   * timer token is the one given; a stale or repeated timer does nothing.
   */
  async runTimers(
    timers: { companyId: number; ticketId: number; token: number; whatsappId?: number | null }[],
  ): Promise<void> {
    const keys = timers.map(({ token, ...key }) => ({ ...key, timerToken: token }));
    for (let start = 0; start < keys.length; start += BATCH_SIZE) {
      const batch = keys.slice(start, start + BATCH_SIZE);
      const more = await this.runBatch(batch);
      for (const key of batch)
        if (more.has(keyOf(key))) void this.kick({ companyId: key.companyId, ticketId: key.ticketId });
    }
  }

  private async runTickets(keys: TicketKey[]): Promise<Set<string>> {
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
    const tokens = new Map(keys.map((key) => [keyOf(key), key.timerToken]));
    const keptVersions = new Set<string>();
    const outcomes = await this.repo.transaction(async (tx) => {
      const locked = await this.repo.lockForRuns(tx, keys);
      let seenBefore: Promise<Set<number>> | undefined;
      const batch: Batch = {
        writes: new RunWrites(),
        changes: [],
        saves: [],
        facts: new Map(),
        keptVersions,
        // Read for the whole batch on first use: only flows' welcome asks it, of tickets at their start.
        isNewContact: async (ticketId) => {
          seenBefore ??= this.repo.contactsSeenBefore(
            tx,
            locked.map((l) => ({ companyId: l.ticket.companyId, ticketId: l.ticket.id })),
          );
          return !(await seenBefore).has(ticketId);
        },
      };
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
      // Due tickets with nothing to decide (no state to save): their due marks are cleared on their own.
      const noLongerDue: { companyId: number; ticketId: number }[] = [];
      for (const one of locked) {
        const token = tokens.get(keyOf({ companyId: one.ticket.companyId, ticketId: one.ticket.id }));
        const result = await this.decideOne(
          tx,
          one,
          incoming.get(one.ticket.id) ?? [],
          now,
          token,
          cached,
          batch,
        );
        if ("sent" in result) done.push(result);
        else {
          if (result.save) batch.saves.push(result.save);
          if (result.outcome) done.push(result.outcome);
          if (!result.save && one.state.dueAt)
            noLongerDue.push({ companyId: one.ticket.companyId, ticketId: one.ticket.id });
        }
      }
      // The batch's held writes: its messages and log lines, ticket changes and states, a statement each.
      const stored = await batch.writes.flush(tx);
      for (const outcome of done) outcome.sent.push(...(stored.get(outcome.ticketId) ?? []));
      await this.repo.updateTickets(tx, now, batch.changes);
      await this.repo.saveStates(tx, batch.saves);
      await this.repo.clearDue(tx, noLongerDue);
      return done;
    });
    this.flows.versions.committed(keptVersions);
    await this.deps.lanes?.announce(laneChanges);
    await this.deps.confirmations?.announce(confirmations);
    const more = new Set<string>();
    const details = await this.detailsOf(outcomes);
    await this.scheduleTimers(outcomes);
    for (const outcome of outcomes) {
      await this.announce(outcome.companyId, outcome, details);
      if (outcome.handedOver)
        await this.handover
          ?.kick(outcome.companyId, outcome.ticketId)
          .catch((err) =>
            this.deps.logger.warn(
              { err, companyId: outcome.companyId, ticketId: outcome.ticketId },
              "integration delivery failed; the sweep retries",
            ),
          );
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
    batch: Batch,
  ): Promise<Outcome | Quiet> {
    const { ticket, state: row, contact } = locked;
    const { companyId, id: ticketId } = ticket;
    const events: BotEvent[] = incoming.map((m) => ({ type: "message", body: m.body, id: m.id }));
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
      const flows = await this.flows.worldOf(tx, ticket, contact, state, rest.connectionFlows, batch);
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
          ...(flows ? { flows } : {}),
        };
        const decision = decide(state, event, world);
        state = decision.state;
        for (const action of decision.actions) {
          actions.push(action);
          if (action.type === "flowLog" && flows)
            await this.flows.started(tx, companyId, flows, action, batch);
          // Later events of this run see what earlier ones did.
          if (action.type === "enterQueue") facts.queueId = action.queueId;
          if (action.type === "assign") Object.assign(facts, { status: "open", userId: action.userId });
          if (action.type === "close") facts.status = "closed";
          if (action.type === "setStatus") facts.status = action.status;
          if (action.type === "outOfHoursSent") outOfHoursSentAt = now;
        }
      }
    } else {
      // Not the bot's turn (an attendant holds it, a group, bot disabled): read, answered by nobody;
      // a flow's walk or an integration's hold ends (the person has the conversation now).
      const { timer: _timer, flow: _flow, integration: _integration, ...quiet } = state;
      state = quiet.stage === "flow" || quiet.stage === "integration" ? { ...quiet, stage: "done" } : quiet;
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
      // Messages left for the next run keep the ticket due (the sweeper's, if that run is lost).
      dueAt: more ? (row.dueAt ?? now) : null,
    };
    const timer = timerChanged && timerAt ? { timer: { at: timerAt, token } } : {};
    if (actions.length === 0 && !more)
      return {
        save,
        ...(timer.timer
          ? {
              outcome: {
                companyId,
                ticketId,
                whatsappId: ticket.whatsappId,
                sent: [],
                before: ticket,
                after: ticket,
                more,
                ...timer,
              },
            }
          : {}),
      };

    const sends = actions.some((a) => a.type === "send" || a.type === "tellPosition");
    const render = sends
      ? await this.effects.renderer(tx, ticket, facts, now, {
          contactName: contact?.name ?? "",
          facts: batch.facts,
        })
      : undefined;
    // The messages and log lines wait in batch.writes; the ticket's change and state are written with the batch's.
    await this.effects.apply(tx, ticket, actions, now, render, batch.writes);
    batch.saves.push(save);
    const lastSent = batch.writes.lastMessage(ticketId);
    const change: TicketChange = {
      companyId,
      ticketId,
      status: facts.status,
      queueId: facts.queueId,
      userId: facts.userId,
      closes: facts.status === "closed" && ticket.status !== "closed",
      lastMessage: lastSent
        ? previewOfMessage({
            body: lastSent.body ?? "",
            mediaType: lastSent.mediaType,
            extra: lastSent.extra,
          })
        : null,
    };
    batch.changes.push(change);
    const after: TicketRow = {
      ...ticket,
      status: change.status,
      queueId: change.queueId,
      userId: change.userId,
      ...(change.closes ? { closedAt: now } : {}),
      ...(change.lastMessage !== null ? { lastMessage: change.lastMessage, updatedAt: now } : {}),
    };
    const handedOver = actions.some((a) => a.type === "handOver" && a.integrationId !== null);
    const { whatsappId } = ticket;
    return { companyId, ticketId, whatsappId, sent: [], before: ticket, after, more, handedOver, ...timer };
  }

  /** The tickets' details the announcements of a batch carry, read in one statement per company. */
  private async detailsOf(outcomes: Outcome[]): Promise<Map<number, TicketDetail>> {
    const wanted = new Map<number, number[]>();
    for (const outcome of outcomes)
      if (outcome.sent.length > 0 || moved(outcome))
        wanted.set(outcome.companyId, [...(wanted.get(outcome.companyId) ?? []), outcome.ticketId]);
    const details = new Map<number, TicketDetail>();
    for (const [companyId, ids] of wanted)
      for (const detail of await this.tickets.findByIds(companyId, ids))
        details.set(detail.ticket.id, detail);
    return details;
  }

  /** After the commit: send the stored messages and tell the screens (`details`: the batch's, read at once). */
  private async announce(
    companyId: number,
    outcome: Outcome,
    details?: Map<number, TicketDetail>,
  ): Promise<void> {
    const { sent, before, after } = outcome;
    if (sent.length > 0) this.deps.outbound.dispatch(sent);
    if (sent.length === 0 && !moved(outcome)) return;
    const detail = details ? details.get(after.id) : await this.tickets.findById(companyId, after.id);
    if (!detail) return;
    const dto = presentDetail(detail);
    for (const message of sent) this.deps.events.messageCreated(companyId, dto, presentMessage(message));
    if (moved(outcome)) this.deps.events.ticketChanged(companyId, dto, "update", before);
  }

  /** The batch's new timers as pg-boss jobs, one statement; the connection rides along for the cached world. */
  private async scheduleTimers(outcomes: Outcome[]) {
    if (!this.jobs) return; // without jobs (tests of other parts), the sweeper's pass runs due timers
    await this.jobs.insert(
      AUTOMATION_TIMER,
      outcomes.flatMap(({ companyId, ticketId, timer, whatsappId }) =>
        timer
          ? [
              {
                data: {
                  companyId,
                  ticketId,
                  token: timer.token,
                  ...(typeof whatsappId === "number" ? { whatsappId } : {}),
                },
                startAfter: timer.at,
                singletonKey: `${ticketId}:${timer.token}`,
              },
            ]
          : [],
      ),
    );
  }

  /** Inactivity (inactivity-run.ts) of one open ticket, under its lock. */
  async inactivity(companyId: number, ticketId: number): Promise<void> {
    const now = this.deps.now?.() ?? new Date();
    const outcome = await runInactivity(this.repo, this.effects, companyId, ticketId, now);
    if (outcome) await this.announce(companyId, { ...outcome, more: false });
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
    await this.runTimers(timers);
    await this.handover?.sweep();
    return tickets.length + timers.length;
  }
}

/** The run moved the ticket: its status, queue or user changed. */
const moved = ({ before, after }: Pick<Outcome, "before" | "after">) =>
  before.status !== after.status || before.queueId !== after.queueId || before.userId !== after.userId;
