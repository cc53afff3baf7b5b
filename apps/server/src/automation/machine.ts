import { foldText } from "@inbox/shared";
import { flowDecision } from "./flow-machine.js";
import { handTo, heldDecision, takeoverDecision } from "./handover-machine.js";
import { withinHours } from "./hours.js";
import type {
  BotAction,
  BotEvent,
  BotState,
  Decision,
  MenuLevel,
  OptionNode,
  QueueInfo,
  TimerKind,
  World,
} from "./machine-types.js";
import { findOption, onVacation, pick } from "./menus.js";

/**
 * The automatic conversation of one ticket (DESIGN section 5a), as a pure
 * function: (state, event, world) -> (new state, actions). No database, no
 * channel, no clock but `world.now`; the runner (runner.ts) loads the world,
 * applies the actions in the ticket's transaction and keeps the timer.
 *
 * The rules (issue 9, "the automatic conversation"; docs/AUTOMATION.md):
 * - The bot speaks only on a waiting ticket: pending, no user, not a group,
 *   contact's bot not disabled. Once an attendant holds it, it is quiet.
 * - Collective vacation, then business hours (scheduleType company or
 *   connection), answer with the vacation or out-of-hours message at most once
 *   per contact every `outOfHoursRepeatMinutes`; the ticket waits as pending.
 * - A new ticket on a connection with one queue enters it (its greeting when
 *   sendGreetingMessageOneQueues); with several, the connection's greeting and
 *   a numbered menu of its queues. An answer by number or name moves it; the
 *   queue's greeting and chatbot options follow (scheduleType queue: a queue
 *   out of hours answers its own out-of-hours message instead).
 * - Options: text (answer, or open the next level when it has options),
 *   attendent (give the ticket to that user), queue (move), file and
 *   integration (seams until those exist). closeTicket closes after answering.
 * - A queue with closeTicket on, entered by the bot, sends its greeting and
 *   closes the ticket (out of its hours, its out-of-hours message instead).
 *   `#` goes back a level; a level with one option chooses it at once.
 * - An invalid answer repeats the menu; the contact gets at most
 *   maxUseBotQueues menus (0: no limit), then the bot stops; with
 *   timeUseBotQueues > 0 it starts again when the contact writes that many
 *   minutes later.
 * - timeSendQueue minutes without a queue chosen moves the ticket to sendIdQueue.
 */

const BACK = "#";

export function decide(state: BotState, event: BotEvent, world: World): Decision {
  const run = new Turn(state, world);
  if (!botMaySpeak(world)) return run.quiet();
  if (world.ticket.status === "nps") {
    run.rating(event);
    return run.result();
  }
  // An integration or a prompt holds it, a flow walks it or starts, or a prompt takes it (handover.ts).
  const taken =
    heldDecision(state, event) ?? flowDecision(state, event, world) ?? takeoverDecision(state, event, world);
  if (taken) return taken;
  if (event.type === "timer") run.timer(event.kind);
  else if (event.type === "message") run.message(event.body, event.id);
  return run.result();
}

/**
 * The bot speaks only while the ticket waits for someone: a pending ticket no
 * user holds, or one waiting for the contact's rating (nps). Never on a
 * ticket an attendant holds, a group, or a contact whose bot is disabled.
 */
export function botMaySpeak(world: {
  ticket: World["ticket"];
  contact: Pick<World["contact"], "disableBot">;
}): boolean {
  const { ticket, contact } = world;
  if (ticket.isGroup) return false;
  if (ticket.status === "nps") return true;
  return (
    (ticket.status === "pending" || ticket.status === "lgpd") && ticket.userId === null && !contact.disableBot
  );
}

/** One decision's working copy: the state it changes and the actions it collects. */
class Turn {
  private state: BotState;
  private readonly actions: BotAction[] = [];

  constructor(
    state: BotState,
    private readonly world: World,
  ) {
    this.state = { ...state };
  }

  result(): Decision {
    return { state: this.state, actions: this.actions };
  }

  /** An attendant has the ticket (or it is not the bot's): no answer, no pending timer. */
  quiet(): Decision {
    const { timer: _timer, flow: _flow, integration: _integration, ...rest } = this.state;
    // A rating wait an attendant ended (reopened the ticket) is over, and so are a flow's walk and a hand-over.
    if (rest.stage === "rating" || rest.stage === "flow" || rest.stage === "integration") rest.stage = "done";
    return { state: rest, actions: [] };
  }

