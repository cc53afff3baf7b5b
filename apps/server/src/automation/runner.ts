import { renderMessageVariables } from "@inbox/shared";
import type { Db, Tx } from "../db/client.js";
import { messages } from "../db/schema/index.js";
import { TtlCache } from "../ingest/ttl-cache.js";
import type { JobDefinition, Jobs } from "../jobs/jobs.js";
import { attachmentKind } from "../modules/messages/media.js";
import type { NewOutbound, OutboundService } from "../modules/messages/outbound-service.js";
import { type MessageRow, presentMessage } from "../modules/messages/presenter.js";
import { previewOf } from "../modules/messages/preview.js";
import type { TicketRow } from "../modules/tickets/presenter.js";
import { TicketsRepo } from "../modules/tickets/repo.js";
import { presentDetail } from "../modules/tickets/service.js";
import type { TicketEvents } from "../realtime/ticket-events.js";
import { inactivityStep } from "./inactivity.js";
import {
  type BotAction,
  type BotEvent,
  type BotState,
  botMaySpeak,
  decide,
  INITIAL_STATE,
  type World,
} from "./machine.js";
import { AutomationRepo, MESSAGES_PER_RUN } from "./repo.js";
import { QueueRotator } from "./rotator.js";

export const AUTOMATION_TIMER = "automation.timer";
export const AUTOMATION_SWEEP = "automation.sweep";

/** How long the cached connection/company side of the world is used (automation/repo.ts world). */
const WORLD_TTL_MS = 3_000;
/** Runs at once per process. */
const RUNS_AT_ONCE = 4;

/** A counting semaphore: at most `size` tasks at once, the rest wait in order. */
class Slots {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly size: number) {}

  async use<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active += 1;
    try {
      return await task();
    } finally {
      this.active -= 1;
      this.waiting.shift()?.();
    }
  }
}

/** A ticket's contact messages or timer left this long without a run are the sweeper's. */
const OVERDUE_SECONDS = 20;

export interface AutomationDeps {
  db: Db;
  outbound: OutboundService;
  events: TicketEvents;
  logger: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** The clock (tests move it). */
  now?: () => Date;
}

interface TicketKey {
  companyId: number;
  ticketId: number;
  /** The ticket's connection when the caller knows it (ingest): its cached world is read before the run. */
  whatsappId?: number | null;
}

/** What one run changed, announced after its transaction commits. */
interface Outcome {
  sent: MessageRow[];
  before: TicketRow;
  after: TicketRow;
  timer?: { at: Date; token: number };
  more: boolean;
}

/**
 * Applies the machine (DESIGN section 5a). One run of a ticket, in one
 * transaction under the ticket's row lock: read the state and the contact
 * messages after its watermark (or the due timer), decide, store the bot's
 * messages (ack 0, sent by the outbound path), the ticket's moves and logs,
 * the new state and watermark. A crash before the commit leaves everything to
 * the next run; after it, the outbound sweeper sends what was stored. Runs of
 * one ticket take turns on the lock, in this process and across processes,
 * and a run finds nothing left to do twice: a redelivery or a second process
 * never answers twice.
 *
 * Ingest marks the ticket due in its own transaction and calls `notify`; a
 * run is then made at once, and the sweeper job (every minute) runs tickets
 * whose run was lost. Timers are pg-boss jobs with `startAfter`; the token
 * they carry must match the ticket's current timer, so a stale or repeated
 * timer does nothing.
 */
export class AutomationRunner {
  private readonly repo: AutomationRepo;
  private readonly tickets: TicketsRepo;
  /** Hands waiting tickets of rotating queues to their online users (rotator.ts). */
  readonly rotator: QueueRotator;
  private jobs?: Jobs;
  /**
   * The connection's and company's side of the world (settings, hours, queues and their options),
   * read at most every few seconds per connection: a change applies within WORLD_TTL_MS.
   */
  private readonly worlds = new TtlCache<string, Omit<World, "now" | "ticket" | "contact">>(WORLD_TTL_MS);
  /** At most this many runs at once in this process: a burst of tickets must not take every connection. */
  private readonly slots = new Slots(RUNS_AT_ONCE);
  /** In-process coalescing: one run per ticket at a time, one more if notified meanwhile. */
  private readonly running = new Map<string, { again: boolean; done: Promise<void> }>();

  constructor(private readonly deps: AutomationDeps) {
    this.repo = new AutomationRepo(deps.db);
    this.tickets = new TicketsRepo(deps.db);
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
    while (this.running.size > 0) await Promise.all([...this.running.values()].map((r) => r.done));
  }

  /** Runs the ticket now, or once more after the run in flight; resolves when it has run. */
  kick(key: TicketKey): Promise<void> {
    const id = `${key.companyId}:${key.ticketId}`;
    const inFlight = this.running.get(id);
    if (inFlight) {
      inFlight.again = true;
      return inFlight.done;
    }
    const entry = { again: false, done: Promise.resolve() };
    entry.done = (async () => {
      try {
        do {
          entry.again = false;
          await this.slots
            .use(() => this.run(key.companyId, key.ticketId))
            .catch((err) =>
              this.deps.logger.warn({ err, ...key }, "automation run failed; the sweeper retries"),
            );
        } while (entry.again);
      } finally {
        this.running.delete(id);
      }
    })();
    this.running.set(id, entry);
    return entry.done;
  }

