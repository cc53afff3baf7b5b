import { z } from "zod";
import { looseBoolean, MAX_DB_INT } from "./common.js";
import { MESSAGE_BODY_MAX } from "./message.js";

/** The external Messages API (spec 3 sections 5 and 7): where an outside system sends from. */
export const MESSAGES_API_PATH = "/api/messages/send";
/** Sends per connection token and minute before 429 ERR_TOO_MANY_REQUESTS (our limit; the spec shows none). */
export const MESSAGES_API_RATE_PER_MINUTE = 60;
/** How long an Idempotency-Key is remembered: a retry within this time answers the first send. */
export const MESSAGES_API_IDEMPOTENCY_HOURS = 24;

/** An id as JSON sends it or as a multipart field carries it; empty means none. */
const optionalId = z.preprocess(
  (value) => (value === "" || value === null ? undefined : typeof value === "string" ? Number(value) : value),
  z.number().int().positive().max(MAX_DB_INT).optional(),
);

/**
 * POST /api/messages/send, JSON or multipart (spec 3 section 5, "External API send payload"):
 * number (digits, with or without +, spaces, dashes or brackets), body (required without medias),
 * userId and queueId (the ticket's user and queue), sendSignature (body signed with the user's
 * name), closeTicket (the ticket is closed once the messages are stored).
 */
export const messagesApiSendSchema = z.object({
  number: z
    .string({ error: "Required" })
    .trim()
    .min(1, "Required")
    .max(30, "Too Long!")
    .regex(/^\+?[\d\s().-]+$/, "Invalid number"),
  body: z.string().max(MESSAGE_BODY_MAX, "Too Long!").optional().default(""),
  userId: optionalId,
  queueId: optionalId,
  sendSignature: looseBoolean.optional().default(false),
  closeTicket: looseBoolean.optional().default(false),
});
export type MessagesApiSendInput = z.infer<typeof messagesApiSendSchema>;

export const messagesApiAnswerDto = z.object({
  message: z.string(),
  ticketId: z.number(),
  /** The stored messages, in order (the text, then each media); sent right after the answer. */
  messageIds: z.array(z.number()),
});
export type MessagesApiAnswer = z.infer<typeof messagesApiAnswerDto>;
