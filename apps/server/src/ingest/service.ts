import type { ChannelRegistry } from "../channels/registry.js";
import type {
  InboundEvent,
  InboundMessage,
  InboundSink,
  PreparedDeliveries,
  SinkEvents,
} from "../channels/types.js";
import type { Db } from "../db/client.js";
import type { OutboundService } from "../modules/messages/outbound-service.js";
import { type MessageRow, presentMessage } from "../modules/messages/presenter.js";
import { previewOfMessage } from "../modules/messages/preview.js";
import { presentTicket } from "../modules/tickets/presenter.js";
import type { Realtime } from "../realtime/realtime.js";
import type { TicketEvents } from "../realtime/ticket-events.js";
import type { Storage } from "../storage/storage.js";
import { CallAnswers } from "./calls.js";
import { CallsRepo } from "./calls-repo.js";
import { credentials, type IngestConnection, readConnection, UnknownMessageError } from "./connection.js";
import { InboundMedia, MediaRetryError, type MediaSource, mediaExtra } from "./inbound-media.js";
import { MessageChanges } from "./message-changes.js";
import { MessageChangesRepo } from "./message-changes-repo.js";
import { normalizePhone } from "./phone.js";
import { MessagePlacement, type PlacedMessage } from "./placement.js";
import { ProfileLookup } from "./profiles.js";
import { IngestRepo } from "./repo.js";
import { TtlCache } from "./ttl-cache.js";

export interface IngestDeps {
  db: Db;
  realtime: Realtime;
  /** Ticket and message events (who hears them is decided there). */
  events: TicketEvents;
  storage: Storage;
  channels: ChannelRegistry;
  logger: { warn(obj: object, msg: string): void };
  /** Contacts wrote on these tickets (stored and committed): the automation decides what to answer. */
  onContactMessages?: (tickets: { companyId: number; ticketId: number; whatsappId: number | null }[]) => void;
  /** Sends what ingest itself answers (a declined call's message). */
  outbound?: OutboundService;
}

type Connection = IngestConnection;

/**
 * Inbound pipeline (DESIGN section 5): contact upsert -> find or open the
 * ticket -> store the message once -> realtime. Every step is idempotent, so
 * a redelivered webhook or a retried job changes nothing the second time.
 */
export class IngestService implements InboundSink {
  private readonly repo: IngestRepo;

  /** Who wrote, in which conversation, with which file: the first step of storing messages. */
  private readonly placement: MessagePlacement;

  /** Calls to WhatsApp Web connections (acceptCallWhatsapp). */
  private readonly calls: CallAnswers<Connection>;

  /** Receipts, reactions, edits and deletions of stored messages. */
  private readonly changes: MessageChanges;

  /** Inbound files: saved, or flagged for a retry. */
  private readonly media: InboundMedia;

  constructor(private readonly deps: IngestDeps) {
    this.repo = new IngestRepo(deps.db);
    this.changes = new MessageChanges(new MessageChangesRepo(deps.db), deps.events);
    this.media = new InboundMedia(deps);
    this.calls = new CallAnswers({
      repo: new CallsRepo(deps.db),
      channels: deps.channels,
      events: deps.events,
      logger: deps.logger,
      outbound: deps.outbound,
      credentials,
      party: (connection, contact) => this.placement.partyOf(connection, contact),
    });
    this.placement = new MessagePlacement({
      repo: this.repo,
      media: this.media,
      // Names and pictures of Messenger and Instagram contacts (webhooks carry only their ids).
      profiles: new ProfileLookup({ channels: deps.channels, storage: deps.storage, logger: deps.logger }),
    });
  }

  /** Connections change rarely and are read for every message: kept for a few seconds. */
  private readonly connections = new TtlCache<string, Connection>(5_000);

  async deliver(ref: ConnectionRef, events: InboundEvent[]): Promise<void> {
    const failure = (await this.deliverMany([[{ connection: ref, events }]])).get(0);
    if (failure) throw failure;
  }

  /**
   * Many deliveries at once (the webhook path's batches). New messages of the
   * whole batch are stored with a handful of statements whatever its size;
   * the other events (acks, reactions, edits...) follow one by one in order.
   * Answers the failed deliveries by index; a failure of the shared message
   * step throws, so the caller can retry the deliveries one by one.
   */
  async deliverMany(deliveries: SinkEvents[][]): Promise<Map<number, Error>> {
    return (await this.prepareMany(deliveries)).commit();
  }

