import { readFile } from "node:fs/promises";
import { basename, join, normalize } from "node:path";
import {
  CHANNELS,
  type Channel,
  type ForwardResult,
  LIMITS,
  MESSAGE_BODY_MAX,
  type MessageDto,
  type MessageList,
  type SendMessageInput,
  type TicketDto,
} from "@inbox/shared";
import type { OutboundKind } from "../../channels/types.js";
import { ProviderError } from "../../channels/types.js";
import type { Db } from "../../db/client.js";
import { AppError } from "../../http/app-error.js";
import type { RequestContext } from "../../http/context.js";
import { MediaRetryError } from "../../ingest/service.js";
import type { TicketEvents } from "../../realtime/ticket-events.js";
import { storedPath } from "../../storage/file-url.js";
import { detectFile, type Storage } from "../../storage/storage.js";
import { presentTicket, type TicketRow } from "../tickets/presenter.js";
import type { TicketDetail } from "../tickets/repo.js";
import { presentDetail, type TicketsService } from "../tickets/service.js";
import { channelAudio } from "./channel-audio.js";
import { attachmentKind, mimeTypeOf } from "./media.js";
import type { NewOutbound, OutboundService } from "./outbound-service.js";
import { authorizeDelete, authorizeEdit, authorizeTranscription } from "./policy.js";
import { type MessageRow, type MessageSender, presentMessage } from "./presenter.js";
import { previewOf } from "./preview.js";
import { MessagesRepo } from "./repo.js";
import { signatureOf, signedBody } from "./signature.js";
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

/** An uploaded attachment of POST /messages (multipart `medias`). */
export interface Upload {
  filename: string;
  mimeType: string;
  bytes: Buffer;
}

/** POST /messages as multipart: one message per file, `bodies[i]` its caption. */
export interface MultipartSend {
  bodies: string[];
  isPrivate: boolean;
  /** The sign toggle of the message input: captions signed with the user's name (sendSignMessage). */
  signMessage: boolean;
  files: Upload[];
}

/**
 * The conversation view's calls (spec 1 section 7, Messages): reading,
 * sending, editing, deleting, reacting, forwarding and transcribing.
 * Every call starts from a ticket the signed-in user may see.
 */
export class MessagesService {
  private readonly repo: MessagesRepo;
  /** Forward pacing: the next free send time per connection (this process). */
  private readonly forwardSlots = new Map<number, number>();

