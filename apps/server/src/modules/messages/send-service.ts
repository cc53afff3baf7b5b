import { MESSAGE_BODY_MAX, type MessageDto, type SendMessageInput } from "@inbox/shared";
import { AppError } from "../../http/app-error.js";
import type { RequestContext } from "../../http/context.js";
import { storedPath } from "../../storage/file-url.js";
import { fileFacts } from "../../storage/storage.js";
import type { TicketDetail } from "../tickets/repo.js";
import { type Conversation, channelOf, shown } from "./conversation.js";
import { attachmentKind } from "./media.js";
import type { MessageFiles, Upload } from "./message-files.js";
import type { NewOutbound } from "./outbound-service.js";
import { type MessageRow, presentMessage } from "./presenter.js";
import type { MessagesRepo } from "./repo.js";
import type { MessagesServiceDeps } from "./service.js";
import { signedBody } from "./signature.js";

/** POST /messages as multipart: one message per file, `bodies[i]` its caption. */
export interface MultipartSend {
  bodies: string[];
  isPrivate: boolean;
  /** The sign toggle of the message input: captions signed with the user's name (sendSignMessage). */
  signMessage: boolean;
  files: Upload[];
}

/** POST /messages/{ticketId}: what the user types or attaches in the conversation, stored then sent. */
export class SendService {
  constructor(
    private readonly deps: Pick<MessagesServiceDeps, "tickets" | "storage">,
    private readonly repo: MessagesRepo,
    private readonly conversation: Conversation,
    private readonly files: MessageFiles,
  ) {}

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
      const stored = await this.files.stored(ctx.companyId, storedPath(input.mediaUrl));
      message = await this.files.fitStoredAudio(ctx.companyId, channelOf(detail), {
        ...base,
        ...stored,
        body,
      });
    } else {
      message = { ...base, body };
    }
    const [row] = await this.conversation.store(ctx, shown(detail), [message]);
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
      uploads.push(input.isPrivate || !channel ? file : await this.files.fitUploadAudio(channel, file));
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
        ...fileFacts(saved),
        body: kind.kind === "audio" ? "" : sign((caption ?? "").trim()),
      });
    }
    const stored = await this.conversation.store(ctx, shown(detail), messages);
    return stored.map((row) => presentMessage(row, ctx.user));
  }

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
}
