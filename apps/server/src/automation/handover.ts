import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.js";
import {
  contacts,
  integrationDeliveries,
  messages,
  prompts,
  queueIntegrations,
  tickets,
} from "../db/schema/index.js";
import { ofCompany, rowOf } from "../db/tenant-scope.js";
import type { OpenAiClient } from "../integrations/openai.js";
import type { SpeechClient } from "../integrations/speech.js";
import type { Jobs } from "../jobs/jobs.js";
import type { MessageRow } from "../modules/messages/presenter.js";
import { previewOfMessage } from "../modules/messages/preview.js";
import type { TicketRow } from "../modules/tickets/presenter.js";
import type { BotEffects } from "./effects.js";
import {
  type HandoverClients,
  type HandoverInput,
  handOverStep,
  type TypebotSession,
} from "./handover-providers.js";
import type { BotState } from "./machine-types.js";
import { promptTurn } from "./prompt-step.js";
import type { AutomationRepo } from "./repo.js";

export const INTEGRATION_DELIVER = "integration.deliver";
/** Tries per delivery: the first and two retries, 5 s and 20 s later; then the ticket goes back to a person. */
export const DELIVERY_ATTEMPTS = 3;
const BACKOFF_SECONDS = [5, 20];
/** A claimed delivery is its claimer's this long; a crash leaves it to the sweep after that. */
const LEASE_SECONDS = 120;
/** AI context: the ticket's last messages read at most. */
const CONTEXT_MESSAGES = 50;

type Delivery = typeof integrationDeliveries.$inferSelect;

/** What a delivery's answer changes: texts, a voice note, the hold's end, a prompt's transfer to a queue. */
interface Answer {
  texts: string[];
  finished: boolean;
  session: TypebotSession | null;
  audio: Buffer | null;
  transferQueueId: number | null;
  spacingMs: number;
}

export interface HandoverDeps {
  db: Db;
  repo: AutomationRepo;
  effects: BotEffects;
  clients: HandoverClients & { openai: OpenAiClient; speech: SpeechClient };
  /** A stored file's bytes by its public path (a received audio for a prompt). */
  readMedia?: (publicPath: string) => Promise<Buffer | undefined>;
  /** Stores a prompt's voice answer; answers its public path. */
  storeAudio?: (
    companyId: number,
    audio: Buffer,
  ) => Promise<{ path: string; mimeType: string; name: string }>;
  logger: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** Sends the stored answers and tells the screens (the runner's announce). */
  announce(outcome: {
    companyId: number;
    ticketId: number;
    sent: MessageRow[];
    before: TicketRow;
    after: TicketRow;
  }): Promise<void>;
  now?: () => Date;
}

/**
 * Conversations handed to integrations (issue 13; docs/INTEGRATIONS.md): while a ticket's stage is
 * `integration`, each contact message the automation reads becomes a row of the outbox
 * `integration_deliveries`, in the run's transaction. This delivers them, oldest first per ticket:
 * claim (a lease), call the integration outside any transaction, then in one transaction under the
 * ticket's lock store its answers as bot messages and mark the row done, so a retry or a second
 * process never answers twice (the integration itself may see a delivery again: the webhook's
 * X-Inbox-Delivery stays the same). A failure is retried with backoff when it may pass; the last
 * failure, or one that will not pass, gives the ticket back to a person, with a log line. The
 * integration answering `finish` gives it back too.
 */
export class IntegrationHandover {
  private jobs?: Jobs;

  constructor(private readonly deps: HandoverDeps) {}

  attach(jobs: Jobs): void {
    this.jobs = jobs;
  }

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /** Delivers the ticket's due deliveries in order, until none is due (or one waits for a retry). */
  async deliver(companyId: number, ticketId: number): Promise<void> {
    for (let guard = 0; guard < 50; guard += 1) {
      const delivery = await this.claim(companyId, ticketId);
      if (!delivery) return;
      const keepGoing = await this.deliverOne(delivery);
      if (!keepGoing) return;
    }
  }

