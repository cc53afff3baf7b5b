import { z } from "zod";
import { dbId, dbIdParam, looseBoolean } from "./common.js";
import { messageDto } from "./ticket.js";

/**
 * Sending and changing messages (spec 1 section 7, Messages): request bodies
 * of POST /messages/{ticketId}, /messages/edit/{id}, /messages/{id}/reactions,
 * /message/forward, and the transcription answer.
 */

/** Longest text the server accepts (the WhatsApp Cloud API's limit). */
export const MESSAGE_BODY_MAX = 4096;

/** A JSON boolean, 1/0 (`read: 1` as spec clients send it), or its text form in multipart fields. */
const flag = looseBoolean;

/**
 * The quoted message: the web app sends the whole message object (its `id`
 * is what counts); a bare id is accepted too.
 */
const quotedMsg = z
  .union([dbId, z.object({ id: dbId }).loose()])
  .transform((q) => (typeof q === "number" ? q : q.id));

/** A contact card: the picked contact (only its name and number travel). */
export const vCardSchema = z
  .object({
    name: z.string().trim().min(1, "Required").max(250, "Too Long!"),
    number: z
      .string()
      .trim()
      .regex(/^\+?\d{8,20}$/, "Invalid number"),
  })
  .loose()
  .transform(({ name, number }) => ({ name, number: number.replace(/^\+/, "") }));

/** POST /messages/{ticketId} with a JSON body. `read` and `fromMe` are accepted for compatibility. */
export const sendMessageSchema = z
  .object({
    body: z.string().max(MESSAGE_BODY_MAX, "Too Long!").optional().default(""),
    quotedMsg: quotedMsg.nullish(),
    isPrivate: flag.optional().default(false),
    vCard: vCardSchema.nullish(),
    /** A file already in this company's storage (`/public/company{id}/...`), e.g. a quick message's. */
    mediaUrl: z.string().max(1000).nullish(),
    /**
     * The message input's sign toggle: the server signs the text (or caption) with the
     * user's name when the company's sendSignMessage is enabled. Absent: not signed.
     */
    signMessage: flag.optional().default(false),
    read: flag.optional(),
    fromMe: flag.optional(),
  })
  .refine((m) => m.body.trim() !== "" || m.vCard || m.mediaUrl, {
    message: "Required",
    path: ["body"],
  });
export type SendMessageInput = z.output<typeof sendMessageSchema>;

/** POST /messages/edit/{id}. */
export const editMessageSchema = z.object({
  body: z.string().trim().min(1, "Required").max(MESSAGE_BODY_MAX, "Too Long!"),
});

/** POST /messages/{id}/reactions: an emoji; empty removes our reaction. */
export const reactionSchema = z.object({ type: z.string().trim().max(32) });

const oneOrMany = z
  .union([dbId, z.array(dbId).min(1).max(50)])
  .transform((v) => (Array.isArray(v) ? v : [v]));

/**
 * POST /message/forward: each message to each contact, in order, spaced by
 * LIMITS.forwardDelayMs. One id or a list on both sides.
 */
export const forwardMessageSchema = z.object({
  messageId: oneOrMany,
  contactId: oneOrMany,
  signMessage: flag.optional().default(false),
});

export const forwardResultDto = z.object({ messages: z.array(messageDto) });
export type ForwardResult = z.infer<typeof forwardResultDto>;

export const messageIdParam = z.object({ id: dbIdParam });

/** GET /messages/transcribeAudio/{file}: the stored file's name, no path. */
export const transcribeParam = z.object({
  file: z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, "Invalid file name"),
});
export const transcriptionDto = z.object({ transcribedText: z.string() });