  constructor(private readonly deps: MessagesServiceDeps) {
    this.repo = new MessagesRepo(deps.db);
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
      this.receipts(ctx.companyId, ticketId, read);
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
  async send(ctx: RequestContext, ticketId: number, input: SendMessageInput): Promise<MessageDto> {
    const detail = await this.deps.tickets.findVisibleById(ctx, ticketId);
    const base = await this.baseOf(ctx, detail, input.isPrivate, input.quotedMsg ?? null);
    const sign = await this.signs(ctx, input.isPrivate, input.signMessage);
    const body = sign(input.body.trim());
    let message: NewOutbound;
    if (input.vCard) {
      message = {
        ...base,
        kind: "contact",
        mediaType: "contactMessage",
        body: input.vCard.name,
        vcard: input.vCard,
      };
    } else if (input.mediaUrl) {
      const stored = await this.storedFile(ctx.companyId, storedPath(input.mediaUrl));
      message = await this.fitStoredAudio(ctx.companyId, channelOf(detail), { ...base, ...stored, body });
    } else {
      message = { ...base, body };
    }
    const [row] = await this.store(ctx, shown(detail), [message]);
    return presentMessage(row as MessageRow, ctx.user);
  }

  /** POST /messages/{ticketId} as multipart: each file a message, in order, with its caption. */
  async sendMedia(ctx: RequestContext, ticketId: number, input: MultipartSend): Promise<MessageDto[]> {
    const detail = await this.deps.tickets.findVisibleById(ctx, ticketId);
    if (input.files.length === 0)
      throw new AppError("ERR_VALIDATION", { field: "medias", message: "Required" });
    const base = await this.baseOf(ctx, detail, input.isPrivate, null);
    const sign = await this.signs(ctx, input.isPrivate, input.signMessage);
    if (input.files.some((file) => !attachmentKind(file.mimeType)))
      throw new AppError("ERR_VALIDATION", { field: "medias", message: "Unsupported file type" });
    const channel = channelOf(detail);
    // Audio is converted for the channel first: a file that cannot be sent stops the whole send.
    const uploads: Upload[] = [];
    for (const file of input.files)
      uploads.push(input.isPrivate || !channel ? file : await this.fitUploadAudio(channel, file));
    const messages: NewOutbound[] = [];
    for (const [i, file] of uploads.entries()) {
      // The type comes from the bytes, never from the name or the declared type alone.
      const saved = await this.deps.storage.save(ctx.companyId, "media", {
        bytes: file.bytes,
        name: file.filename,
        declaredType: file.mimeType,
        use: "media",
      });
      const kind = attachmentKind(saved.mimeType) ?? { mediaType: "application", kind: "document" as const };
      // One body for several files captions the first only; a body per file captions each.
      const caption = input.bodies.length > 1 ? input.bodies[i] : i === 0 ? input.bodies[0] : undefined;
      messages.push({
        ...base,
        ...kind,
        mediaUrl: saved.path,
        mimeType: saved.mimeType,
        filename: saved.name,
        body: kind.kind === "audio" ? "" : sign((caption ?? "").trim()),
      });
    }
    return (await this.store(ctx, shown(detail), messages)).map((row) => presentMessage(row, ctx.user));
  }

  /** POST /messages/edit/{id}: own text, within 15 minutes; on the channel where it carries edits. */
  async edit(ctx: RequestContext, id: number, body: string): Promise<MessageDto> {
    const { message } = await this.visibleMessage(ctx, id);
    authorizeEdit(ctx.user, message);
    const onChannel = await this.deps.outbound.change(message, "edit", body).catch((error) => {
      throw providerFailure("ERR_SENDING_WAPP_MSG", error);
    });
    const extra = { ...(message.extra ?? {}), editedOnChannel: onChannel, previousBody: message.body };
    const row = await this.repo.update(ctx.companyId, id, { body, isEdited: true, extra });
    return this.announce(row, ctx.user);
  }

  /** DELETE /messages/{id}: own messages; deleted on the channel where it carries deletes, marked here. */
  async remove(ctx: RequestContext, id: number): Promise<MessageDto> {
    const { message } = await this.visibleMessage(ctx, id);
    authorizeDelete(ctx.user, message);
    if (message.isDeleted) return presentMessage(message, ctx.user);
    const onChannel = await this.deps.outbound.change(message, "delete").catch((error) => {
      throw providerFailure("ERR_DELETE_WAPP_MSG", error);
    });
    const extra = { ...(message.extra ?? {}), deletedOnChannel: onChannel };
    // The file goes with the message (the files.remove job deletes it unless a forward shares it).
    const row = await this.repo.update(ctx.companyId, id, { isDeleted: true, extra, mediaUrl: null });
    return this.announce(row, ctx.user);
  }

  /** POST /messages/{id}/reactions: our one reaction (the account's) replaces the previous; empty removes it. */
  async react(ctx: RequestContext, id: number, emoji: string): Promise<MessageDto> {
    const { message } = await this.visibleMessage(ctx, id);
    if (message.isDeleted) throw new AppError("ERR_VALIDATION", { message: "The message was deleted" });
    if (!message.isPrivate) {
      await this.deps.outbound.react(message, emoji).catch((error) => {
        throw providerFailure("ERR_SENDING_WAPP_MSG", error);
      });
    }
    const reactions = message.reactions.filter((r) => r.by !== "me");
    if (emoji) reactions.push({ emoji, fromMe: true, by: "me", at: new Date().toISOString() });
    const row = await this.repo.update(ctx.companyId, id, { reactions });
    return this.announce(row, ctx.user);
  }

  /** POST /messages/{id}/retry-media: the media of a message the user sees, downloaded again. */
  async retryMedia(ctx: RequestContext, id: number): Promise<MessageDto> {
    const { message } = await this.visibleMessage(ctx, id);
    const row = await this.deps.mediaRetry.retryMedia(message).catch((error: Error) => {
      this.deps.logger.warn({ err: error, messageId: id }, "media retry failed");
      throw new AppError("ERR_WAPP_DOWNLOAD_MEDIA", {
        status: error instanceof MediaRetryError ? error.status : 502,
        message: error instanceof MediaRetryError ? error.message : "The media could not be downloaded",
      });
    });
    return presentMessage(row, ctx.user);
  }

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
      const { message, detail } = await this.visibleMessage(ctx, id);
      if (message.isPrivate || message.isDeleted)
        throw new AppError("ERR_VALIDATION", {
          field: "messageId",
          message: "This message cannot be forwarded",
        });
      sources.push(message);
      source ??= detail;
    }
    if (!source) throw new AppError("ERR_VALIDATION", { field: "messageId", message: "Required" });
    const targets: {
      ticket: TicketRow;
      present: (t: TicketRow) => TicketDto;
      connectionId: number;
      channel: Channel | undefined;
    }[] = [];
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
    const planned: { target: (typeof targets)[number]; messages: NewOutbound[] }[] = [];
    for (const target of targets) {
      const messages: NewOutbound[] = [];
      for (const message of sources) {
        const copy = this.copyOf(ctx, target.ticket, message, signature);
        const key = `${target.channel}:${copy.mediaUrl}`;
        if (copy.kind === "audio" && !converted.has(key))
          converted.set(key, this.fitStoredAudio(ctx.companyId, target.channel, copy));
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
      stored.push(...(await this.store(ctx, target, messages, { dispatch: false })));
    // One sender for the whole forward keeps the spacing between contacts too.
    this.deps.outbound.dispatch(stored);
    return { messages: stored.map((row) => presentMessage(row, ctx.user)) };
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
    const bytes = await this.readStored(message.mediaUrl as string);
    const mimeType = (message.extra as { mimeType?: string } | null)?.mimeType ?? mimeTypeOf(file);
    const text = await this.deps.transcriber.transcribe({ bytes, filename: file, mimeType });
    await this.repo.setExtra(ctx.companyId, message.id, "transcription", text);
    return { transcribedText: text };
  }

  // --- helpers -------------------------------------------------------------

  /**
   * How this send's texts are signed (sendSignMessage, spec 1 sections 3 and 9):
   * with the user's name when the company's setting is enabled and the sign
   * toggle of the message input is on; never a private note (it never reaches
   * the contact). The stored body is the signed one: what the contact got.
   */
  private async signs(
    ctx: RequestContext,
    isPrivate: boolean,
    signMessage: boolean,
  ): Promise<(body: string) => string> {
    if (isPrivate || !signMessage || !(await this.repo.signsMessages(ctx.companyId))) return (body) => body;
    return (body) => {
      const signed = signedBody(body, ctx.user.name);
      if (signed.length > MESSAGE_BODY_MAX)
        throw new AppError("ERR_VALIDATION", { field: "body", message: "Too Long!" });
      return signed;
    };
  }

  /** What every message of this send shares; checks the quoted message and the connection. */
  private async baseOf(
    ctx: RequestContext,
    detail: TicketDetail,
    isPrivate: boolean,
    quotedId: number | null,
  ) {
    const { ticket } = detail;
    if (!isPrivate && !ticket.whatsappId)
      throw new AppError("ERR_NO_WAPP_FOUND", { status: 400, message: "The ticket has no connection" });
    if (quotedId !== null) {
      const quoted = await this.repo.findById(ctx.companyId, quotedId);
      // A quote from another ticket of the same contact is fine (earlier conversations show too).
      if (!quoted || quoted.contactId !== ticket.contactId)
        throw new AppError("ERR_VALIDATION", { field: "quotedMsg", message: "Quoted message not found" });
    }
    return {
      companyId: ctx.companyId,
      ticketId: ticket.id,
      contactId: ticket.contactId,
      whatsappId: ticket.whatsappId as number,
      userId: ctx.user.id,
      quotedMsgId: quotedId,
      isPrivate,
    };
  }

  /**
   * Stores the messages with the ticket's move (one transaction), announces
   * them, then sends: after a crash the stored rows are sent by the sweeper,
   * and the claim keeps each to one send.
   */
  private async store(
    ctx: RequestContext,
    target: { ticket: TicketRow; present: (ticket: TicketRow) => TicketDto },
    messages: NewOutbound[],
    options: { dispatch: boolean } = { dispatch: true },
  ): Promise<MessageRow[]> {
    const rows = messages.map((m) => this.deps.outbound.rowOf(m));
    const last = messages.filter((m) => !m.isPrivate).at(-1);
    const lastMessage = last ? previewOf(last.body || `[${last.mediaType ?? "chat"}]`) : undefined;
    const stored = await this.repo.storeOutgoing(ctx.companyId, target.ticket.id, rows, lastMessage);
    const ticket = target.present(stored.ticket ?? target.ticket);
    for (const row of stored.messages)
      this.deps.events.messageCreated(ctx.companyId, ticket, presentMessage(row, ctx.user));
    this.receipts(ctx.companyId, target.ticket.id, stored.read);
    if (options.dispatch) this.deps.outbound.dispatch(stored.messages);
    return stored.messages;
  }

  private receipts(
    companyId: number,
    ticketId: number,
    read: Awaited<ReturnType<MessagesRepo["markInboundRead"]>>,
  ) {
    if (!read.some((r) => r.providerMessageId)) return;
    void this.deps.outbound
      .sendReadReceipts(companyId, ticketId, read)
      .catch((err) => this.deps.logger.warn({ err, ticketId }, "read receipts failed"));
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

  private async visibleMessage(
    ctx: RequestContext,
    id: number,
  ): Promise<{ message: MessageRow; detail: TicketDetail }> {
    const message = await this.repo.findById(ctx.companyId, id);
    if (!message) throw new AppError("ERR_NOT_FOUND", { message: "Message not found" });
    return { message, detail: await this.deps.tickets.findVisibleById(ctx, message.ticketId) };
  }

  /** A file this company stored before (quick messages, forwards): `/public/company{id}/...`. */
  private async storedFile(companyId: number, mediaUrl: string) {
    const prefix = `/public/company${companyId}/`;
    const relative = normalize(mediaUrl).replaceAll("\\", "/");
    if (!relative.startsWith(prefix) || relative.includes(".."))
      throw new AppError("ERR_VALIDATION", { field: "mediaUrl", message: "Unknown file" });
    await this.readStored(relative).catch(() => {
      throw new AppError("ERR_VALIDATION", { field: "mediaUrl", message: "Unknown file" });
    });
    const mimeType = mimeTypeOf(relative);
    const kind = attachmentKind(mimeType) ?? { mediaType: "application", kind: "document" as const };
    return { ...kind, mediaUrl: relative, mimeType, filename: basename(relative) };
  }

  /** An upload in the channel's audio format (other files as they are). */
  private async fitUploadAudio(channel: Channel, file: Upload): Promise<Upload> {
    const type = await detectFile({ bytes: file.bytes, name: file.filename, declaredType: file.mimeType });
    if (attachmentKind(type.mime)?.kind !== "audio") return file;
    const fitted = await channelAudio(
      channel,
      { bytes: file.bytes, mimeType: type.mime, name: file.filename },
      this.deps.logger,
    );
    return fitted.converted
      ? { bytes: fitted.bytes, mimeType: fitted.mimeType, filename: fitted.name }
      : file;
  }

  /** A stored audio (quick message, forward) in the channel's format: a converted copy is stored beside it. */
  private async fitStoredAudio(companyId: number, channel: Channel | undefined, message: NewOutbound) {
    if (!channel || message.kind !== "audio" || !message.mediaUrl || message.isPrivate) return message;
    // Only this company's files; a file that is gone fails at the send, on the message, as before.
    const own = normalize(message.mediaUrl).replaceAll("\\", "/");
    if (!own.startsWith(`/public/company${companyId}/`) || own.includes("..")) return message;
    const bytes = await this.readStored(own).catch(() => undefined);
    if (!bytes) return message;
    const name = message.filename ?? basename(message.mediaUrl);
    const mimeType = message.mimeType ?? mimeTypeOf(message.mediaUrl);
    const fitted = await channelAudio(channel, { bytes, mimeType, name }, this.deps.logger);
    if (!fitted.converted) return message;
    const saved = await this.deps.storage.save(companyId, "media", {
      bytes: fitted.bytes,
      name: fitted.name,
      declaredType: fitted.mimeType,
      use: "media",
    });
    return { ...message, mediaUrl: saved.path, mimeType: saved.mimeType, filename: saved.name };
  }

  private readStored(publicPath: string): Promise<Buffer> {
    return readFile(join(this.deps.storage.root, publicPath.slice("/public/".length)));
  }

  /** `by`: the user changing the message (named when the message is theirs). */
  private announce(row: MessageRow | undefined, by: MessageSender): MessageDto {
    if (!row) throw new AppError("ERR_NOT_FOUND", { message: "Message not found" });
    const dto = presentMessage(row, by);
    this.deps.events.messageUpdated(row.companyId, row.ticketId, dto);
    return dto;
  }
}

/** The channel a ticket's messages go out on (undefined without a connection: private notes only). */
function channelOf(detail: TicketDetail): Channel | undefined {
  return asChannel(detail.whatsapp?.channel);
}

function asChannel(value: string | undefined): Channel | undefined {
  return (CHANNELS as readonly string[]).includes(value ?? "") ? (value as Channel) : undefined;
}

/** The ticket the user sees, presented with everything the lists show. */
function shown(detail: TicketDetail) {
  return { ticket: detail.ticket, present: (ticket: TicketRow) => presentDetail({ ...detail, ticket }) };
}

function providerFailure(code: "ERR_SENDING_WAPP_MSG" | "ERR_DELETE_WAPP_MSG", error: unknown): AppError {
  if (error instanceof AppError) return error;
  const message = error instanceof ProviderError || error instanceof Error ? error.message : String(error);
  return new AppError(code, { status: 502, message });
}