  /**
   * `deliverMany`'s first step: each message's contact and conversation (contacts written,
   * tickets reopened or opened) and its file. Nothing is stored that the batch's commit or a
   * later one depends on in order, so the webhook loop prepares its next batch while this one
   * commits; commits run in the order of their prepares (channels/types.ts `InboundSink`).
   */
  async prepareMany(deliveries: SinkEvents[][]): Promise<PreparedDeliveries> {
    const messages: { index: number; connection: Connection; message: InboundMessage }[] = [];
    const others: { index: number; connection: Connection; event: InboundEvent }[] = [];
    for (const [index, groups] of deliveries.entries()) {
      for (const group of groups) {
        const connection = await this.connections.get(
          `${group.connection.companyId}:${group.connection.id}`,
          () => readConnection(this.deps.db, group.connection.companyId, group.connection.id),
        );
        if (!connection) continue;
        for (const event of group.events) {
          if (event.kind === "message") messages.push({ index, connection, message: event.message });
          else others.push({ index, connection, event });
        }
      }
    }
    const placed = await this.placement.place(messages);
    return { commit: () => this.commitMany(placed, others) };
  }

  /** `deliverMany`'s second step: the messages stored, then the other events applied in order. */
  private async commitMany(
    placed: PlacedMessage[],
    others: { index: number; connection: Connection; event: InboundEvent }[],
  ): Promise<Map<number, Error>> {
    const failures = new Map<number, Error>();
    await this.commitMessages(placed);
    for (const { index, connection, event } of others) {
      const failed = failures.get(index);
      // After another error a delivery stops; after an unknown ack its other events still apply.
      if (failed && !(failed instanceof UnknownMessageError)) continue;
      try {
        await this.apply(connection, event);
      } catch (error) {
        // Statuses can outrun the send that produced their id; the caller retries the delivery
        // (one error per delivery, naming every id it waits for).
        if (error instanceof UnknownMessageError && failed instanceof UnknownMessageError)
          failed.providerMessageIds.push(...error.providerMessageIds);
        else failures.set(index, error as Error);
      }
    }
    return failures;
  }

  private async apply(connection: Connection, event: InboundEvent): Promise<void> {
    switch (event.kind) {
      case "message":
        return this.commitMessages(await this.placement.place([{ connection, message: event.message }]));
      case "ack":
        return this.changes.ack(connection, event.providerMessageId, event.ack, event.error);
      case "readUpTo":
        return this.changes.readUpTo(connection, event.contactId, event.watermark);
      case "reaction":
        return this.changes.reaction(connection, event);
      case "edit":
        return this.changes.changeMessage(connection, event.providerMessageId, {
          body: event.body,
          isEdited: true,
        });
      case "delete":
        // LGPD with lgpdDeleteMessage: what the contact deleted is erased (text and file), not only marked.
        return this.changes.changeMessage(
          connection,
          event.providerMessageId,
          (await this.repo.erasesDeletedMessages(connection.companyId))
            ? { isDeleted: true, body: "", mediaUrl: null }
            : { isDeleted: true },
        );
      case "call":
        return this.calls.handle(connection, event);
      case "session": {
        const updated = await this.repo.setConnectionStatus(connection.companyId, connection.id, {
          status: event.status,
          qrcode: event.qrcode || null,
          ...(event.number ? { number: event.number } : {}),
          ...(event.retries !== undefined ? { retries: event.retries } : {}),
        });
        this.connections.delete(`${connection.companyId}:${connection.id}`);
        if (updated) {
          this.deps.realtime.toCompany(connection.companyId, "whatsappSession", {
            action: "update",
            session: { id: updated.id, status: updated.status, qrcode: updated.qrcode ?? "" },
          });
        }
        return;
      }
    }
  }