  /** The minute sweep: tickets with a due delivery (new ones a lost job left, retries, expired leases). */
  async sweep(limit = 100): Promise<void> {
    const due = await this.deps.db
      .selectDistinct({
        companyId: integrationDeliveries.companyId,
        ticketId: integrationDeliveries.ticketId,
      })
      .from(integrationDeliveries)
      .where(and(eq(integrationDeliveries.status, "pending"), sql`${integrationDeliveries.nextAt} <= now()`))
      .limit(limit);
    for (const { companyId, ticketId } of due)
      await this.deliver(companyId, ticketId).catch((err) =>
        this.deps.logger.warn({ err, companyId, ticketId }, "integration delivery failed; the sweep retries"),
      );
  }

  /** After a run that handed messages over: deliver them now, through a job when jobs run. */
  async kick(companyId: number, ticketId: number): Promise<void> {
    if (this.jobs) await this.jobs.send(INTEGRATION_DELIVER, { companyId, ticketId });
    else await this.deliver(companyId, ticketId);
  }

  /** The ticket's oldest pending delivery, if due: taken for LEASE_SECONDS. */
  private async claim(companyId: number, ticketId: number): Promise<Delivery | undefined> {
    const oldest = this.deps.db
      .select({ id: integrationDeliveries.id })
      .from(integrationDeliveries)
      .where(
        and(
          eq(integrationDeliveries.companyId, companyId),
          eq(integrationDeliveries.ticketId, ticketId),
          eq(integrationDeliveries.status, "pending"),
        ),
      )
      .orderBy(asc(integrationDeliveries.id))
      .limit(1);
    const [claimed] = await this.deps.db
      .update(integrationDeliveries)
      .set({
        attempts: sql`${integrationDeliveries.attempts} + 1`,
        nextAt: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
        updatedAt: sql`now()`,
      })
      .where(
        and(sql`${integrationDeliveries.id} = (${oldest})`, sql`${integrationDeliveries.nextAt} <= now()`),
      )
      .returning();
    return claimed;
  }

  /** One delivery; answers whether the ticket's next one may go now. */
  private async deliverOne(delivery: Delivery): Promise<boolean> {
    const { companyId, ticketId } = delivery;
    const context = await this.context(delivery);
    if (context === "gone") {
      // The ticket left the integration (an attendant took it, it finished) or is gone: nothing to hand over.
      await this.settle(delivery, "done", "not handed over any more");
      return true;
    }
    if (context === "no integration") {
      this.deps.logger.warn(
        { companyId, ticketId, integrationId: delivery.integrationId },
        "integration missing; the ticket goes back to a person",
      );
      await this.giveBack(delivery, "the integration no longer exists");
      return true;
    }
    const conversation = () => this.conversation(companyId, ticketId);
    const reply =
      context.kind === "prompt"
        ? await promptTurn({
            prompt: context.prompt,
            message: context.message,
            conversation,
            readMedia: this.deps.readMedia ?? (async () => undefined),
            openai: this.deps.clients.openai,
            speech: this.deps.clients.speech,
            logger: this.deps.logger,
          })
        : await handOverStep(this.deps.clients, {
            ...context,
            conversation,
            deliveryKey: delivery.deliveryKey,
            now: this.now(),
          });
    if (reply.ok) {
      const value = reply.value;
      await this.answer(delivery, {
        texts: value.texts,
        finished: "finished" in value ? value.finished : value.transfer !== null,
        session: "session" in value ? value.session : null,
        spacingMs: "spacingMs" in value ? (value.spacingMs ?? 0) : 0,
        audio: "audio" in value ? value.audio : null,
        transferQueueId: "transfer" in value ? (value.transfer?.queueId ?? null) : null,
      });
      return true;
    }
    if (reply.retryable && delivery.attempts < DELIVERY_ATTEMPTS) {
      const seconds = BACKOFF_SECONDS[delivery.attempts - 1] ?? 60;
      const at = new Date(this.now().getTime() + seconds * 1000);
      await this.deps.db
        .update(integrationDeliveries)
        .set({ nextAt: at, lastError: reply.reason, updatedAt: this.now() })
        .where(and(eq(integrationDeliveries.id, delivery.id), eq(integrationDeliveries.status, "pending")));
      await this.jobs?.send(INTEGRATION_DELIVER, { companyId, ticketId }, { startAfter: at });
      return false;
    }
    this.deps.logger.warn(
      {
        companyId,
        ticketId,
        integrationId: delivery.integrationId,
        attempts: delivery.attempts,
        reason: reply.reason,
      },
      "integration failed; the ticket goes back to a person",
    );
    await this.giveBack(delivery, reply.reason);
    return true;
  }

