import { z } from "zod";
import { dbId, dbIdParam } from "./common.js";
import { MESSAGE_BODY_MAX } from "./message.js";
import type { ChatDto } from "./top-bar.js";

/**
 * Internal chat between users of one company (spec 3 sections 3, 5, 7 and 9):
 * the dialog and the server share these schemas.
 */

export const CHAT_TITLE_MAX = 255;
/** A chat's participants besides its owner; a generous bound, the spec gives none. */
export const CHAT_USERS_MAX = 500;
/** Spec 3 section 9: the message list loads an older page when scrolled within this of the top. */
export const CHAT_OLDER_PAGE_THRESHOLD_PX = 600;
/** Messages per page of GET /chats/{id}/messages (the spec leaves it open). */
export const CHAT_MESSAGES_PAGE_SIZE = 20;

/**
 * POST /chats and PUT /chats/{id}: a non-blank title and at least one user
 * (spec 3 section 5). `users` are the company's user ids, or `{id}` objects as
 * the original dialog sends them; the owner always takes part.
 */
export const chatSaveSchema = z.object({
  title: z.string().trim().min(1, "Obrigatório").max(CHAT_TITLE_MAX, "Too Long!"),
  users: z
    .array(z.union([dbId, z.object({ id: dbId }).transform((user) => user.id)]))
    .min(1, "Obrigatório")
    .max(CHAT_USERS_MAX),
});
export type ChatSaveInput = z.infer<typeof chatSaveSchema>;

/** POST /chats/{id}/messages: only a non-blank message is sent (spec 3 section 5). */
export const chatMessageCreateSchema = z.object({
  message: z.string().trim().min(1, "Obrigatório").max(MESSAGE_BODY_MAX, "Too Long!"),
});
export type ChatMessageCreateInput = z.infer<typeof chatMessageCreateSchema>;

/**
 * POST /chats/{id}/read: marks the chat read for the signed-in user. `userId`
 * is accepted as the spec writes it and ignored: the token decides.
 */
export const chatReadSchema = z.object({ userId: z.unknown().optional() }).optional();

/**
 * GET /chats/{id}/messages: newest first. `before` (a message id of the chat)
 * asks for the messages older than it, by keyset, so a message arriving while
 * the user scrolls back neither repeats nor hides one; without it, pageNumber
 * pages by offset as the spec's clients ask.
 */
export const chatMessagesQuery = z.object({
  pageNumber: z.coerce.number().int().min(1).max(1_000_000).optional().default(1),
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});
export type ChatMessagesQuery = z.infer<typeof chatMessagesQuery>;

/** GET /chats/{id}: a chat by its id or its uuid (the page's address is /chats/{uuid}). */
export const chatRefParam = z.object({
  id: z.union([dbIdParam, z.uuid()]),
});

/** A chat message (spec 3 section 3): sender id and name, message, createdAt, chatId. */
export const chatMessageDto = z.object({
  id: z.number(),
  chatId: z.number(),
  senderId: z.number().nullable(),
  sender: z.object({ id: z.number(), name: z.string() }).nullable(),
  message: z.string(),
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  createdAt: z.string(),
});
export type ChatMessageDto = z.infer<typeof chatMessageDto>;

export const chatMessageListDto = z.object({
  records: z.array(chatMessageDto),
  count: z.number(),
  hasMore: z.boolean(),
});
export type ChatMessageList = z.infer<typeof chatMessageListDto>;

/**
 * `company-{id}-chat`, sent to the rooms of the chat's participants only:
 * create and update carry the chat; new-message the chat (its new unread
 * counts) and the message; delete the chat's id (also to users taken out of
 * it); reload asks for the list again.
 */
export type ChatEventPayload =
  | { action: "create" | "update"; chat: ChatDto }
  | { action: "new-message"; chat: ChatDto; newMessage: ChatMessageDto }
  | { action: "delete"; id: number }
  | { action: "reload" };
