import { readFile } from "node:fs/promises";
import { join, normalize } from "node:path";
import type { ChannelRegistry } from "../../channels/registry.js";
import {
  type OutboundKind,
  type OutboundMessage,
  ProviderError,
  SessionElsewhereError,
} from "../../channels/types.js";
import type { Db } from "../../db/client.js";
import type { messages } from "../../db/schema/index.js";
import { credentials, sendErrorCode } from "../../ingest/connection.js";
import type { TicketEvents } from "../../realtime/ticket-events.js";
import { MAX_SEND_ATTEMPTS, OutboundRepo } from "./outbound-repo.js";
import { type MessageRow, presentMessage } from "./presenter.js";
import type { ReadMessage } from "./repo.js";

export interface OutboundDeps {
  db: Db;
  events: TicketEvents;
  channels: ChannelRegistry;
  /** Root of the file store, to read attachments saved under /public. */
  storageRoot: string;
  logger: { warn(obj: object, msg: string): void };
  /** Waits until a paced message is due (default: a timer). */
  delay?: (ms: number) => Promise<void>;
  /** A send's provider id is stored: statuses that arrived before it can apply now (webhooks/service.ts). */
  onProviderIdStored?: (connectionId: number, providerMessageId: string) => void;
}

export interface NewOutbound {
  companyId: number;
  ticketId: number;
  contactId: number;
  whatsappId: number;
  userId?: number | null;
  body: string;
  kind?: OutboundKind;
  mediaType?: string;
  mediaUrl?: string | null;
  mimeType?: string;
  filename?: string;
  /** The stored file's size in bytes and, for audio and video, its length (storage reads them once). */
  fileSize?: number;
  durationSeconds?: number;
  quotedMsgId?: number | null;
  vcard?: { name: string; number: string };
  /** kind "template" (Cloud API): the template and its filled body parameters; `body` is the filled text. */
  template?: { name: string; language: string; parameters: string[] };
  /** A private note: stored and shown to attendants, never sent (the claim refuses it). */
  isPrivate?: boolean;
  isForwarded?: boolean;
  /** Not before this time (forward pacing); the sweeper respects it too. */
  sendAfter?: Date;
}

/**
 * Outbound path (DESIGN section 5): message row (ack 0) -> send -> provider
 * id and ack 1. The row is the durable record: what is not sent yet is sent
 * by the sweeper after a crash or a retryable failure, and the claim makes
 * sure two senders never both call the provider for one message.
 */
export class OutboundService {
  private readonly repo: OutboundRepo;
  /** Send loops of `dispatch` running now, in this process. */
  private readonly dispatching = new Set<Promise<void>>();

  constructor(private readonly deps: OutboundDeps) {
    this.repo = new OutboundRepo(deps.db);
  }

  /** Stores the message, then tries to send it at once; answers the stored row. */
  async queue(input: NewOutbound): Promise<MessageRow> {
    const row = await this.repo.insert(this.rowOf(input));
    this.dispatch([row]);
    return row;
  }

  /** The row `queue` stores for a message, for callers that store it inside their own transaction. */
  rowOf(input: NewOutbound): typeof messages.$inferInsert {
    return {
      companyId: input.companyId,
      ticketId: input.ticketId,
      contactId: input.contactId,
      whatsappId: input.whatsappId,
      userId: input.userId ?? null,
      body: input.body,
      fromMe: true,
      ack: 0,
      mediaType: input.mediaType ?? "chat",
      mediaUrl: input.mediaUrl ?? null,
      quotedMsgId: input.quotedMsgId ?? null,
      isPrivate: input.isPrivate ?? false,
      isForwarded: input.isForwarded ?? false,
      extra: {
        kind: input.kind ?? "text",
        ...(input.mimeType ? { mimeType: input.mimeType } : {}),
        ...(input.filename ? { filename: input.filename } : {}),
        ...(input.fileSize !== undefined ? { fileSize: input.fileSize } : {}),
        ...(input.durationSeconds !== undefined ? { durationSeconds: input.durationSeconds } : {}),
        ...(input.vcard ? { vcard: input.vcard } : {}),
        ...(input.template ? { template: input.template } : {}),
        ...(input.sendAfter ? { sendAfter: input.sendAfter.toISOString() } : {}),
      },
    };
  }

