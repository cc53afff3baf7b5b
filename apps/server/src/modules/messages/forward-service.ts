import { basename } from "node:path";
import { type Channel, type ForwardResult, LIMITS, type TicketDto } from "@inbox/shared";
import type { OutboundKind } from "../../channels/types.js";
import { AppError } from "../../http/app-error.js";
import type { RequestContext } from "../../http/context.js";
import { presentTicket, type TicketRow } from "../tickets/presenter.js";
import type { TicketDetail } from "../tickets/repo.js";
import { asChannel, type Conversation } from "./conversation.js";
import { attachmentKind, mimeTypeOf } from "./media.js";
import type { MessageFiles } from "./message-files.js";
import type { NewOutbound } from "./outbound-service.js";
import { type MessageRow, presentMessage } from "./presenter.js";
import type { MessagesRepo } from "./repo.js";
import type { MessagesServiceDeps } from "./service.js";
import { signatureOf } from "./signature.js";

/** A contact's ticket a forward writes to, and the connection it goes out through. */
interface ForwardTarget {
  ticket: TicketRow;
  present: (t: TicketRow) => TicketDto;
  connectionId: number;
  channel: Channel | undefined;
}

/** POST /message/forward: copies of visible messages to other contacts, paced per connection. */
export class ForwardService {
  /** Forward pacing: the next free send time per connection (this process). */
  private readonly forwardSlots = new Map<number, number>();

  constructor(
    private readonly deps: Pick<MessagesServiceDeps, "tickets" | "outbound">,
    private readonly repo: MessagesRepo,
    private readonly conversation: Conversation,
    private readonly files: MessageFiles,
  ) {}

  /**
   * POST /message/forward: each message to each contact, in that order,
   * LIMITS.forwardDelayMs apart per connection (spec 1 section 9). The rows
   * are stored at once with their send time, so a crash loses none; the
   * contact's open ticket on the connection is used, or one is opened.
   */
  async forward(
    ctx: RequestContext,
    input: { messageIds: number[]; contactIds: number[]; signMessage: boolean },
  ): Promise<ForwardResult> {
    const sources: MessageRow[] = [];
    let source: TicketDetail | undefined;
    for (const id of input.messageIds) {
      const { message, detail } = await this.conversation.visibleMessage(ctx, id);
      if (message.isPrivate || message.isDeleted)
        throw new AppError("ERR_VALIDATION", {
          field: "messageId",
          message: "This message cannot be forwarded",
        });
      sources.push(message);
      source ??= detail;
    }
    if (!source) throw new AppError("ERR_VALIDATION", { field: "messageId", message: "Required" });
    const targets: ForwardTarget[] = [];
    for (const contactId of input.contactIds) {
      const contact = await this.repo.findContact(ctx.companyId, contactId);
      if (!contact) throw new AppError("ERR_NO_CONTACT_FOUND");
      const connection = await this.connectionFor(ctx.companyId, contact, source.ticket.whatsappId);
      const { ticket } = await this.repo.openTicketFor(ctx.companyId, contact, connection, {
        userId: ctx.user.id,
        queueId: source.ticket.queueId,
      });
      // Never into a conversation the user may not open (another attendant's, a queue not theirs).
      await this.deps.tickets.findVisibleById(ctx, ticket.id);
      targets.push({
        ticket,
        present: (t) => presentTicket(t, contact),
        connectionId: connection.id,
        channel: asChannel(connection.channel),
      });
    }
    // Signed only where the company lets attendants sign (sendSignMessage), as a typed message is.
    const signature =
      input.signMessage && (await this.repo.signsMessages(ctx.companyId)) ? signatureOf(ctx.user.name) : "";
    // Audio converted once per file and channel, however many contacts get it, and all before
    // anything is stored: a file that cannot be converted stops the whole forward.
    const converted = new Map<string, Promise<NewOutbound>>();
    const planned: { target: ForwardTarget; messages: NewOutbound[] }[] = [];
    for (const target of targets) {
      const messages: NewOutbound[] = [];
      for (const message of sources) {
        const copy = this.copyOf(ctx, target.ticket, message, signature);
        const key = `${target.channel}:${copy.mediaUrl}`;
        if (copy.kind === "audio" && !converted.has(key))
          converted.set(key, this.files.fitStoredAudio(ctx.companyId, target.channel, copy));
        const fitted = copy.kind === "audio" ? await converted.get(key) : undefined;
        messages.push({
          ...copy,
          ...(fitted
            ? { mediaUrl: fitted.mediaUrl, mimeType: fitted.mimeType, filename: fitted.filename }
            : {}),
          sendAfter: new Date(this.nextForwardSlot(target.connectionId)),
        });
      }
      planned.push({ target, messages });
    }
    const stored: MessageRow[] = [];
    for (const { target, messages } of planned)
      stored.push(...(await this.conversation.store(ctx, target, messages, { dispatch: false })));
    // One sender for the whole forward keeps the spacing between contacts too.
    this.deps.outbound.dispatch(stored);
    return { messages: stored.map((row) => presentMessage(row, ctx.user)) };
  }

  private copyOf(
    ctx: RequestContext,
    ticket: TicketRow,
    message: MessageRow,
    signature: string,
  ): NewOutbound {
    const extra = (message.extra ?? {}) as {
      kind?: OutboundKind;
      mimeType?: string;
      filename?: string;
      vcard?: { name: string; number: string };
    };
    const base = {
      companyId: ctx.companyId,
      ticketId: ticket.id,
      contactId: ticket.contactId,
      whatsappId: ticket.whatsappId as number,
      userId: ctx.user.id,
      isForwarded: true,
    };
    if (message.mediaType === "contactMessage" && extra.vcard)
      return {
        ...base,
        kind: "contact",
        mediaType: "contactMessage",
        body: message.body,
        vcard: extra.vcard,
      };
    if (message.mediaUrl) {
      const mimeType = extra.mimeType ?? mimeTypeOf(message.mediaUrl);
      const kind = attachmentKind(mimeType);
      if (kind) {
        const caption = kind.kind === "audio" ? "" : message.body;
        return {
          ...base,
          ...kind,
          mediaUrl: message.mediaUrl,
          mimeType,
          filename: extra.filename ?? basename(message.mediaUrl),
          body: caption ? `${signature}${caption}` : "",
        };
      }
    }
    if (!message.body.trim())
      throw new AppError("ERR_VALIDATION", {
        field: "messageId",
        message: "This message cannot be forwarded",
      });
    return { ...base, body: `${signature}${message.body}` };
  }

  /** The connection a forward to `contact` goes through: the source ticket's if it serves the contact's channel. */
  private async connectionFor(
    companyId: number,
    contact: { channel: string; whatsappId: number | null },
    sourceConnectionId: number | null,
  ) {
    const serves = (channel: string) =>
      contact.channel === "whatsapp"
        ? channel === "whatsapp" || channel === "whatsappapi"
        : channel === contact.channel;
    for (const id of [sourceConnectionId, contact.whatsappId]) {
      const connection = await this.repo.findConnection(companyId, id);
      if (connection && serves(connection.channel)) return connection;
    }
    throw new AppError("ERR_NO_WAPP_FOUND", { status: 400, message: "No connection serves this contact" });
  }

  private nextForwardSlot(connectionId: number): number {
    const slot = Math.max(Date.now(), (this.forwardSlots.get(connectionId) ?? 0) + LIMITS.forwardDelayMs);
    this.forwardSlots.set(connectionId, slot);
    return slot;
  }
}