  private async context(delivery: Delivery) {
    const { db } = this.deps;
    const { companyId, ticketId } = delivery;
    const [ticket] = await db
      .select()
      .from(tickets)
      .where(rowOf(tickets, companyId, ticketId));
    if (!ticket || ticket.contactId === null) return "gone" as const;
    const state = await this.deps.repo.transaction((tx) => this.deps.repo.state(tx, companyId, ticketId));
    const bot = state.state as Partial<BotState>;
    if (bot.stage !== "integration" || bot.integration?.id !== delivery.integrationId) return "gone" as const;
    const [contact] = await db
      .select()
      .from(contacts)
      .where(rowOf(contacts, companyId, ticket.contactId));
    if (!contact) return "gone" as const;
    const [message] = delivery.messageId
      ? await db
          .select({
            id: messages.id,
            body: messages.body,
            mediaType: messages.mediaType,
            mediaUrl: messages.mediaUrl,
            createdAt: messages.createdAt,
          })
          .from(messages)
          .where(and(eq(messages.companyId, companyId), eq(messages.id, delivery.messageId)))
      : [];
    if (delivery.target === "prompt") {
      const [prompt] = await db
        .select()
        .from(prompts)
        .where(rowOf(prompts, companyId, delivery.integrationId));
      return prompt
        ? { kind: "prompt" as const, prompt, message: message ?? null }
        : ("no integration" as const);
    }
    const [integration] = await db
      .select()
      .from(queueIntegrations)
      .where(rowOf(queueIntegrations, companyId, delivery.integrationId));
    if (!integration) return "no integration" as const;
    return {
      kind: "integration" as const,
      integration,
      message: message ?? null,
      contact: { id: contact.id, name: contact.name, number: contact.number, email: contact.email },
      ticket: {
        id: ticket.id,
        uuid: ticket.uuid,
        status: ticket.status,
        queueId: ticket.queueId,
        whatsappId: ticket.whatsappId,
        companyId,
      },
      session: (bot.integration?.session as TypebotSession | undefined) ?? null,
    } satisfies Omit<HandoverInput, "conversation" | "deliveryKey" | "now"> & { kind: "integration" };
  }

  /** The ticket's last messages, oldest first, as conversation turns. */
  private async conversation(companyId: number, ticketId: number) {
    const rows = await this.deps.db
      .select({ body: messages.body, fromMe: messages.fromMe })
      .from(messages)
      .where(
        and(
          eq(messages.companyId, companyId),
          eq(messages.ticketId, ticketId),
          eq(messages.isPrivate, false),
        ),
      )
      .orderBy(desc(messages.id))
      .limit(CONTEXT_MESSAGES);
    return rows
      .reverse()
      .map((m) => ({ role: m.fromMe ? ("assistant" as const) : ("contact" as const), text: m.body }));
  }

