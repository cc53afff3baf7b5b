import type { InboundEvent } from "../channels/types.js";
import { presentMessage } from "../modules/messages/presenter.js";
import type { TicketEvents } from "../realtime/ticket-events.js";
import { type IngestConnection as Connection, sendErrorCode, UnknownMessageError } from "./connection.js";
import type { MessageChangesRepo } from "./message-changes-repo.js";
import { contactChannel } from "./phone.js";

/**
 * What the provider says about messages already stored: delivery and read
 * receipts, reactions, edits and deletions. Each is idempotent (an older or
 * repeated event changes nothing) and announced as a message update.
 */
export class MessageChanges {
  constructor(
    private readonly repo: MessageChangesRepo,
    private readonly events: TicketEvents,
  ) {}

  async ack(
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
    this.events.messageUpdated(companyId, row.ticketId, presentMessage(row));
  }

  async readUpTo(connection: Connection, contactId: string, watermark: Date) {
    const contact = await this.repo.findContact(
      connection.companyId,
      contactChannel(connection.channel),
      contactId,
    );
    if (!contact) return;
    const rows = await this.repo.markReadUpTo(connection.companyId, connection.id, contact.id, watermark);
    for (const row of rows)
      this.events.messageUpdated(connection.companyId, row.ticketId, presentMessage(row));
  }

  async reaction(connection: Connection, event: Extract<InboundEvent, { kind: "reaction" }>) {
    const target = await this.repo.findByProviderId(
      connection.companyId,
      connection.id,
      event.targetProviderMessageId,
    );
    if (!target) return;
    const by = event.fromMe ? "me" : event.contact.id;
    // A reaction older than what we hold for this person (a redelivered one after its removal,
    // or a late retry) changes nothing: removals are remembered by time in `extra`.
    const extra = (target.extra ?? {}) as Record<string, unknown>;
    const removed = { ...((extra.reactionsRemoved ?? {}) as Record<string, string>) };
    const at = event.timestamp.getTime();
    const held = target.reactions.find((r) => r.by === by)?.at;
    if (held && at < Date.parse(held)) return;
    // Within one timestamp (WhatsApp counts seconds) a removal wins over a reaction.
    if (removed[by] && (event.emoji ? at <= Date.parse(removed[by]) : at < Date.parse(removed[by]))) return;
    const reactions = target.reactions.filter((r) => r.by !== by);
    if (event.emoji) {
      reactions.push({ emoji: event.emoji, fromMe: event.fromMe, by, at: event.timestamp.toISOString() });
      delete removed[by];
    } else {
      removed[by] = event.timestamp.toISOString();
    }
    await this.changeMessage(connection, event.targetProviderMessageId, {
      reactions,
      extra: { ...extra, reactionsRemoved: removed },
    });
  }

  async changeMessage(
    connection: Connection,
    providerMessageId: string,
    values: Parameters<MessageChangesRepo["update"]>[2],
  ) {
    const target = await this.repo.findByProviderId(connection.companyId, connection.id, providerMessageId);
    if (!target) return;
    const row = await this.repo.update(connection.companyId, target.id, values);
    if (!row) return;
    this.events.messageUpdated(connection.companyId, row.ticketId, presentMessage(row));
  }
}