  /** One run: the contact messages after the watermark, or the timer whose token is given. */
  async run(
    companyId: number,
    ticketId: number,
    timerToken?: number,
    whatsappId?: number | null,
  ): Promise<void> {
    const now = this.deps.now?.() ?? new Date();
    // Read outside the transaction (PGlite has one connection): the connection's cached world.
    const cached =
      typeof whatsappId === "number"
        ? {
            whatsappId,
            world: await this.worlds.get(`${companyId}:${whatsappId}`, () =>
              this.repo.world(this.deps.db, companyId, whatsappId),
            ),
          }
        : undefined;
    const outcome = await this.repo.transaction((tx) =>
      this.decideAndStore(tx, companyId, ticketId, now, timerToken, cached),
    );
    if (!outcome) return;
    await this.announce(companyId, outcome);
    if (outcome.timer) await this.scheduleTimer(companyId, ticketId, outcome.timer);
    if (outcome.more) void this.kick({ companyId, ticketId });
  }

  private async decideAndStore(
    tx: Tx,
    companyId: number,
    ticketId: number,
    now: Date,
    timerToken: number | undefined,
    cached?: { whatsappId: number; world: Omit<World, "now" | "ticket" | "contact"> | undefined },
  ): Promise<Outcome | undefined> {
    const locked = await this.repo.lockForRun(tx, companyId, ticketId);
    if (!locked) return undefined;
    const { ticket, state: row, contact } = locked;
    const incoming = await this.repo.contactMessages(tx, companyId, ticketId, row.handledMessageId);
    const events: BotEvent[] = incoming.map((m) => ({ type: "message", body: m.body }));
    let state = { ...INITIAL_STATE, ...(row.state as Partial<BotState>) };
    const timerDue =
      timerToken !== undefined && timerToken === row.timerToken && row.timerAt !== null && row.timerAt <= now;
    // A ticket resolved with rating waits in nps: the question goes first, and what the contact
    // wrote before it (handled here, not answered) cannot be an answer to it.
    if (ticket.status === "nps" && state.stage !== "rating")
      events.splice(0, events.length, { type: "ratingRequested" });
    if (timerDue && state.timer) events.push({ type: "timer", kind: state.timer.kind });
    if (events.length === 0) {
      if (ticket.automationDueAt)
        await this.repo.updateTicket(tx, companyId, ticketId, { automationDueAt: null });
      return undefined;
    }

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
    const rest =
      botMaySpeak(quick as World) && ticket.whatsappId !== null
        ? cached?.whatsappId === ticket.whatsappId
          ? cached.world
          : await this.repo.world(tx, companyId, ticket.whatsappId)
        : undefined;
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

    const sends = actions.some((a) => a.type === "send" || a.type === "tellPosition");
    const render = sends ? await this.renderer(tx, ticket, facts, now) : undefined;
    const sent = await this.apply(tx, ticket, actions, now, render);
    const timerChanged = state.timer?.at !== before.timer?.at;
    const timerToken2 = timerChanged ? row.timerToken + 1 : row.timerToken;
    const timerAt = state.timer ? new Date(state.timer.at) : null;
    await this.repo.saveState(tx, companyId, ticketId, {
      state: state as unknown as Record<string, unknown>,
      handledMessageId: incoming.at(-1)?.id ?? row.handledMessageId,
      timerAt,
      timerToken: timerToken2,
    });
    const more = incoming.length === MESSAGES_PER_RUN;
    const lastSent = sent.at(-1);
    const after = await this.repo.updateTicket(tx, companyId, ticketId, {
      status: facts.status,
      queueId: facts.queueId,
      userId: facts.userId,
      ...(facts.status === "closed" && ticket.status !== "closed" ? { closedAt: now } : {}),
      ...(lastSent ? { lastMessage: previewOf(lastSent.body), updatedAt: now } : {}),
      ...(more ? {} : { automationDueAt: null }),
    });
    return {
      sent,
      before: ticket,
      after: after ?? ticket,
      ...(timerChanged && timerAt ? { timer: { at: timerAt, token: timerToken2 } } : {}),
      more,
    };
  }

  /** Stores the bot's messages and logs the ticket's moves; answers the stored messages. */
  /** The bot's texts take the message variables ({{firstName}}, {{queue}}, {{ms}}…) as the lifecycle's do. */
  private async renderer(
    tx: Tx,
    ticket: TicketRow,
    facts: { queueId: number | null; userId: number | null },
    now: Date,
  ): Promise<(text: string) => string> {
    const found = await this.repo.messageFacts(tx, ticket.companyId, {
      contactId: ticket.contactId,
      userId: facts.userId,
      queueId: facts.queueId,
      whatsappId: ticket.whatsappId,
    });
    const values = {
      ticketId: ticket.id,
      contactName: found?.contactName ?? "",
      userName: found?.userName ?? "",
      queueName: found?.queueName ?? "",
      connectionName: found?.connectionName ?? "",
    };
    return (text) => renderMessageVariables(text, values, now, found?.timeZone);
  }

