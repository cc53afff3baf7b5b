import {
  type ForwardResult,
  LIMITS,
  type MessageDto,
  type MessageList,
  type SendMessageInput,
} from "@inbox/shared";
import type { Db } from "../../db/client.js";
import { AppError } from "../../http/app-error.js";
import type { RequestContext } from "../../http/context.js";
import type { TicketEvents } from "../../realtime/ticket-events.js";
import type { Storage } from "../../storage/storage.js";
import { presentDetail, type TicketsService } from "../tickets/service.js";
import { ChangeService } from "./change-service.js";
import { Conversation } from "./conversation.js";
import { ForwardService } from "./forward-service.js";
import { mimeTypeOf } from "./media.js";
import { MessageFiles } from "./message-files.js";
import type { OutboundService } from "./outbound-service.js";
import { authorizeTranscription } from "./policy.js";
import { type MessageRow, presentMessage } from "./presenter.js";
import { MessagesRepo } from "./repo.js";
import { type MultipartSend, SendService } from "./send-service.js";
import type { Transcriber } from "./transcription.js";

export interface MessagesServiceDeps {
  db: Db;
  tickets: TicketsService;
  outbound: OutboundService;
  events: TicketEvents;
  storage: Storage;
  /** Downloads again an inbound media whose download failed (the ingest pipeline, same SSRF rules). */
  mediaRetry: { retryMedia(message: MessageRow): Promise<MessageRow> };
  /** Absent when TRANSCRIPTION_URL is not configured. */
  transcriber?: Transcriber;
  logger: { warn(obj: object, msg: string): void };
}

/**
 * The conversation view's calls (spec 1 section 7, Messages): reading,
 * sending, editing, deleting, reacting, forwarding and transcribing.
 * Every call starts from a ticket the signed-in user may see. Reading and
 * transcribing live here; sending (send-service.ts), changing a message
 * (change-service.ts) and forwarding (forward-service.ts) have their own.
 */
export class MessagesService {
  private readonly repo: MessagesRepo;
  private readonly conversation: Conversation;
  private readonly files: MessageFiles;
  private readonly sending: SendService;
  private readonly changes: ChangeService;
  private readonly forwarding: ForwardService;

  constructor(private readonly deps: MessagesServiceDeps) {
    this.repo = new MessagesRepo(deps.db);
    this.conversation = new Conversation(deps, this.repo);
    this.files = new MessageFiles(deps);
    this.sending = new SendService(deps, this.repo, this.conversation, this.files);
    this.changes = new ChangeService(deps, this.repo, this.conversation);
    this.forwarding = new ForwardService(deps, this.repo, this.conversation, this.files);
  }

  /** The ticket's visibility decides; opening the newest page reads the conversation. */
  /** `ticketRef`: the ticket's id or its uuid. */
  async list(ctx: RequestContext, ticketRef: number | string, pageNumber: number): Promise<MessageList> {
    let detail = await this.deps.tickets.findVisibleByRef(ctx, ticketRef);
    const ticketId = detail.ticket.id;
    // The unread counter and the messages' read flags move together (ingest raises both, reading
    // and replying clear both): with nothing unread there is nothing to mark, and no write.
    if (pageNumber === 1 && detail.ticket.unreadMessages > 0) {
      const read = await this.repo.markInboundRead(ctx.companyId, ticketId);
      detail = await this.deps.tickets.markRead(ctx, detail);
      this.conversation.receipts(ctx.companyId, ticketId, read);
    }
    const pageSize = LIMITS.pageSize;
    const { rows, count } = await this.repo.pageOfTicket(ctx.companyId, ticketId, {
      number: pageNumber,
      size: pageSize,
    });
    return {
      messages: rows.map(({ message, sender }) => presentMessage(message, sender)),
      ticket: presentDetail(detail),
      count,
      hasMore: pageNumber * pageSize < count,
    };
  }

  /** POST /messages/{ticketId} with JSON: a text, a reply, a contact card, a stored file, or a private note. */
  send(ctx: RequestContext, ticketId: number, input: SendMessageInput): Promise<MessageDto> {
    return this.sending.send(ctx, ticketId, input);
  }

  /** POST /messages/{ticketId} as multipart: each file a message, in order, with its caption. */
  sendMedia(ctx: RequestContext, ticketId: number, input: MultipartSend): Promise<MessageDto[]> {
    return this.sending.sendMedia(ctx, ticketId, input);
  }

  /** POST /messages/edit/{id}. */
  edit(ctx: RequestContext, id: number, body: string): Promise<MessageDto> {
    return this.changes.edit(ctx, id, body);
  }

  /** DELETE /messages/{id}. */
  remove(ctx: RequestContext, id: number): Promise<MessageDto> {
    return this.changes.remove(ctx, id);
  }

  /** POST /messages/{id}/reactions. */
  react(ctx: RequestContext, id: number, emoji: string): Promise<MessageDto> {
    return this.changes.react(ctx, id, emoji);
  }

  /** POST /messages/{id}/retry-media. */
  retryMedia(ctx: RequestContext, id: number): Promise<MessageDto> {
    return this.changes.retryMedia(ctx, id);
  }

  /** POST /message/forward. */
  forward(
    ctx: RequestContext,
    input: { messageIds: number[]; contactIds: number[]; signMessage: boolean },
  ): Promise<ForwardResult> {
    return this.forwarding.forward(ctx, input);
  }

  /** GET /messages/transcribeAudio/{file}: a received audio of a visible ticket, as text (kept once made). */
  async transcribe(ctx: RequestContext, file: string): Promise<{ transcribedText: string }> {
    const message = await this.repo.findByMediaFile(ctx.companyId, file);
    if (!message) throw new AppError("ERR_NOT_FOUND", { message: "No such audio" });
    await this.deps.tickets.findVisibleById(ctx, message.ticketId);
    authorizeTranscription(message);
    const known = (message.extra as { transcription?: unknown } | null)?.transcription;
    if (typeof known === "string") return { transcribedText: known };
    if (!this.deps.transcriber)
      throw new AppError("ERR_TRANSCRIPTION_NOT_CONFIGURED", {
        status: 503,
        message: "Audio transcription is not configured (TRANSCRIPTION_URL)",
      });
    const bytes = await this.files.read(message.mediaUrl as string);
    const mimeType = (message.extra as { mimeType?: string } | null)?.mimeType ?? mimeTypeOf(file);
    const text = await this.deps.transcriber.transcribe({ bytes, filename: file, mimeType });
    await this.repo.setExtra(ctx.companyId, message.id, "transcription", text);
    return { transcribedText: text };
  }
}