  /**
   * Rating (NPS): the question when asked; a score 0 to 10 is stored, thanked
   * with the completion message and the ticket closes; an invalid answer asks
   * again, up to maxUseBotQueuesNPS; expiresTicketNPS minutes without a score
   * close it unrated.
   */
  rating(event: BotEvent): void {
    const { connection, now } = this.world;
    if (event.type === "ratingRequested") {
      if (this.state.stage === "rating") return;
      this.state.stage = "rating";
      this.state.ratingAttempts = 0;
      this.sendIfAny(connection.ratingMessage);
      if (connection.expiresTicketNPS > 0) {
        const at = new Date(now.getTime() + connection.expiresTicketNPS * 60_000);
        this.state.timer = { kind: "ratingExpires", at: at.toISOString() };
      } else this.clearTimer();
      return;
    }
    if (this.state.stage !== "rating") return;
    if (event.type === "timer") {
      if (event.kind === "ratingExpires") this.endRating();
      return;
    }
    const score = /^\s*(10|[0-9])\s*$/.exec(event.body)?.[1];
    if (score !== undefined) {
      this.actions.push({ type: "rate", value: Number(score) });
      this.sendIfAny(connection.complationMessage);
      this.endRating();
      return;
    }
    const attempts = (this.state.ratingAttempts ?? 0) + 1;
    this.state.ratingAttempts = attempts;
    if (connection.maxUseBotQueuesNPS > 0 && attempts >= connection.maxUseBotQueuesNPS) this.endRating();
    else this.sendIfAny(connection.ratingMessage);
  }

  private endRating(): void {
    this.clearTimer();
    this.actions.push({ type: "close" });
    this.state.stage = "done";
  }

  /** The contact message being decided (its id goes with a hand-over). */
  private messageId: number | null = null;

  message(body: string, id?: number): void {
    this.messageId = id ?? null;
    if (this.closedAnswer()) return;
    switch (this.state.stage) {
      case "new":
        // An attendant already placed this ticket in a queue (created, transferred or
        // returned it there): the conversation is the queue's, not the bot's menu.
        if (this.world.ticket.queueId !== null) this.state.stage = "done";
        else this.start();
        return;
      case "lgpd":
        this.consent(body.trim());
        return;
      case "menu":
        this.answer(body.trim());
        return;
      case "stopped":
        this.maybeRestart();
        return;
      case "done":
        return;
    }
  }

  timer(kind: TimerKind): void {
    if (kind !== "sendQueue") return;
    const { level } = this.state;
    this.clearTimer();
    if (this.state.stage !== "menu" || level?.queueId !== null || this.world.ticket.queueId !== null) return;
    const target = this.queue(this.world.connection.sendIdQueue);
    if (target) this.enterQueue(target, true);
  }

  /** Vacation, then company or connection hours: the contact is told once in a while, the ticket waits. */
  private closedAnswer(): boolean {
    const { connection, settings, now, timeZone } = this.world;
    if (onVacation(connection, now, timeZone)) {
      this.tellClosed(connection.collectiveVacationMessage);
      return true;
    }
    const schedules =
      settings.scheduleType === "company"
        ? settings.companySchedules
        : settings.scheduleType === "connection"
          ? connection.schedules
          : [];
    if (!withinHours(schedules, now, timeZone)) {
      this.tellClosed(connection.outOfHoursMessage);
      return true;
    }
    return false;
  }

  private tellClosed(message: string | null): void {
    const text = message?.trim();
    if (!text) return;
    const last = this.world.contact.outOfHoursSentAt;
    const repeatMs = this.world.settings.outOfHoursRepeatMinutes * 60_000;
    if (last && this.world.now.getTime() - last.getTime() < repeatMs) return;
    this.send(text);
    this.actions.push({ type: "outOfHoursSent" });
  }

  /**
   * LGPD first: a contact who has not accepted gets lgpdMessage and lgpdLink.
   * With lgpdConsent the ticket waits in lgpd for "1" (accept: stored on the
   * contact, then the greeting) or "2" (the ticket closes); without it the
   * text only informs and the conversation goes on.
   */
  private start(): void {
    const { lgpd } = this.world.settings;
    const text = [lgpd.message?.trim(), lgpd.link?.trim()].filter(Boolean).join("\n\n");
    if (lgpd.enabled && text && !this.world.contact.lgpdAcceptedAt) {
      if (!lgpd.consent) this.send(text);
      else {
        this.askConsent(text);
        return;
      }
    }
    this.greet();
  }

