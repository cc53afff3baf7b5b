import type { MessageDto } from "@inbox/shared";
import { ProviderError } from "../../channels/types.js";
import { AppError } from "../../http/app-error.js";
import type { RequestContext } from "../../http/context.js";
import { MediaRetryError } from "../../ingest/inbound-media.js";
import type { Conversation } from "./conversation.js";
import { authorizeDelete, authorizeEdit } from "./policy.js";
import { type MessageRow, type MessageSender, presentMessage } from "./presenter.js";
import type { MessagesRepo } from "./repo.js";
import type { MessagesServiceDeps } from "./service.js";

/**
 * Changes to a message already in the conversation: editing, deleting, reacting, and
 * downloading again the media of a received one. Each change reaches the channel first
 * (where it carries it), then is stored and announced.
 */
export class ChangeService {
  constructor(
    private readonly deps: Pick<MessagesServiceDeps, "outbound" | "events" | "mediaRetry" | "logger">,
    private readonly repo: MessagesRepo,
    private readonly conversation: Conversation,
  ) {}

  /** POST /messages/edit/{id}: own text, within 15 minutes; on the channel where it carries edits. */
  async edit(ctx: RequestContext, id: number, body: string): Promise<MessageDto> {
    const { message } = await this.conversation.visibleMessage(ctx, id);
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
    const { message } = await this.conversation.visibleMessage(ctx, id);
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
    const { message } = await this.conversation.visibleMessage(ctx, id);
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
    const { message } = await this.conversation.visibleMessage(ctx, id);
    const row = await this.deps.mediaRetry.retryMedia(message).catch((error: Error) => {
      this.deps.logger.warn({ err: error, messageId: id }, "media retry failed");
      throw new AppError("ERR_WAPP_DOWNLOAD_MEDIA", {
        status: error instanceof MediaRetryError ? error.status : 502,
        message: error instanceof MediaRetryError ? error.message : "The media could not be downloaded",
      });
    });
    return presentMessage(row, ctx.user);
  }

  /** `by`: the user changing the message (named when the message is theirs). */
  private announce(row: MessageRow | undefined, by: MessageSender): MessageDto {
    if (!row) throw new AppError("ERR_NOT_FOUND", { message: "Message not found" });
    const dto = presentMessage(row, by);
    this.deps.events.messageUpdated(row.companyId, row.ticketId, dto);
    return dto;
  }
}

function providerFailure(code: "ERR_SENDING_WAPP_MSG" | "ERR_DELETE_WAPP_MSG", error: unknown): AppError {
  if (error instanceof AppError) return error;
  const message = error instanceof ProviderError || error instanceof Error ? error.message : String(error);
  return new AppError(code, { status: 502, message });
}
