import { z } from "zod";

/** Quick messages, announcements and internal chats as the top bar and the message input read them (spec 1 sections 3, 7). */

export const quickMessageDto = z.object({
  id: z.number(),
  shortcode: z.string(),
  message: z.string(),
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  geral: z.boolean(),
  userId: z.number().nullable(),
});
export type QuickMessageDto = z.infer<typeof quickMessageDto>;

/** GET /quick-messages/list: companyId and userId are accepted and ignored (the token decides). */
export const quickMessageListQuery = z.object({
  companyId: z.string().max(20).optional(),
  userId: z.string().max(20).optional(),
});

export const recordPageQuery = z.object({
  searchParam: z.string().max(200).optional().default(""),
  pageNumber: z.coerce.number().int().min(1).max(1_000_000).optional().default(1),
});

export const announcementDto = z.object({
  id: z.number(),
  title: z.string(),
  text: z.string(),
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  /** 1 red, 2 orange, 3 grey. */
  priority: z.number(),
  companyId: z.number(),
  createdAt: z.string(),
  /** Inactive ones are listed only to super users (the /announcements page); the popover shows active ones. */
  status: z.boolean().optional(),
});
export type AnnouncementDto = z.infer<typeof announcementDto>;

export const announcementListDto = z.object({
  records: z.array(announcementDto),
  count: z.number(),
  hasMore: z.boolean(),
});

export const chatDto = z.object({
  id: z.number(),
  uuid: z.string(),
  title: z.string(),
  ownerId: z.number().nullable(),
  lastMessage: z.string(),
  updatedAt: z.string(),
  users: z.array(
    z.object({
      userId: z.number(),
      unreads: z.number(),
      user: z.object({ id: z.number(), name: z.string() }),
    }),
  ),
});
export type ChatDto = z.infer<typeof chatDto>;

export const chatListDto = z.object({ records: z.array(chatDto), count: z.number(), hasMore: z.boolean() });
