import type { ChatDto, ChatMessageDto } from "@inbox/shared";
import type { ChatMessageRow, ChatWithUsers } from "./repo.js";

export function presentChat(row: ChatWithUsers): ChatDto {
  return {
    id: row.id,
    uuid: row.uuid,
    title: row.title,
    ownerId: row.ownerId,
    lastMessage: row.lastMessage,
    updatedAt: row.updatedAt.toISOString(),
    users: row.users.map((p) => ({
      userId: p.userId,
      unreads: p.unreads,
      user: { id: p.userId, name: p.name },
    })),
  };
}

export function presentChatMessage(row: ChatMessageRow): ChatMessageDto {
  return {
    id: row.id,
    chatId: row.chatId,
    senderId: row.senderId,
    sender: row.senderId === null ? null : { id: row.senderId, name: row.senderName ?? "" },
    message: row.message,
    mediaPath: row.mediaPath,
    mediaName: row.mediaName,
    createdAt: row.createdAt.toISOString(),
  };
}
