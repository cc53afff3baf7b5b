import { readFile } from "node:fs/promises";
import { join, normalize } from "node:path";
import type { ChannelRegistry } from "../../channels/registry.js";
import { type OutboundKind, type OutboundMessage, ProviderError } from "../../channels/types.js";
import type { Db } from "../../db/client.js";
import { credentials, sendErrorCode } from "../../ingest/service.js";
import type { TicketEvents } from "../../realtime/ticket-events.js";
import { OutboundRepo } from "./outbound-repo.js";
import { type MessageRow, presentMessage } from "./presenter.js";

export interface OutboundDeps {
  db: Db;
  events: TicketEvents;
  channels: ChannelRegistry;
  /** Root of the file store, to read attachments saved under /public. */
  storageRoot: string;
  logger: { warn(obj: object, msg: string): void };
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
  quotedMsgId?: number | null;
  vcard?: { name: string; number: string };
}

/**
 * Outbound path (DESIGN section 5): message row (ack 0) -> send -> provider
 * id and ack 1. The row is the durable record: what is not sent yet is sent
 * by the sweeper after a crash or a retryable failure, and the claim makes
 * sure two senders never both call the provider for one message.
 */
export class OutboundService {
  private readonly repo: OutboundRepo;

  constructor(private readonly deps: OutboundDeps) {
    this.repo = new OutboundRepo(deps.db);
  }

  /** Stores the message, then tries to send it at once; answers the stored row. */
  async queue(input: NewOutbound): Promise<MessageRow> {
    const row = await this.repo.insert({
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
      extra: {
        kind: input.kind ?? "text",
        ...(input.mimeType ? { mimeType: input.mimeType } : {}),
        ...(input.filename ? { filename: input.filename } : {}),
        ...(input.vcard ? { vcard: input.vcard } : {}),
      },
    });
    setImmediate(() => void this.send(row.companyId, row.id).catch(() => {}));
    return row;
  }

  /**
   * One attempt. Retryable provider failures give the claim back and throw
   * (the sweeper tries again); final ones are stored on the message with the
   * error code the attendant sees.
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
      if (sent) this.announce(sent);
    } catch (error) {
      if (error instanceof ProviderError && error.options.retryable) {
        await this.repo.release(companyId, message.id);
        throw error;
      }
      const code =
        error instanceof ProviderError
          ? sendErrorCode(error.code, error.options.subcode)
          : "ERR_SENDING_WAPP_MSG";
      this.deps.logger.warn({ err: error, messageId }, "send failed");
      await this.fail(message, code, (error as Error).message);
    }
  }

  /** Sends what is still waiting (crash, retryable failure). */
  async sweep(olderThanSeconds = 30, limit = 200): Promise<number> {
    const pending = await this.repo.unsent(olderThanSeconds, limit);
    for (const { companyId, id } of pending) {
      await this.send(companyId, id).catch(() => {});
    }
    return pending.length;
  }

  private async fail(message: MessageRow, code: string, detail: string): Promise<void> {
    const failed = await this.repo.markFailed(message.companyId, message.id, code, detail);
    if (failed) this.announce(failed);
  }

  private async toOutbound(message: MessageRow, to: string): Promise<OutboundMessage> {
    const extra = (message.extra ?? {}) as {
      kind?: OutboundKind;
      mimeType?: string;
      filename?: string;
      vcard?: { name: string; number: string };
    };
    const kind = extra.kind ?? "text";
    const outbound: OutboundMessage = {
      kind,
      to,
      body: message.body,
      quotedProviderMessageId: await this.repo.quotedProviderId(message.companyId, message.quotedMsgId),
      ...(extra.vcard ? { vcard: extra.vcard } : {}),
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
