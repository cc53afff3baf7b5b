import type { ChannelRegistry } from "../channels/registry.js";
import type { ConnectionCredentials, InboundEvent, InboundMessage, InboundSink } from "../channels/types.js";
import type { Db } from "../db/client.js";
import { presentMessage } from "../modules/messages/presenter.js";
import { type ContactRow, presentTicket, type TicketRow } from "../modules/tickets/presenter.js";
import { type Realtime, rooms } from "../realtime/realtime.js";
import type { Storage } from "../storage/storage.js";
import { contactChannel, normalizePhone } from "./phone.js";
import { contactNeedsUpdate, IngestRepo } from "./repo.js";
import { TtlCache } from "./ttl-cache.js";

export interface IngestDeps {
  db: Db;
  realtime: Realtime;
  storage: Storage;
  channels: ChannelRegistry;
  logger: { warn(obj: object, msg: string): void };
}

type Connection = NonNullable<Awaited<ReturnType<IngestRepo["connection"]>>>;

/** A status for a message we have not stored yet: retry the delivery later. */
export class UnknownMessageError extends Error {}

/**
 * Inbound pipeline (DESIGN section 5): contact upsert -> find or open the
 * ticket -> store the message once -> realtime. Every step is idempotent, so
 * a redelivered webhook or a retried job changes nothing the second time.
 */
export class IngestService implements InboundSink {
  private readonly repo: IngestRepo;

  constructor(private readonly deps: IngestDeps) {
    this.repo = new IngestRepo(deps.db);
  }

  /** Connections change rarely and are read for every message: kept for a few seconds. */
  private readonly connections = new TtlCache<string, Connection>(5_000);

  async deliver(ref: { id: number; companyId: number }, events: InboundEvent[]): Promise<void> {
    const connection = await this.connections.get(`${ref.companyId}:${ref.id}`, () =>
      this.repo.connection(ref.companyId, ref.id),
    );
    if (!connection) return;
    let unknownAck = false;
    for (const event of events) {
      try {
        await this.apply(connection, event);
      } catch (error) {
        if (!(error instanceof UnknownMessageError)) throw error;
        unknownAck = true;
      }
    }
    // Statuses can outrun the send that produced their id; the caller retries the delivery.
    if (unknownAck) throw new UnknownMessageError("a status names a message not stored yet");
  }