  private askConsent(text: string): void {
    this.send(`${text}\n\n*[ 1 ]* - Aceito\n*[ 2 ]* - Não aceito`);
    if (this.state.stage !== "lgpd") this.actions.push({ type: "setStatus", status: "lgpd" });
    this.state.stage = "lgpd";
  }

  private consent(answer: string): void {
    const word = foldText(answer);
    if (word === "1" || word === "aceito" || word === "sim") {
      this.actions.push({ type: "lgpdAccepted" }, { type: "setStatus", status: "pending" });
      this.greet();
    } else if (word === "2" || word === "nao aceito" || word === "nao") {
      this.actions.push({ type: "close" });
      this.state.stage = "done";
    } else {
      const { lgpd } = this.world.settings;
      this.askConsent([lgpd.message?.trim(), lgpd.link?.trim()].filter(Boolean).join("\n\n"));
    }
  }

  private greet(): void {
    const { connection, settings } = this.world;
    const [only, ...others] = connection.queues;
    // The connection's greeting file (if any) goes before its greeting, once per ticket.
    if ((others.length > 0 || !only) && connection.hasGreetingMedia)
      this.actions.push({ type: "sendGreetingMedia" });
    if (!only) {
      this.sendIfAny(connection.greetingMessage);
      this.state.stage = "done";
      return;
    }
    if (others.length === 0) {
      this.enterQueue(only, settings.sendGreetingMessageOneQueues);
      return;
    }
    this.showMenu({ queueId: null, optionId: null });
    if (this.state.stage === "menu" && connection.timeSendQueue > 0 && this.queue(connection.sendIdQueue)) {
      const at = new Date(this.world.now.getTime() + connection.timeSendQueue * 60_000);
      this.state.timer = { kind: "sendQueue", at: at.toISOString() };
    }
  }

  private maybeRestart(): void {
    const pause = this.world.connection.timeUseBotQueues;
    const stoppedAt = this.state.stoppedAt ? Date.parse(this.state.stoppedAt) : Number.NaN;
    if (pause <= 0 || !(this.world.now.getTime() - stoppedAt >= pause * 60_000)) return;
    this.state.menusSent = 0;
    delete this.state.stoppedAt;
    this.showMenu(this.state.level ?? { queueId: null, optionId: null });
  }

  private answer(text: string): void {
    const level = this.state.level ?? { queueId: null, optionId: null };
    if (text === BACK) {
      this.showMenu(this.parentOf(level) ?? level);
      return;
    }
    if (level.queueId === null) {
      const queue = pick(this.world.connection.queues, text);
      if (!queue) {
        this.showMenu(level);
        return;
      }
      this.clearTimer();
      this.enterQueue(queue, true);
      return;
    }
    const option = pick(this.optionsAt(level), text);
    if (!option) {
      this.showMenu(level);
      return;
    }
    this.choose(option, level);
  }

  private choose(option: OptionNode, level: MenuLevel): void {
    const greeting = option.greetingMessage;
    switch (option.queueType) {
      case "attendent":
        this.sendIfAny(greeting);
        if (option.optUserId !== null) this.actions.push({ type: "assign", userId: option.optUserId });
        this.state.stage = "done";
        break;
      case "queue": {
        this.sendIfAny(greeting);
        const target = this.queue(option.optQueueId);
        if (target) this.enterQueue(target, true);
        else this.state.stage = "done";
        break;
      }
      case "file":
        this.sendIfAny(greeting);
        this.actions.push({ type: "sendFiles", fileListId: option.optFileId });
        break;
      case "integration":
        this.sendIfAny(greeting);
        this.handTo(option.optIntegrationId);
        break;
      default:
        // text: an option with options of its own opens the next level, its message as the header.
        if (option.options.length > 0) this.showMenu({ queueId: level.queueId, optionId: option.id });
        else this.sendIfAny(greeting);
    }
    if (option.closeTicket) {
      this.actions.push({ type: "close" });
      this.state.stage = "done";
    }
  }