  private async apply(
    tx: Tx,
    ticket: TicketRow,
    actions: BotAction[],
    now: Date,
    render: (text: string) => string = (text) => text,
  ): Promise<MessageRow[]> {
    const { companyId, id: ticketId } = ticket;
    const sent: MessageRow[] = [];
    for (const action of actions) {
      switch (action.type) {
        case "send":
          sent.push(...(await this.storeBotMessage(tx, ticket, render(action.body))));
          break;
        case "enterQueue":
          await this.repo.log(tx, {
            companyId,
            ticketId,
            type: "queue",
            userId: null,
            queueId: action.queueId,
          });
          break;
        case "assign":
          await this.repo.log(tx, {
            companyId,
            ticketId,
            type: "open",
            userId: action.userId,
            queueId: null,
          });
          break;
        case "close":
          // A rating wait was logged closed by the user who resolved it.
          if (ticket.status !== "nps")
            await this.repo.log(tx, { companyId, ticketId, type: "closed", userId: null, queueId: null });
          break;
        case "tellPosition": {
          const position = await this.repo.queuePosition(tx, companyId, action.queueId, ticketId);
          sent.push(...(await this.storeBotMessage(tx, ticket, `${render(action.message)} *${position}*`)));
          break;
        }
        case "sendGreetingMedia": {
          if (ticket.whatsappId === null) break;
          const media = await this.repo.greetingMedia(tx, companyId, ticket.whatsappId);
          const kind = media ? attachmentKind(media.type) : undefined;
          if (media && kind)
            sent.push(
              ...(await this.storeBotMessage(tx, ticket, "", {
                kind: kind.kind,
                mediaType: kind.mediaType,
                mediaUrl: media.path,
                mimeType: media.type,
                filename: media.name,
              })),
            );
          break;
        }
        case "lgpdAccepted":
          if (ticket.contactId !== null) await this.repo.acceptLgpd(tx, companyId, ticket.contactId, now);
          break;
        case "setStatus":
          break;
        case "rate":
          await this.repo.rate(tx, { companyId, ticketId, userId: ticket.userId, rate: action.value });
          break;
        case "outOfHoursSent":
          if (ticket.contactId !== null)
            await this.repo.markOutOfHoursSent(tx, companyId, ticket.contactId, now);
          break;
        case "sendFiles":
        case "handOver":
          // File lists and integrations are later issues: the choice is recorded, nothing is sent.
          this.deps.logger.info({ companyId, ticketId, action }, "automation seam reached; not built yet");
          break;
      }
    }
    return sent;
  }

  /** A bot message: an outbound row (ack 0, no user, sentBy bot) the outbound path sends after the commit. */
  private async storeBotMessage(
    tx: Tx,
    ticket: TicketRow,
    body: string,
    media: Pick<NewOutbound, "kind" | "mediaType" | "mediaUrl" | "mimeType" | "filename"> = {},
  ): Promise<MessageRow[]> {
    if (ticket.whatsappId === null || ticket.contactId === null) return [];
    const row = this.deps.outbound.rowOf({
      companyId: ticket.companyId,
      ticketId: ticket.id,
      contactId: ticket.contactId,
      whatsappId: ticket.whatsappId,
      body,
      ...media,
    });
    return tx
      .insert(messages)
      .values({ ...row, extra: { ...row.extra, sentBy: "bot" } })
      .returning();
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
      const sent = await this.apply(tx, ticket, actions, now, await this.renderer(tx, ticket, ticket, now));
      const lastSent = sent.at(-1);
      if (step.kind === "warn" && lastSent)
        await this.repo.saveState(tx, companyId, ticketId, {
          state: { ...state, inactiveWarnedMessageId: lastSent.id },
          handledMessageId: row.handledMessageId,
          timerAt: row.timerAt,
          timerToken: row.timerToken,
        });
      const after = await this.repo.updateTicket(tx, companyId, ticketId, {
        ...(step.kind === "close" ? { status: "closed", closedAt: now } : {}),
        ...(lastSent ? { lastMessage: previewOf(lastSent.body), updatedAt: now } : {}),
      });
      return { sent, before: ticket, after: after ?? ticket, more: false };
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

export function automationTimerJob(
  runner: AutomationRunner,
): JobDefinition<{ companyId: number; ticketId: number; token: number }> {
  return {
    name: AUTOMATION_TIMER,
    handle: (data) => runner.run(Number(data.companyId), Number(data.ticketId), Number(data.token)),
  };
}

/** Every minute: lost runs and timers, the inactivity pass, the queue rotator. */
export function automationSweepJob(runner: AutomationRunner): JobDefinition {
  return {
    name: AUTOMATION_SWEEP,
    cron: "* * * * *",
    handle: async () => {
      await runner.sweep();
      await runner.inactivitySweep();
      await runner.rotator.pass();
    },
  };
}