  /**
   * Stores placed messages and moves their tickets in one statement, then tells the automation
   * and the sockets. The replies' quoted messages are looked up here, not when placing: the
   * message replied to may be in the batch committed just before.
   */
  private async commitMessages(placed: PlacedMessage[]): Promise<void> {
    if (placed.length === 0) return;
    const quoted = await this.quotedIds(placed);
    const moves = new Map<string, { lastMessage: string; unread: boolean }>();
    const rows = placed.map(({ connection, message, contact, ticket, file }) => {
      const extra = { ...message.extra, ...mediaExtra(file) };
      moves.set(`${connection.id}:${message.providerMessageId}`, {
        lastMessage: previewOfMessage({ body: message.body, mediaType: message.mediaType, extra }),
        unread: !message.fromMe && message.extra?.append !== true,
      });
      return {
        companyId: connection.companyId,
        ticketId: ticket.id,
        contactId: contact.id,
        whatsappId: connection.id,
        providerMessageId: message.providerMessageId,
        remoteJid: message.group?.id ?? message.contact.id,
        participant: message.group ? normalizePhone(message.contact.id) : null,
        body: message.body,
        fromMe: message.fromMe,
        mediaType: message.mediaType,
        mediaUrl: file.url,
        ack: message.fromMe ? 1 : 0,
        isForwarded: message.isForwarded,
        quotedMsgId: quoted.get(`${connection.id}:${message.quotedProviderMessageId}`) ?? null,
        extra,
        createdAt: message.timestamp,
        updatedAt: message.timestamp,
      };
    });

    const stored = await this.repo.storeMessages(rows, moves);
    await this.linkQuotesWithinBatch(placed, stored.messages);
    const due = stored.due.flatMap((id) => stored.tickets.get(id) ?? []);
    if (due.length > 0)
      this.deps.onContactMessages?.(
        due.map((t) => ({ companyId: t.companyId, ticketId: t.id, whatsappId: t.whatsappId })),
      );
    const contactsById = new Map(placed.map((p) => [p.contact.id, p.contact]));
    // A reopened ticket leaves the closed lists of those who saw it closed (once, whatever its messages).
    const reopenedTickets = new Map(
      placed.flatMap(({ contact, ticket, reopened }) =>
        reopened ? [[ticket.id, { contact, ticket, reopened }] as const] : [],
      ),
    );
    for (const { contact, ticket, reopened } of reopenedTickets.values()) {
      const now = stored.tickets.get(ticket.id) ?? ticket;
      this.deps.events.ticketChanged(now.companyId, presentTicket(now, contact), "update", reopened);
    }
    for (const message of stored.messages) {
      const ticket = stored.tickets.get(message.ticketId);
      const contact = contactsById.get(message.contactId ?? -1);
      if (ticket && contact)
        this.deps.events.messageCreated(
          ticket.companyId,
          presentTicket(ticket, contact),
          presentMessage(message),
        );
    }
  }

  /** Stored ids of the messages being replied to, keyed `connectionId:providerId`. */
  private async quotedIds(items: { connection: Connection; message: InboundMessage }[]) {
    const ids = new Map<string, number>();
    const byConnection = new Map<number, { connection: Connection; quoted: string[] }>();
    for (const { connection, message } of items) {
      if (!message.quotedProviderMessageId) continue;
      const entry = byConnection.get(connection.id) ?? { connection, quoted: [] };
      entry.quoted.push(message.quotedProviderMessageId);
      byConnection.set(connection.id, entry);
    }
    for (const { connection, quoted } of byConnection.values()) {
      const found = await this.repo.idsByProviderId(connection.companyId, connection.id, quoted);
      for (const [providerId, id] of found) ids.set(`${connection.id}:${providerId}`, id);
    }
    return ids;
  }

  /** A reply to a message of the same batch: its id exists only now. */
  private async linkQuotesWithinBatch(
    items: { connection: Connection; message: InboundMessage }[],
    stored: MessageRow[],
  ): Promise<void> {
    const byProviderId = new Map(stored.map((m) => [`${m.whatsappId}:${m.providerMessageId}`, m]));
    for (const { connection, message } of items) {
      if (!message.quotedProviderMessageId) continue;
      const reply = byProviderId.get(`${connection.id}:${message.providerMessageId}`);
      const original = byProviderId.get(`${connection.id}:${message.quotedProviderMessageId}`);
      if (reply && original && reply.quotedMsgId === null) {
        await this.repo.setQuoted(reply.companyId, reply.id, original.id);
        reply.quotedMsgId = original.id;
      }
    }
  }

  /**
   * POST /messages/{id}/retry-media: downloads again, through the same path
   * (and its SSRF rules), the media of a stored message whose download failed.
   * Answers the message with its file, or unchanged when it had nothing to
   * retry; throws MediaRetryError when it cannot be retried or fails again
   * (the message keeps its unavailable state).
   */
  async retryMedia(message: MessageRow): Promise<MessageRow> {
    const extra = (message.extra ?? {}) as Record<string, unknown>;
    if (!extra.mediaError || message.mediaUrl) return message;
    const source = extra.mediaSource as MediaSource | undefined;
    if (!source || message.isDeleted || message.whatsappId === null)
      throw new MediaRetryError("This media cannot be downloaded again");
    const connection = await readConnection(this.deps.db, message.companyId, message.whatsappId);
    if (!connection) throw new MediaRetryError("The message's connection is gone");
    const file = await this.media.store(connection, {
      providerMessageId: message.providerMessageId ?? String(message.id),
      media: source,
    });
    if (!file.url) throw new MediaRetryError("The media could not be downloaded", 502);
    const { mediaError: _error, mediaSource: _source, ...rest } = extra;
    Object.assign(rest, file.facts);
    const row = await this.repo.setRetriedMedia(message.companyId, message.id, file.url, rest);
    if (!row) return message;
    this.deps.events.messageUpdated(row.companyId, row.ticketId, presentMessage(row));
    return row;
  }
}

type ConnectionRef = { id: number; companyId: number };