  private async apply(connection: Connection, event: InboundEvent): Promise<void> {
    switch (event.kind) {
      case "message":
        return this.message(connection, event.message);
      case "ack":
        return this.ack(connection, event.providerMessageId, event.ack, event.error);
      case "readUpTo":
        return this.readUpTo(connection, event.contactId, event.watermark);
      case "reaction":
        return this.reaction(connection, event);
      case "edit":
        return this.changeMessage(connection, event.providerMessageId, { body: event.body, isEdited: true });
      case "delete":
        return this.changeMessage(connection, event.providerMessageId, { isDeleted: true });
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

  private async message(connection: Connection, message: InboundMessage): Promise<void> {
    const { companyId } = connection;
    if (message.group && !connection.allowGroup) return;
    // Storing is idempotent by itself; the early check only saves a media download on redelivery.
    if (
      message.media &&
      (await this.repo.findByProviderId(companyId, connection.id, message.providerMessageId))
    )
      return;

    const channel = contactChannel(connection.channel);
    const contactInput = {
      companyId,
      channel,
      number: contactNumber(channel, message),
      name: (message.group ? message.group.name : message.contact.name) ?? "",
      isGroup: Boolean(message.group),
      lid: message.group ? undefined : message.contact.lid,
      whatsappId: connection.id,
    };
    // One read finds a known contact and its open ticket; writes happen only for what is new.
    const known = await this.repo.contactWithOpenTicket(
      companyId,
      channel,
      contactInput.number,
      connection.id,
    );
    const contact =
      known && !contactNeedsUpdate(known.contact, contactInput)
        ? known.contact
        : await this.repo.upsertContact(contactInput);
    const ticket =
      known?.ticket ??
      (
        await this.repo.findOrOpenTicket({
          companyId,
          contactId: contact.id,
          whatsappId: connection.id,
          channel: connection.channel,
          isGroup: Boolean(message.group),
        })
      ).ticket;

    const quoted = message.quotedProviderMessageId
      ? await this.repo.findByProviderId(companyId, connection.id, message.quotedProviderMessageId)
      : undefined;
    const media = await this.storeMedia(connection, message);
    const history = message.extra?.append === true;
    const stored = await this.repo.storeMessage(
      {
        companyId,
        ticketId: ticket.id,
        contactId: contact.id,
        whatsappId: connection.id,
        providerMessageId: message.providerMessageId,
        remoteJid: message.group?.id ?? message.contact.id,
        participant: message.group ? normalizePhone(message.contact.id) : null,
        body: message.body,
        fromMe: message.fromMe,
        mediaType: message.mediaType,
        mediaUrl: media.url,
        ack: message.fromMe ? 1 : 0,
        isForwarded: message.isForwarded,
        quotedMsgId: quoted?.id ?? null,
        extra: { ...message.extra, ...(media.error ? { mediaError: media.error } : {}) },
        createdAt: message.timestamp,
        updatedAt: message.timestamp,
      },
      { lastMessage: message.body || `[${message.mediaType}]`, unread: !message.fromMe && !history },
    );
    if (!stored) return;
    this.announce(stored.ticket, contact, "create", presentMessage(stored.message));
  }

  private async storeMedia(
    connection: Connection,
    message: InboundMessage,
  ): Promise<{ url: string | null; error?: string }> {
    const media = message.media;
    if (!media) return { url: null };
    try {
      let file: { bytes: Buffer; mimeType: string; filename?: string };
      if (media.bytes) {
        file = {
          bytes: media.bytes,
          mimeType: media.mimeType ?? "application/octet-stream",
          filename: media.filename,
        };
      } else {
        const adapter = this.deps.channels.get(connection.channel);
        if (!adapter) return { url: null, error: "ERR_WAPP_DOWNLOAD_MEDIA" };
        file = await adapter.downloadMedia(credentials(connection), media);
      }
      const name = file.filename ?? `${message.providerMessageId.slice(-24)}${extensionOf(file.mimeType)}`;
      return { url: await this.deps.storage.save(connection.companyId, "media", name, file.bytes) };
    } catch (error) {
      // The message is kept without its file rather than lost; the attendant sees the failure.
      this.deps.logger.warn(
        { err: error, providerMessageId: message.providerMessageId },
        "inbound media download failed",
      );
      return { url: null, error: "ERR_WAPP_DOWNLOAD_MEDIA" };
    }
  }

  private async ack(
    connection: Connection,
    providerMessageId: string,
    ack: number,
    error?: { code: number; title: string },
  ) {
    const { companyId } = connection;
    let row = await this.repo.raiseAck(companyId, connection.id, providerMessageId, ack);
    if (error) {
      const target = row ?? (await this.repo.findByProviderId(companyId, connection.id, providerMessageId));
      if (!target) throw new UnknownMessageError(providerMessageId);
      row = await this.repo.markSendFailed(target.id, companyId, sendErrorCode(error.code), error.title);
    }
    if (!row) {
      if (!(await this.repo.findByProviderId(companyId, connection.id, providerMessageId))) {
        throw new UnknownMessageError(providerMessageId);
      }
      return;
    }
    this.deps.realtime.toRooms(companyId, this.messageRooms(companyId, row.ticketId), "appMessage", {
      action: "update",
      message: presentMessage(row),
    });
  }

  private async readUpTo(connection: Connection, contactId: string, watermark: Date) {
    const contact = await this.repo.findContact(
      connection.companyId,
      contactChannel(connection.channel),
      contactId,
    );
    if (!contact) return;
    const rows = await this.repo.markReadUpTo(connection.companyId, connection.id, contact.id, watermark);
    for (const row of rows) {
      this.deps.realtime.toRooms(
        connection.companyId,
        this.messageRooms(connection.companyId, row.ticketId),
        "appMessage",
        {
          action: "update",
          message: presentMessage(row),
        },
      );
    }
  }

  private async reaction(connection: Connection, event: Extract<InboundEvent, { kind: "reaction" }>) {
    const target = await this.repo.findByProviderId(
      connection.companyId,
      connection.id,
      event.targetProviderMessageId,
    );
    if (!target) return;
    const by = event.fromMe ? "me" : event.contact.id;
    const reactions = target.reactions.filter((r) => r.by !== by);
    if (event.emoji)
      reactions.push({ emoji: event.emoji, fromMe: event.fromMe, by, at: event.timestamp.toISOString() });
    await this.changeMessage(connection, event.targetProviderMessageId, { reactions });
  }

  private async changeMessage(
    connection: Connection,
    providerMessageId: string,
    values: Parameters<IngestRepo["update"]>[2],
  ) {
    const target = await this.repo.findByProviderId(connection.companyId, connection.id, providerMessageId);
    if (!target) return;
    const row = await this.repo.update(connection.companyId, target.id, values);
    if (!row) return;
    this.deps.realtime.toRooms(
      connection.companyId,
      this.messageRooms(connection.companyId, row.ticketId),
      "appMessage",
      {
        action: "update",
        message: presentMessage(row),
      },
    );
  }

  /** New message: the chat box, the ticket lists of its status and the notification room hear it. */
  private announce(
    ticket: TicketRow,
    contact: ContactRow,
    action: "create",
    message: ReturnType<typeof presentMessage>,
  ) {
    const { companyId } = ticket;
    const ticketDto = presentTicket(ticket, contact);
    const targets = [
      rooms.ticket(companyId, ticket.id),
      rooms.status(companyId, ticket.status),
      rooms.notification(companyId),
    ];
    this.deps.realtime.toRooms(companyId, targets, "appMessage", {
      action,
      message,
      ticket: ticketDto,
      contact: ticketDto.contact,
    });
    this.deps.realtime.toRooms(companyId, targets.slice(1), "ticket", {
      action: "update",
      ticket: ticketDto,
    });
  }

  private messageRooms(companyId: number, ticketId: number): string[] {
    return [rooms.ticket(companyId, ticketId), rooms.notification(companyId)];
  }
}

export function credentials(connection: Connection): ConnectionCredentials {
  return {
    id: connection.id,
    companyId: connection.companyId,
    channel: connection.channel as ConnectionCredentials["channel"],
    phoneNumberId: connection.phoneNumberId,
    pageId: connection.pageId,
    instagramId: connection.instagramId,
    accessToken: connection.accessToken,
  };
}

/** 131047 (WhatsApp) and 2018278 (Messenger subcode) are the 24-hour rule. */
export function sendErrorCode(
  providerCode: number | undefined,
  subcode?: number,
): "ERR_OUTSIDE_24H_WINDOW" | "ERR_SENDING_WAPP_MSG" {
  return providerCode === 131047 || subcode === 2018278 || providerCode === 2018278
    ? "ERR_OUTSIDE_24H_WINDOW"
    : "ERR_SENDING_WAPP_MSG";
}

function extensionOf(mimeType: string): string {
  const known: Record<string, string> = {
    "image/jpeg": ".jpg",
    "image/png": ".png",
    "image/webp": ".webp",
    "audio/ogg": ".ogg",
    "audio/mpeg": ".mp3",
    "audio/mp4": ".m4a",
    "video/mp4": ".mp4",
    "application/pdf": ".pdf",
  };
  return known[mimeType.split(";")[0]?.trim() ?? ""] ?? "";
}

/** Digits for phone numbers (Brazil's ninth digit added); provider ids and `@lid` privacy ids as they are. */
function contactNumber(channel: string, message: InboundMessage): string {
  if (message.group) return message.group.id;
  const id = message.contact.id;
  return channel === "whatsapp" && !id.includes("@") ? normalizePhone(id) : id;
}