  /**
   * The answers stored as bot messages (a prompt's voice note first written to storage), the
   * delivery done, the hold ended when the integration finished or a prompt transferred (to its
   * queue), in one transaction under the ticket's lock.
   */
  private async answer(delivery: Delivery, reply: Answer) {
    const { repo, effects } = this.deps;
    const { companyId, ticketId } = delivery;
    const voice =
      reply.audio && this.deps.storeAudio ? await this.deps.storeAudio(companyId, reply.audio) : null;
    const outcome = await repo.transaction(async (tx) => {
      const ticket = await repo.lockTicket(tx, companyId, ticketId);
      if (!ticket || !(await this.stillOurs(tx, delivery))) return undefined;
      const sent = await effects.storeBotTexts(tx, ticket, reply.texts, reply.spacingMs, this.now());
      if (voice) sent.push(...(await effects.storeBotAudio(tx, ticket, voice)));
      await this.settleIn(tx, delivery, "done", null);
      const row = await repo.state(tx, companyId, ticketId);
      const bot = row.state as Partial<BotState>;
      const held = bot.integration;
      const next: Partial<BotState> = reply.finished
        ? { ...withoutIntegration(bot), stage: "done" }
        : {
            ...bot,
            integration: {
              ...held,
              id: delivery.integrationId,
              ...(reply.session ? { session: reply.session } : {}),
            },
          };
      await repo.saveStates(tx, [{ ...row, state: next as Record<string, unknown> }]);
      const queueId = reply.transferQueueId;
      if (queueId !== null) await repo.log(tx, { companyId, ticketId, type: "queue", userId: null, queueId });
      const last = sent.at(-1);
      const changes = {
        ...(queueId !== null ? { queueId } : {}),
        ...(last ? { lastMessage: previewOfMessage(last), updatedAt: this.now() } : {}),
      };
      // Nothing sent and no move (a finish keyword): the ticket row stays as it is.
      const after =
        Object.keys(changes).length > 0 ? await repo.updateTicket(tx, companyId, ticketId, changes) : ticket;
      return { companyId, ticketId, sent, before: ticket, after: after ?? ticket };
    });
    if (outcome) await this.deps.announce(outcome);
  }

  /** The integration failed for good: the ticket waits for a person, its other deliveries dropped. */
  private async giveBack(delivery: Delivery, reason: string) {
    const { repo } = this.deps;
    const { companyId, ticketId } = delivery;
    await repo.transaction(async (tx) => {
      const ticket = await repo.lockTicket(tx, companyId, ticketId);
      if (!ticket || !(await this.stillOurs(tx, delivery))) return;
      await tx
        .update(integrationDeliveries)
        .set({ status: "failed", lastError: reason.slice(0, 500), updatedAt: this.now() })
        .where(
          and(
            eq(integrationDeliveries.companyId, companyId),
            eq(integrationDeliveries.ticketId, ticketId),
            eq(integrationDeliveries.status, "pending"),
          ),
        );
      const row = await repo.state(tx, companyId, ticketId);
      const bot = row.state as Partial<BotState>;
      if (bot.stage === "integration")
        await repo.saveStates(tx, [{ ...row, state: { ...withoutIntegration(bot), stage: "done" } }]);
    });
  }

  /** The claim is still this one's: pending, not settled by another process meanwhile. */
  private async stillOurs(tx: Tx, delivery: Delivery): Promise<boolean> {
    const [row] = await tx
      .select({ status: integrationDeliveries.status, attempts: integrationDeliveries.attempts })
      .from(integrationDeliveries)
      .where(ofCompany(integrationDeliveries, delivery.companyId, eq(integrationDeliveries.id, delivery.id)))
      .for("update");
    return row?.status === "pending" && row.attempts === delivery.attempts;
  }

  private async settle(delivery: Delivery, status: "done" | "failed", reason: string | null) {
    await this.deps.repo.transaction(async (tx) => {
      if (await this.stillOurs(tx, delivery)) await this.settleIn(tx, delivery, status, reason);
    });
  }

  private async settleIn(tx: Tx, delivery: Delivery, status: "done" | "failed", reason: string | null) {
    await tx
      .update(integrationDeliveries)
      .set({ status, lastError: reason, updatedAt: this.now() })
      .where(eq(integrationDeliveries.id, delivery.id));
  }
}

function withoutIntegration(state: Partial<BotState>): Record<string, unknown> {
  const { integration: _integration, ...rest } = state;
  return rest;
}