  /**
   * Sends stored rows after the caller's answer, one after another in their
   * order (a contact sees them as written), each not before its `sendAfter`.
   * Private notes are skipped by the claim. A failure of one does not stop
   * the next: retryable ones are left to the sweeper.
   */
  dispatch(rows: MessageRow[]): void {
    const sendable = rows.filter((row) => !row.isPrivate);
    if (sendable.length === 0) return;
    const loop = new Promise((resolve) => setImmediate(resolve)).then(async () => {
      // Paced rows keep their spacing from the previous send's answer, not only from the clock:
      // a slow send must not shorten the gap the contact sees.
      let previous: { due: number; doneAt: number } | undefined;
      for (const row of sendable) {
        const after = (row.extra as { sendAfter?: string } | null)?.sendAfter;
        let due = after ? Date.parse(after) : 0;
        if (after && previous) due = Math.max(due, previous.doneAt + (due - previous.due));
        const wait = due - Date.now();
        if (wait > 0) await this.delay(wait);
        await this.send(row.companyId, row.id).catch(() => {});
        previous = after ? { due: Date.parse(after), doneAt: Date.now() } : undefined;
      }
    });
    this.dispatching.add(loop);
    void loop.finally(() => this.dispatching.delete(loop));
  }

  /** Resolves once no send loop of `dispatch` runs in this process (tests: "nothing more will be sent"). */
  async idle(): Promise<void> {
    while (this.dispatching.size > 0) await Promise.all(this.dispatching);
  }

  private delay(ms: number): Promise<void> {
    return this.deps.delay ? this.deps.delay(ms) : new Promise((resolve) => setTimeout(resolve, ms));
  }

  /**
   * One attempt. Retryable provider failures give the claim back, set the
   * next attempt after a capped exponential backoff and throw (the sweeper
   * tries again when it is due); final ones, and retryable ones after
   * MAX_SEND_ATTEMPTS, are stored on the message with the error code and the
   * provider's reason the attendant sees.
   */
  async send(companyId: number, messageId: number): Promise<void> {
    const message = await this.repo.claim(companyId, messageId);
    if (!message) return;
    const context = await this.repo.context(companyId, message.ticketId);
    const adapter = context ? this.deps.channels.get(context.connection.channel) : undefined;
    if (!context || !adapter) {
      await this.fail(message, "ERR_NO_WAPP_FOUND", "The ticket has no usable connection");
      return;
    }
    try {
      const outbound = await this.toOutbound(message, context.contact.number);
      const { providerMessageId } = await adapter.send(credentials(context.connection), outbound);
      const sent = await this.repo.markSent(companyId, message.id, providerMessageId);
      if (sent) {
        this.announce(sent);
        this.deps.onProviderIdStored?.(context.connection.id, providerMessageId);
      }
    } catch (error) {
      if (error instanceof SessionElsewhereError) {
        // Not an attempt: the process that runs the session sends it (or the sweeper, if that is lost).
        await this.repo.release(companyId, message.id);
        await error.handOff(companyId, message.id);
        return;
      }
      const code =
        error instanceof ProviderError
          ? sendErrorCode(error.code, error.options.subcode)
          : "ERR_SENDING_WAPP_MSG";
      const attempts = message.sendAttempts + 1;
      if (error instanceof ProviderError && error.options.retryable && attempts < MAX_SEND_ATTEMPTS) {
        this.deps.logger.warn({ err: error, messageId, attempts }, "send failed; retrying later");
        await this.repo.postpone(companyId, message.id, attempts);
        throw error;
      }
      // Final: a provider refusal, or retryable failures until the attempts ran out. The
      // attendant sees the code and the provider's own reason on the message.
      this.deps.logger.warn({ err: error, messageId, attempts }, "send failed");
      await this.fail(message, code, (error as Error).message, attempts);
    }
  }

