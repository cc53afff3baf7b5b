import { renderMessageVariables } from "@inbox/shared";
import type { ChannelRegistry } from "../channels/registry.js";
import type { ConnectionCredentials, ContactRef, InboundEvent } from "../channels/types.js";
import type { OutboundService } from "../modules/messages/outbound-service.js";
import { presentMessage } from "../modules/messages/presenter.js";
import { type ContactRow, presentTicket, type TicketRow } from "../modules/tickets/presenter.js";
import type { TicketEvents } from "../realtime/ticket-events.js";
import type { CallsRepo } from "./calls-repo.js";

type CallEvent = Extract<InboundEvent, { kind: "call" }>;

/** What the call rule needs of a connection (ingest's cached row). */
export interface CallConnection {
  id: number;
  companyId: number;
  channel: string;
}

export interface CallAnswersDeps<C extends CallConnection> {
  repo: CallsRepo;
  channels: ChannelRegistry;
  events: TicketEvents;
  logger: { warn(obj: object, msg: string): void };
  /** Sends the stored answer (absent in setups without an outbound path: the sweeper would send it). */
  outbound?: Pick<OutboundService, "rowOf" | "dispatch">;
  credentials(connection: C): ConnectionCredentials;
  /** The caller's contact and ticket on the connection, opened (or reopened) as a message would. */
  party(
    connection: C,
    contact: ContactRef,
  ): Promise<{ contact: ContactRow; ticket: TicketRow | null; reopened?: TicketRow }>;
}

/**
 * Calls to a QR-code WhatsApp connection (issue 9 rule 8; docs/SETTINGS.md
 * acceptCallWhatsapp). With the company's acceptCallWhatsapp "disabled" the
 * call is declined on the session (Baileys rejectCall) and the caller gets
 * AcceptCallWhatsappMessage through the normal outbound path: stored on
 * their ticket on that connection (opened, or reopened within
 * timeCreateNewTicket, as a message of theirs would be), shown as the bot's,
 * sent by the outbound sender. Enabled (the default): nothing happens, the
 * phone rings as usual. One answer per call id, however often the offer
 * arrives. A declined call that cannot be rejected (the session went away)
 * is logged and still answered.
 */
export class CallAnswers<C extends CallConnection> {
  constructor(private readonly deps: CallAnswersDeps<C>) {}

  async handle(connection: C, call: CallEvent): Promise<void> {
    const { repo, logger } = this.deps;
    const rules = await repo.callRules(connection.companyId);
    if (rules?.acceptCallWhatsapp !== "disabled") return;
    try {
      const adapter = this.deps.channels.get(connection.channel);
      if (!adapter?.rejectCall) throw new Error(`channel ${connection.channel} cannot reject calls`);
      await adapter.rejectCall(this.deps.credentials(connection), {
        id: call.callId,
        from: call.providerFrom,
      });
    } catch (err) {
      logger.warn({ err, connectionId: connection.id, callId: call.callId }, "rejecting a call failed");
    }
    const text = rules.message?.trim();
    if (!text) return;
    const { contact, ticket, reopened } = await this.deps.party(connection, call.contact);
    if (!ticket || !this.deps.outbound) return;
    const body = renderMessageVariables(
      text,
      { ticketId: ticket.id, contactName: contact.name },
      new Date(),
      rules.timeZone ?? undefined,
    );
    const row = this.deps.outbound.rowOf({
      companyId: ticket.companyId,
      ticketId: ticket.id,
      contactId: contact.id,
      whatsappId: connection.id,
      body,
    });
    const stored = await repo.storeCallAnswer(
      { ...row, extra: { ...row.extra, sentBy: "bot", rejectedCallId: call.callId } },
      call.callId,
    );
    if (!stored) return;
    this.deps.outbound.dispatch([stored.message]);
    const dto = presentTicket(stored.ticket, contact);
    if (reopened) this.deps.events.ticketChanged(stored.ticket.companyId, dto, "update", reopened);
    this.deps.events.messageCreated(stored.ticket.companyId, dto, presentMessage(stored.message));
  }
}
