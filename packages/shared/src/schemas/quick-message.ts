import { z } from "zod";
import { looseBoolean } from "./common.js";
import { type QuickMessageDto, quickMessageDto } from "./top-bar.js";

/**
 * Quick messages administration (spec 3 sections 2, 3, 5, 6 and 7): the
 * /quick-messages page writes them; the message input's '/' list reads them
 * (GET /quick-messages/list, top-bar.ts).
 */

export const QUICK_MESSAGE_SHORTCODE_MAX = 100;
export const QUICK_MESSAGE_TEXT_MAX = 5000;

/** The spec's message for a missing shortcode (section 5). */
export const QUICK_MESSAGE_REQUIRED = "Obrigatório";

const shortcode = z
  .string({ error: QUICK_MESSAGE_REQUIRED })
  .trim()
  .min(1, QUICK_MESSAGE_REQUIRED)
  .max(QUICK_MESSAGE_SHORTCODE_MAX, "Too Long!");
const message = z.string().max(QUICK_MESSAGE_TEXT_MAX, "Too Long!");

/**
 * POST /quick-messages. The spec's clients also send status, isMedia and
 * mediaPath: unknown keys are dropped (the file comes only through media-upload,
 * so a client cannot point a message at a path it did not upload).
 */
export const quickMessageCreateSchema = z.object({
  shortcode,
  message: message.optional().default(""),
  geral: looseBoolean.optional().default(false),
});
export type QuickMessageCreateInput = z.infer<typeof quickMessageCreateSchema>;

/** PUT /quick-messages/{id}: the fields given replace the stored ones. */
export const quickMessageUpdateSchema = z.object({
  shortcode: shortcode.optional(),
  message: message.optional(),
  geral: looseBoolean.optional(),
});
export type QuickMessageUpdateInput = z.infer<typeof quickMessageUpdateSchema>;

/** GET /quick-messages: one page of the company's quick messages by shortcode (searchParam matches it or the text). */
export const quickMessagePageDto = z.object({
  records: z.array(quickMessageDto),
  count: z.number(),
  hasMore: z.boolean(),
});
export type QuickMessagePage = z.infer<typeof quickMessagePageDto>;

/** Payload of `company-{id}-quickmessage` (spec 3 "Live events"). */
export type QuickMessageEventPayload =
  | { action: "create" | "update"; record: QuickMessageDto }
  | { action: "delete"; id: number };

/**
 * Spec 3 section 6: a personal (not geral) quick message of another user is
 * read-only; everything else the company's users may change.
 */
export function canChangeQuickMessage(quick: { geral: boolean; userId: number | null }, userId: number) {
  return quick.geral || quick.userId === userId;
}