  /**
   * Read receipts for the contact's messages the attendant just read. Best
   * effort (a lost receipt loses no data): a failure is logged, not retried.
   * WhatsApp Web marks each message it is given; the Cloud API and Messenger
   * mark the conversation up to the message named, so the newest is enough.
   */
  async sendReadReceipts(companyId: number, ticketId: number, read: ReadMessage[]): Promise<void> {
    const ids = read
      .filter((r) => r.providerMessageId)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)
      .map((r) => r.providerMessageId as string);
    if (ids.length === 0) return;
    const context = await this.repo.context(companyId, ticketId);
    const adapter = context ? this.deps.channels.get(context.connection.channel) : undefined;
    if (!context || !adapter) return;
    const targets = context.connection.channel === "whatsapp" ? ids.slice(0, 50) : ids.slice(0, 1);
    for (const id of targets) {
      try {
        await adapter.send(credentials(context.connection), {
          kind: "read",
          to: context.contact.number,
          readProviderMessageId: id,
        });
      } catch (error) {
        this.deps.logger.warn({ err: error, ticketId }, "read receipt failed");
        return;
      }
    }
  }

  /**
   * Edits or deletes a message we sent, on the channel, where its adapter
   * carries that change (WhatsApp Web). Answers false when the channel has no
   * such change (Meta's send APIs) or the message never reached it.
   */
  async change(message: MessageRow, change: "edit" | "delete", body?: string): Promise<boolean> {
    if (message.isPrivate || !message.providerMessageId) return false;
    const context = await this.repo.context(message.companyId, message.ticketId);
    const adapter = context ? this.deps.channels.get(context.connection.channel) : undefined;
    if (!context || !adapter?.changes?.has(change)) return false;
    await adapter.send(credentials(context.connection), {
      kind: change,
      to: context.contact.number,
      body,
      targetProviderMessageId: message.providerMessageId,
    });
    return true;
  }

  /** Our reaction (empty emoji: removed) to a message of the conversation, on its channel. */
  async react(message: MessageRow, emoji: string): Promise<void> {
    if (!message.providerMessageId)
      throw new ProviderError("the message has not reached the channel", undefined);
    const context = await this.repo.context(message.companyId, message.ticketId);
    const adapter = context ? this.deps.channels.get(context.connection.channel) : undefined;
    if (!context || !adapter) throw new ProviderError("the ticket has no usable connection", undefined);
    await adapter.send(credentials(context.connection), {
      kind: "reaction",
      to: context.contact.number,
      reaction: { targetProviderMessageId: message.providerMessageId, emoji },
    });
  }

  /** Sends what is still waiting (crash, retryable failure). */
  async sweep(olderThanSeconds = 30, limit = 200): Promise<number> {
    const pending = await this.repo.unsent(olderThanSeconds, limit);
    for (const { companyId, id } of pending) {
      await this.send(companyId, id).catch(() => {});
    }
    return pending.length;
  }

  private async fail(message: MessageRow, code: string, detail: string, attempts?: number): Promise<void> {
    const failed = await this.repo.markFailed(message.companyId, message.id, code, detail, attempts);
    if (failed) this.announce(failed);
  }

  private async toOutbound(message: MessageRow, to: string): Promise<OutboundMessage> {
    const extra = (message.extra ?? {}) as {
      kind?: OutboundKind;
      mimeType?: string;
      filename?: string;
      vcard?: { name: string; number: string };
      template?: { name: string; language: string; parameters: string[] };
    };
    const kind = extra.kind ?? "text";
    const outbound: OutboundMessage = {
      kind,
      to,
      body: message.body,
      quotedProviderMessageId: await this.repo.quotedProviderId(message.companyId, message.quotedMsgId),
      idempotencyKey: `message:${message.companyId}:${message.id}`,
      ...(extra.vcard ? { vcard: extra.vcard } : {}),
      ...(extra.template ? { template: extra.template } : {}),
    };
    if (message.mediaUrl) {
      outbound.media = {
        url: message.mediaUrl,
        mimeType: extra.mimeType ?? "application/octet-stream",
        filename: extra.filename,
        bytes: await this.readStored(message.mediaUrl),
      };
      outbound.voice = kind === "audio";
    }
    return outbound;
  }

  private async readStored(publicPath: string): Promise<Buffer | undefined> {
    if (!publicPath.startsWith("/public/")) return undefined;
    const relative = normalize(publicPath.slice("/public/".length));
    if (relative.startsWith("..")) return undefined;
    return readFile(join(this.deps.storageRoot, relative));
  }

  private announce(message: MessageRow): void {
    this.deps.events.messageUpdated(message.companyId, message.ticketId, presentMessage(message));
  }
}