  /** The ticket enters the queue: out of the queue's hours it is told so; otherwise greeting and options. */
  private enterQueue(queue: QueueInfo, greet: boolean): void {
    this.clearTimer();
    this.actions.push({ type: "enterQueue", queueId: queue.id });
    const { settings, now, timeZone } = this.world;
    if (settings.scheduleType === "queue" && !withinHours(queue.schedules, now, timeZone)) {
      this.tellClosed(queue.outOfHoursMessage);
      this.state.stage = "done";
      return;
    }
    if (queue.integrationId !== null) {
      // A queue with an integration: its greeting, then the integration has the conversation.
      if (greet) this.sendIfAny(queue.greetingMessage);
      this.handTo(queue.integrationId);
      return;
    }
    if (queue.closeTicket) {
      // A queue that only informs (opening hours, an address): its greeting, then the ticket closes.
      this.sendIfAny(queue.greetingMessage);
      this.sendFilesOf(queue);
      this.actions.push({ type: "close" });
      this.state.stage = "done";
      return;
    }
    if (queue.options.length === 0) {
      if (greet) this.sendIfAny(queue.greetingMessage);
      this.sendFilesOf(queue);
      this.state.stage = "done";
      const position = settings.queuePositionMessage?.trim();
      if (position) this.actions.push({ type: "tellPosition", queueId: queue.id, message: position });
      return;
    }
    // The queue's files go before its menu, so the menu stays the last thing the contact reads.
    this.sendFilesOf(queue);
    this.showMenu({ queueId: queue.id, optionId: null }, greet);
  }

  /** The conversation goes to an integration (handover-machine.ts); none: the bot is done. */
  private handTo(integrationId: number | null): void {
    const taken = handTo(this.state, integrationId, this.world, this.messageId);
    this.state = taken.state;
    this.actions.push(...taken.actions);
  }

  /** A queue with a file list sends it to every contact the bot brings in. */
  private sendFilesOf(queue: QueueInfo): void {
    if (queue.fileListId !== null) this.actions.push({ type: "sendFiles", fileListId: queue.fileListId });
  }

  /**
   * Sends the level's menu (its header, numbered choices, `#` to go back),
   * unless the contact already had maxUseBotQueues menus: then the bot stops.
   * A level with a single choice takes it at once.
   */
  private showMenu(level: MenuLevel, withHeader = true): void {
    const choices: { name: string }[] =
      level.queueId === null ? this.world.connection.queues : this.optionsAt(level);
    if (choices.length === 0) {
      this.state.stage = "done";
      return;
    }
    if (choices.length === 1) {
      if (level.queueId === null) {
        this.enterQueue(choices[0] as QueueInfo, true);
        return;
      }
      if (withHeader) this.sendIfAny(this.headerOf(level));
      this.choose(choices[0] as OptionNode, level);
      return;
    }
    const max = this.world.connection.maxUseBotQueues;
    if (max > 0 && this.state.menusSent >= max) {
      this.clearTimer();
      this.state.stage = "stopped";
      this.state.stoppedAt = this.world.now.toISOString();
      return;
    }
    const lines = choices.map((choice, i) => `*[ ${i + 1} ]* - ${choice.name}`);
    if (this.parentOf(level)) lines.push(`*[ ${BACK} ]* - Voltar`);
    const header = withHeader ? this.headerOf(level)?.trim() : undefined;
    this.send(header ? `${header}\n\n${lines.join("\n")}` : lines.join("\n"));
    this.state.stage = "menu";
    this.state.level = level;
    this.state.menusSent += 1;
  }

  private headerOf(level: MenuLevel): string | null {
    if (level.queueId === null) return this.world.connection.greetingMessage;
    if (level.optionId === null) return this.queue(level.queueId)?.greetingMessage ?? null;
    return findOption(this.queue(level.queueId)?.options ?? [], level.optionId)?.node.greetingMessage ?? null;
  }

  private optionsAt(level: MenuLevel): OptionNode[] {
    const queue = this.queue(level.queueId);
    if (!queue) return [];
    if (level.optionId === null) return queue.options;
    return findOption(queue.options, level.optionId)?.node.options ?? [];
  }

  /** The level `#` leads to: the parent option, the queue's first level, or the connection's queues. */
  private parentOf(level: MenuLevel): MenuLevel | undefined {
    if (level.queueId === null) return undefined;
    if (level.optionId === null)
      return this.world.connection.queues.length > 1 ? { queueId: null, optionId: null } : undefined;
    const found = findOption(this.queue(level.queueId)?.options ?? [], level.optionId);
    return { queueId: level.queueId, optionId: found?.parentId ?? null };
  }

  private queue(id: number | null): QueueInfo | undefined {
    return id === null ? undefined : this.world.queuesById.get(id);
  }

  private clearTimer(): void {
    delete this.state.timer;
  }

  private sendIfAny(text: string | null | undefined): void {
    const body = text?.trim();
    if (body) this.send(body);
  }

  private send(body: string): void {
    this.actions.push({ type: "send", body });
  }
}
