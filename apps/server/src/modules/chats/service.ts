import {
  CHAT_MESSAGES_PAGE_SIZE,
  type ChatDto,
  type ChatEventPayload,
  type ChatMessageDto,
  type ChatMessageList,
  type ChatMessagesQuery,
  type ChatSaveInput,
  LIMITS,
} from "@inbox/shared";
import type { Db, Tx } from "../../db/client.js";
import { AppError } from "../../http/app-error.js";
import type { RequestContext } from "../../http/context.js";
import { type Realtime, rooms } from "../../realtime/realtime.js";
import { authorize } from "./policy.js";
import { presentChat, presentChatMessage } from "./presenter.js";
import { ChatsRepo, type ChatWithUsers } from "./repo.js";

export interface ChatsServiceDeps {
  db: Db;
  realtime: Realtime;
}

/**
 * The internal chat (spec 3 sections 3, 5 to 7): chats between users of one
 * company. Only participants see a chat and its messages (anyone else gets
 * 404, as if it did not exist); only its owner edits or deletes it. Every
 * change is announced on `company-{id}-chat` to the rooms of the chat's
 * participants only, so no one else hears of its messages.
 */
export class ChatsService {
  readonly repo: ChatsRepo;

  constructor(private readonly deps: ChatsServiceDeps) {
    this.repo = new ChatsRepo(deps.db);
  }

  async list(ctx: RequestContext, query: { searchParam: string; pageNumber: number }) {
    const size = LIMITS.pageSize;
    const { rows, count } = await this.repo.listFor(ctx.companyId, ctx.user.id, query.searchParam, {
      number: query.pageNumber,
      size,
    });
    return { records: rows.map(presentChat), count, hasMore: query.pageNumber * size < count };
  }

  async show(ctx: RequestContext, ref: number | string): Promise<ChatDto> {
    return presentChat(await this.visible(this.deps.db, ctx, ref));
  }

  /** The creator owns the chat and always takes part in it. */
  async create(ctx: RequestContext, input: ChatSaveInput): Promise<ChatDto> {
    const chat = await this.repo.transaction(async (tx) => {
      const userIds = await this.participants(tx, ctx, input.users);
      const id = await this.repo.insert(
        tx,
        ctx.companyId,
        { title: input.title, ownerId: ctx.user.id },
        userIds,
      );
      return this.loaded(tx, ctx, id);
    });
    const dto = presentChat(chat);
    this.announce(ctx.companyId, participantIds(chat), { action: "create", chat: dto });
    return dto;
  }

  async update(ctx: RequestContext, id: number, input: ChatSaveInput): Promise<ChatDto> {
    const { chat, removed } = await this.repo.transaction(async (tx) => {
      const current = await this.lockedVisible(tx, ctx, id);
      authorize(ctx.user, "chat:change", current);
      const userIds = await this.participants(tx, ctx, input.users);
      const { removed } = await this.repo.update(tx, ctx.companyId, id, input.title, userIds);
      return { chat: await this.loaded(tx, ctx, id), removed };
    });
    const dto = presentChat(chat);
    this.announce(ctx.companyId, participantIds(chat), { action: "update", chat: dto });
    this.announce(ctx.companyId, removed, { action: "delete", id });
    return dto;
  }

  async delete(ctx: RequestContext, id: number): Promise<void> {
    const chat = await this.repo.transaction(async (tx) => {
      const current = await this.lockedVisible(tx, ctx, id);
      authorize(ctx.user, "chat:change", current);
      const chat = await this.loaded(tx, ctx, id);
      await this.repo.delete(tx, ctx.companyId, id);
      return chat;
    });
    this.announce(ctx.companyId, participantIds(chat), { action: "delete", id });
  }

  async messages(ctx: RequestContext, id: number, query: ChatMessagesQuery): Promise<ChatMessageList> {
    await this.visible(this.deps.db, ctx, id);
    const size = CHAT_MESSAGES_PAGE_SIZE;
    const { rows, count } = await this.repo.messagesPage(ctx.companyId, id, {
      before: query.before,
      offset: (query.pageNumber - 1) * size,
      size,
    });
    return { records: rows.slice(0, size).map(presentChatMessage), count, hasMore: rows.length > size };
  }

  async send(ctx: RequestContext, id: number, message: string): Promise<ChatMessageDto> {
    const { chat, stored } = await this.repo.transaction(async (tx) => {
      // The row lock orders sends with participant changes: the unread counts match who was in the chat.
      await this.lockedVisible(tx, ctx, id);
      const row = await this.repo.addMessage(tx, ctx.companyId, id, ctx.user.id, message);
      return { chat: await this.loaded(tx, ctx, id), stored: { ...row, senderName: ctx.user.name } };
    });
    const newMessage = presentChatMessage(stored);
    this.announce(ctx.companyId, participantIds(chat), {
      action: "new-message",
      chat: presentChat(chat),
      newMessage,
    });
    return newMessage;
  }

  /** The signed-in user read the chat: their unread count is 0, and their other screens hear it. */
  async markRead(ctx: RequestContext, id: number): Promise<ChatDto> {
    const chat = await this.visible(this.deps.db, ctx, id);
    if (!(await this.repo.markRead(this.deps.db, ctx.companyId, id, ctx.user.id))) return presentChat(chat);
    const dto = presentChat(await this.loaded(this.deps.db, ctx, id));
    this.announce(ctx.companyId, participantIds(chat), { action: "update", chat: dto });
    return dto;
  }

  private async visible(runner: Db | Tx, ctx: RequestContext, ref: number | string) {
    const chat = await this.repo.findFor(runner, ctx.companyId, ctx.user.id, ref);
    if (!chat) throw notFound();
    return chat;
  }

  private async lockedVisible(tx: Tx, ctx: RequestContext, id: number) {
    if (!(await this.repo.lock(tx, ctx.companyId, id))) throw notFound();
    return this.visible(tx, ctx, id);
  }

  private async loaded(runner: Db | Tx, ctx: RequestContext, id: number): Promise<ChatWithUsers> {
    const chat = await this.repo.load(runner, ctx.companyId, id);
    if (!chat) throw notFound();
    return chat;
  }

  /** The chosen users of the company plus the acting user (the owner takes part in their chat). */
  private participants(tx: Tx, ctx: RequestContext, userIds: number[]): Promise<number[]> {
    return this.repo.checkedUserIds(tx, ctx.companyId, [ctx.user.id, ...userIds]);
  }

  private announce(companyId: number, userIds: number[], payload: ChatEventPayload): void {
    if (userIds.length === 0) return;
    const userRooms = userIds.map((userId) => rooms.user(companyId, userId));
    this.deps.realtime.toRooms(companyId, userRooms, "chat", payload);
  }
}

const participantIds = (chat: ChatWithUsers) => chat.users.map((p) => p.userId);
const notFound = () => new AppError("ERR_NOT_FOUND", { message: "Chat not found" });
