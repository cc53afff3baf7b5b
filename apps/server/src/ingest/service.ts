import type { ChannelRegistry } from "../channels/registry.js";
import type {
  ContactRef,
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
import { type ContactRow, presentTicket, type TicketRow } from "../modules/tickets/presenter.js";
import type { Realtime } from "../realtime/realtime.js";
import type { TicketEvents } from "../realtime/ticket-events.js";
import type { Storage } from "../storage/storage.js";
import { CallAnswers } from "./calls.js";
import { CallsRepo } from "./calls-repo.js";
import { credentials, type IngestConnection, readConnection, UnknownMessageError } from "./connection.js";
import {
  InboundMedia,
  MediaRetryError,
  type MediaSource,
  mediaExtra,
  type StoredMedia,
} from "./inbound-media.js";
import { mapLimit } from "./map-limit.js";
import { MessageChanges } from "./message-changes.js";
import { MessageChangesRepo } from "./message-changes-repo.js";
import { contactChannel, normalizePhone } from "./phone.js";
import { ProfileLookup } from "./profiles.js";
import { contactNeedsUpdate, IngestRepo } from "./repo.js";
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

  /** Names and pictures of Messenger and Instagram contacts (webhooks carry only their ids). */
  private readonly profiles: ProfileLookup;

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
      party: (connection, contact) => this.partyOf(connection, contact),
    });
    this.profiles = new ProfileLookup({
      channels: deps.channels,
      storage: deps.storage,
      logger: deps.logger,
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
    const placed = await this.placeMessages(messages);
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
        // Statuses can outrun the send that produced their id; the caller retries the delivery.
        if (error instanceof UnknownMessageError)
          failures.set(index, failed ?? new UnknownMessageError("a status names a message not stored yet"));
        else failures.set(index, error as Error);
      }
    }
    return failures;
  }

  private async apply(connection: Connection, event: InboundEvent): Promise<void> {
    switch (event.kind) {
      case "message":
        return this.commitMessages(await this.placeMessages([{ connection, message: event.message }]));
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
   * Stores new messages: contacts and their open tickets read in one query,
   * created only where missing (a ticket closed within the connection's
   * timeCreateNewTicket minutes is reopened instead of a new one), media
   * downloaded, then every message inserted and every ticket moved in one
   * transaction. Idempotent: a provider id already stored is skipped and
   * moves nothing, and opens or reopens no ticket.
   */
  private async placeMessages(
    items: { connection: Connection; message: InboundMessage }[],
  ): Promise<PlacedMessage[]> {
    let wanted = items.filter(({ connection, message }) => !message.group || connection.allowGroup);
    wanted = await this.withoutStoredMedia(wanted);
    if (wanted.length === 0) return [];

    // Who wrote, on which connection: one key per (contact, connection).
    const keys = new Map<string, PartyKey & { index: number }>();
    const keyOf = wanted.map(({ connection, message }) => {
      const input = contactInputOf(connection, message);
      const key = `${input.companyId}:${input.channel}:${input.number}:${connection.id}`;
      const entry = keys.get(key) ?? {
        index: keys.size,
        input,
        connection,
        providerIds: [],
        imported: message.imported,
      };
      entry.providerIds.push(message.providerMessageId);
      keys.set(key, entry);
      return key;
    });
    const parties = await this.parties([...keys.values()]);
    // Each message with its conversation; already stored ones whose ticket was closed since have none.
    const placed = wanted.flatMap((item, i) => {
      const party = parties[keys.get(keyOf[i] as string)?.index ?? -1];
      if (!party) throw new Error("no contact resolved for a message");
      const { contact, ticket, reopened } = party;
      return ticket ? [{ ...item, contact, ticket, reopened }] : [];
    });
    const media = await mapLimit(placed, 4, ({ connection, message }) =>
      this.media.store(connection, message),
    );
    return placed.map((item, i) => ({ ...item, file: media[i] ?? { url: null } }));
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
    const reopenedTickets = new Map(placed.flatMap((p) => (p.reopened ? [[p.ticket.id, p] as const] : [])));
    for (const { contact, ticket, reopened } of reopenedTickets.values()) {
      if (!reopened) continue;
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

  /** A redelivered media message is not downloaded again: one read per connection says which are stored. */
  private async withoutStoredMedia<T extends { connection: Connection; message: InboundMessage }>(
    items: T[],
  ): Promise<T[]> {
    const byConnection = new Map<number, T[]>();
    for (const item of items) {
      if (!item.message.media) continue;
      byConnection.set(item.connection.id, [...(byConnection.get(item.connection.id) ?? []), item]);
    }
    if (byConnection.size === 0) return items;
    const skip = new Set<T>();
    for (const group of byConnection.values()) {
      const { connection } = group[0] as T;
      const stored = await this.repo.storedProviderIds(
        connection.companyId,
        connection.id,
        group.map((g) => g.message.providerMessageId),
      );
      for (const item of group) if (stored.has(item.message.providerMessageId)) skip.add(item);
    }
    return items.filter((item) => !skip.has(item));
  }

  /**
   * Each key's contact and non-closed ticket, in the keys' order: one read
   * for the known ones; contacts created or renamed, closed tickets reopened
   * and tickets opened only where needed. A key with no open ticket whose
   * messages are all stored already (a redelivery after a close) gets none:
   * `ticket` is null. `reopened`: the ticket as it was closed, when the
   * connection's timeCreateNewTicket brought it back.
   */
  private async parties(keys: PartyKey[]): Promise<Party[]> {
    const known = await this.repo.contactsWithOpenTickets(
      keys.map(({ input, connection, providerIds }) => ({
        ...input,
        whatsappId: connection.id,
        reopenMinutes: connection.timeCreateNewTicket,
        providerIds,
      })),
    );
    await this.withProfiles(keys, known);
    const contactKey = (c: { companyId: number; channel: string; number: string }) =>
      `${c.companyId}:${c.channel}:${c.number}`;
    const toWrite = new Map<string, ContactInput>();
    for (const [i, { input }] of keys.entries()) {
      const found = known.get(i);
      if (!found || contactNeedsUpdate(found.contact, input)) toWrite.set(contactKey(input), input);
    }
    const written = new Map(
      (await this.repo.upsertContacts([...toWrite.values()])).map((c) => [contactKey(c), c]),
    );
    const contactsOf = keys.map(({ input }, i) => {
      const contact = written.get(contactKey(input)) ?? known.get(i)?.contact;
      if (!contact) throw new Error("contact upsert returned no row");
      return contact;
    });
    // Keys that need a ticket: no open one, and something new to put in it.
    const needy = keys.flatMap((_, i) => {
      const found = known.get(i);
      return found?.ticket || (found && !found.fresh) ? [] : [i];
    });
    const reopened = await this.repo.reopenTickets(
      needy.flatMap((i) => {
        const closed = known.get(i)?.reopen;
        return closed ? [{ companyId: closed.companyId, ticketId: closed.id }] : [];
      }),
    );
    const pair = (i: number) => `${(contactsOf[i] as ContactRow).id}:${(keys[i] as PartyKey).connection.id}`;
    const opened = await this.repo.openTickets(
      needy.flatMap((i) => {
        if (reopened.has(pair(i))) return [];
        const { input, connection } = keys[i] as PartyKey;
        return [
          {
            companyId: input.companyId,
            contactId: (contactsOf[i] as ContactRow).id,
            whatsappId: connection.id,
            channel: connection.channel,
            isGroup: input.isGroup,
            imported: (keys[i] as PartyKey).imported,
          },
        ];
      }),
    );
    const wanted = new Set(needy);
    return keys.map((_, i) => {
      const contact = contactsOf[i] as ContactRow;
      const found = known.get(i);
      if (!wanted.has(i)) return { contact, ticket: found?.ticket ?? null };
      const back = reopened.get(pair(i));
      if (back) return { contact, ticket: back, reopened: found?.reopen ?? undefined };
      const ticket = opened.get(pair(i));
      if (!ticket) throw new Error("no open ticket resolved");
      return { contact, ticket };
    });
  }

  /** One caller's contact and ticket, found, reopened or opened as a message of theirs would be. */
  private async partyOf(connection: Connection, contact: ContactRef): Promise<Party> {
    const input = contactInputOf(connection, { contact });
    const [party] = await this.parties([{ input, connection, providerIds: [] }]);
    if (!party) throw new Error("no party resolved for a caller");
    return party;
  }

  /**
   * Messenger and Instagram contacts still named by their id (new ones, or
   * ones whose lookup failed before) take the name and picture of the Graph
   * profile lookup; contacts an attendant named are not looked up.
   */
  private async withProfiles(
    keys: { input: ContactInput; connection: Connection }[],
    known: Map<number, { contact: ContactRow }>,
  ): Promise<void> {
    const wanted = keys.filter(({ input, connection }, i) => {
      if (input.isGroup || input.name) return false;
      if (connection.channel !== "facebook" && connection.channel !== "instagram") return false;
      const contact = known.get(i)?.contact;
      return !contact || contact.name === contact.number || !contact.profilePicUrl;
    });
    await mapLimit(wanted, 4, async ({ input, connection }) => {
      const profile = await this.profiles.get(credentials(connection), input.number);
      if (profile?.name) input.name = profile.name;
      if (profile?.profilePicUrl) input.profilePicUrl = profile.profilePicUrl;
    });
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

/** Digits for phone numbers (Brazil's ninth digit added); provider ids and `@lid` privacy ids as they are. */
function contactNumber(channel: string, message: Pick<InboundMessage, "contact" | "group">): string {
  if (message.group) return message.group.id;
  const id = message.contact.id;
  return channel === "whatsapp" && !id.includes("@") ? normalizePhone(id) : id;
}

type ConnectionRef = { id: number; companyId: number };

type ContactInput = ReturnType<typeof contactInputOf>;

/** One (contact, connection) of a batch, with the provider ids of its messages. */
interface PartyKey {
  input: ContactInput;
  connection: Connection;
  providerIds: string[];
  /** The key's messages come from a history import: a ticket it opens is marked so. */
  imported?: { queueId: number | null };
}

interface Party {
  contact: ContactRow;
  ticket: TicketRow | null;
  reopened?: TicketRow;
}

/** A message with its conversation and its file, ready to be stored (`commitMessages`). */
interface PlacedMessage {
  connection: Connection;
  message: InboundMessage;
  contact: ContactRow;
  ticket: TicketRow;
  /** The ticket as it was closed, when this batch reopened it. */
  reopened?: TicketRow;
  file: StoredMedia;
}

function contactInputOf(connection: Connection, message: Pick<InboundMessage, "contact" | "group">) {
  const channel = contactChannel(connection.channel);
  return {
    companyId: connection.companyId,
    channel,
    number: contactNumber(channel, message),
    name: (message.group ? message.group.name : message.contact.name) ?? "",
    isGroup: Boolean(message.group),
    lid: message.group ? undefined : message.contact.lid,
    profilePicUrl: undefined as string | undefined,
    whatsappId: connection.id,
  };
}
