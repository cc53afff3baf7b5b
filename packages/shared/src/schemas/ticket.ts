import { z } from "zod";
import { TICKET_STATUSES } from "../enums.js";
import { dbIdParam, looseBoolean, MAX_DB_INT } from "./common.js";

/**
 * Tickets and messages on the wire (spec 1 sections 3 and 7): the list and
 * show answers, the messages page, and the realtime payloads that carry them.
 */

/** The queue id that stands for "without queue" in the `queueIds` filter. */
export const WITHOUT_QUEUE = 0;

/**
 * The values of a list parameter, in the shapes clients send: repeated keys
 * (`queueIds=1&queueIds=2`), a JSON array (`queueIds=[1,2]`, as the original
 * web app sends it) or a comma-separated list (`queueIds=1,2`).
 */
function listValues(raw: unknown): unknown[] {
  const values = Array.isArray(raw) ? raw : [raw];
  return values.flatMap((value) => {
    if (typeof value !== "string") return [value];
    const text = value.trim();
    if (text === "") return [];
    if (text.startsWith("[")) {
      try {
        const parsed: unknown = JSON.parse(text);
        return Array.isArray(parsed) ? parsed : [text];
      } catch {
        return [text];
      }
    }
    return text.split(",").map((part) => part.trim());
  });
}

/** A query-string list of `item`, at most `max` long (listValues says which shapes are read). */
export function queryList<T extends z.ZodType>(item: T, max: number) {
  return z.preprocess(listValues, z.array(item).max(max));
}

/** A list of ids from a query string (see listValues). */
export function idList(options: { allowZero?: boolean } = {}) {
  const id = z.coerce
    .number()
    .int()
    .min(options.allowZero ? 0 : 1)
    .max(MAX_DB_INT);
  return queryList(id, 500);
}

/** "true"/"false" in a query string (anything else is refused). */
/** true/false or 1/0 in the query string. */
const queryFlag = looseBoolean;

export const ticketStatus = z.enum(TICKET_STATUSES);

/** GET /tickets (spec 1 section 7). Parameters the server does not apply yet are accepted and ignored. */
export const ticketListQuery = z.object({
  searchParam: z.string().max(200).optional().default(""),
  pageNumber: z.coerce.number().int().min(1).max(1_000_000).optional().default(1),
  /** `status=search` (the search tab, as spec clients send it) is every status: statusFilter narrows it. */
  status: z.preprocess((raw) => (raw === "search" ? undefined : raw), ticketStatus.optional()),
  /** The search tab's status filter: any of these statuses. */
  statusFilter: z.preprocess(
    (raw) => (typeof raw === "string" && raw.startsWith("[") ? safeJson(raw) : raw),
    z.union([ticketStatus, z.array(ticketStatus).max(TICKET_STATUSES.length)]).optional(),
  ),
  showAll: queryFlag.optional().default(false),
  /** Selected queues; 0 stands for "without queue". Empty or absent: no queue filter. */
  queueIds: idList({ allowZero: true }).optional().default([]),
  whatsapps: idList().optional().default([]),
  users: idList().optional().default([]),
  tags: idList().optional().default([]),
  withUnreadMessages: queryFlag.optional().default(false),
  isGroup: queryFlag.optional(),
  searchOnMessages: queryFlag.optional().default(false),
  sortTickets: z.enum(["ASC", "DESC", "asc", "desc"]).optional().default("DESC"),
  /** Accepted for compatibility; the company always comes from the token. */
  companyId: z.string().max(20).optional(),
  date: z.string().max(40).optional(),
  updatedAt: z.string().max(40).optional(),
});
export type TicketListQuery = z.infer<typeof ticketListQuery>;

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * A conversation's address (/tickets/{uuid}). Anything short is taken: an
 * address that is no uuid (a mistyped or old link, /tickets/999999) names no
 * ticket, and the server answers ERR_NO_TICKET_FOUND (404) as for a missing one.
 */
export const ticketUuidParam = z.object({ uuid: z.string().min(1).max(100) });
/**
 * `peek=true` reads the ticket without logging an "access": the bell confirming, after a reload,
 * that a ticket handed to the viewer is still theirs has not opened the conversation.
 */
export const ticketShowQuery = z.object({ peek: queryFlag.optional().default(false) });
export const ticketIdParam = z.object({ ticketId: dbIdParam });

export const messagePageQuery = z.object({
  pageNumber: z.coerce.number().int().min(1).max(1_000_000).optional().default(1),
  /** Accepted for compatibility (spec 1 section 7); visibility is decided by the ticket. */
  selectedQueues: z.string().max(4000).optional(),
});

export const contactRefDto = z.object({
  id: z.number(),
  name: z.string(),
  number: z.string(),
  email: z.string().optional(),
  channel: z.string(),
  isGroup: z.boolean(),
  profilePicUrl: z.string().nullable(),
});
export type ContactRefDto = z.infer<typeof contactRefDto>;

export const ticketQueueRefDto = z.object({ id: z.number(), name: z.string(), color: z.string() });
export const ticketUserRefDto = z.object({ id: z.number(), name: z.string(), color: z.string().nullable() });
export const ticketConnectionRefDto = z.object({
  id: z.number(),
  name: z.string(),
  channel: z.string(),
  status: z.string(),
});
export const tagRefDto = z.object({ id: z.number(), name: z.string(), color: z.string() });

/**
 * The ticket as lists, the show route and events carry it (spec 1 section 3).
 * `queue`, `user`, `whatsapp` and `tags` are present when the sender loaded
 * them (the REST answers always do); the inbound message path sends the
 * ticket with its ids only, so a client keeps the names it already has.
 */
export const ticketDto = z.object({
  id: z.number(),
  uuid: z.string(),
  status: z.string(),
  channel: z.string(),
  contactId: z.number(),
  whatsappId: z.number().nullable(),
  userId: z.number().nullable(),
  queueId: z.number().nullable(),
  isGroup: z.boolean(),
  isBot: z.boolean(),
  lastMessage: z.string(),
  unreadMessages: z.number(),
  useIntegration: z.boolean().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  contact: contactRefDto.optional(),
  queue: ticketQueueRefDto.nullable().optional(),
  user: ticketUserRefDto.nullable().optional(),
  whatsapp: ticketConnectionRefDto.nullable().optional(),
  tags: z.array(tagRefDto).optional(),
  /**
   * The contact's latest rating of the ticket: `rate` is the NPS score 0 to 10 as given (the list
   * shows it as one of five faces, see ratings.ts `ratingFace`); null while unrated. Absent when the
   * sender did not load it (the inbound message path): a client keeps the one it has.
   */
  userRating: z.object({ rate: z.number() }).nullable().optional(),
});
export type TicketDto = z.infer<typeof ticketDto>;

export const ticketListDto = z.object({
  tickets: z.array(ticketDto),
  /**
   * How many tickets the list holds, counted up to LIMITS.ticketListCountCap
   * (1,000: a larger tab answers 1,000). A search (searchParam set) is not
   * counted: its count is the number of tickets found up to this page, and
   * `hasMore` says whether more follow.
   */
  count: z
    .number()
    .describe(
      "Tickets in the list, counted up to 1,000 (a larger tab answers 1,000); for a search, the tickets found up to this page.",
    ),
  hasMore: z.boolean(),
});
export type TicketList = z.infer<typeof ticketListDto>;

/**
 * What an inbound message was, beyond its body, for display (issue 8 section 7);
 * each part only when it applies.
 */
export const messageDetailsDto = z.object({
  /** A type the channel could not hand over: its name and the provider's code and title, when given. */
  unsupported: z
    .object({ type: z.string().nullable(), code: z.number().nullable(), title: z.string().nullable() })
    .optional(),
  /** The catalogue product a WhatsApp message asks about (`context.referred_product`). */
  product: z.object({ catalogId: z.string(), productRetailerId: z.string() }).optional(),
  /** The ad or post the contact came from (WhatsApp `referral`). */
  referral: z
    .object({
      sourceType: z.string().nullable(),
      sourceId: z.string().nullable(),
      sourceUrl: z.string().nullable(),
      headline: z.string().nullable(),
      body: z.string().nullable(),
      mediaType: z.string().nullable(),
      imageUrl: z.string().nullable(),
      videoUrl: z.string().nullable(),
      thumbnailUrl: z.string().nullable(),
    })
    .optional(),
  /** An Instagram story mention, or a reply to our story; the story's media is `mediaUrl` while it lived. */
  story: z.object({ kind: z.enum(["mention", "reply"]), id: z.string().nullable() }).optional(),
  /** Media that cannot be shown: a story that expired, or disappearing (view-once) media. */
  mediaGone: z.enum(["expired", "disappearing"]).optional(),
  /** A document's file name as the sender gave it (for display only). */
  fileName: z.string().optional(),
  /** The stored file's size in bytes (the document card's '1,2 MB'). */
  fileSize: z.number().optional(),
  /** An audio's or video's length in seconds, read from its bytes when it was stored ('🎤 Áudio 0:08'). */
  durationSeconds: z.number().optional(),
  /** A shared location, with a map link. */
  location: z
    .object({
      latitude: z.number(),
      longitude: z.number(),
      name: z.string().nullable(),
      address: z.string().nullable(),
      mapUrl: z.string(),
    })
    .optional(),
  /** Messenger stickers are images; this says the image was a sticker. */
  sticker: z.boolean().optional(),
});
export type MessageDetails = z.infer<typeof messageDetailsDto>;

/** What clients see of a message (spec 1 section 3). */
export const messageDto = z.object({
  id: z.number(),
  ticketId: z.number(),
  contactId: z.number().nullable(),
  body: z.string(),
  fromMe: z.boolean(),
  mediaType: z.string(),
  mediaUrl: z.string().nullable(),
  /**
   * Inbound media that could not be downloaded (a refused or failed fetch): the error code
   * (ERR_WAPP_DOWNLOAD_MEDIA); the conversation shows "media unavailable" and
   * POST /messages/{id}/retry-media tries again. Absent when the media is there.
   */
  mediaError: z.string().optional(),
  ack: z.number(),
  read: z.boolean(),
  isPrivate: z.boolean(),
  isDeleted: z.boolean(),
  isEdited: z.boolean(),
  isForwarded: z.boolean(),
  /** The user who sent it; null for the contact's messages, the bot's and those sent from the phone. */
  userId: z.number().nullable(),
  /**
   * That user's id and name (the bubble shows who sent it); null when no user sent it. Absent when
   * the sender of the payload did not load it (ack and edit events): a client keeps the one it has.
   */
  user: z.object({ id: z.number(), name: z.string() }).nullable().optional(),
  /** "bot": written by the automatic conversation (greetings, menus, rating questions). */
  sentBy: z.literal("bot").optional(),
  quotedMsgId: z.number().nullable(),
  reactions: z.array(z.object({ emoji: z.string(), fromMe: z.boolean(), by: z.string(), at: z.string() })),
  /** In a group conversation, the number of the member who wrote (talk-to opens a private ticket with them). */
  participant: z.string().nullable().optional(),
  /** The cards of a contact-card message (name and phone number), whichever channel carried them. */
  contactCards: z.array(z.object({ name: z.string(), number: z.string() })).optional(),
  details: messageDetailsDto.optional(),
  sendError: z.string().nullable(),
  sendErrorMessage: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MessageDto = z.infer<typeof messageDto>;

/** GET /messages/{ticketId}: one page, oldest first within it; page 1 is the newest. */
export const messageListDto = z.object({
  messages: z.array(messageDto),
  ticket: ticketDto,
  count: z.number(),
  hasMore: z.boolean(),
});
export type MessageList = z.infer<typeof messageListDto>;

/** Payload of `company-{id}-ticket`. */
export type TicketEventPayload =
  | {
      action: "update" | "create";
      ticket: TicketDto;
      /**
       * The user who handed the ticket to its holder (`ticket.userId`): a transfer, or a ticket
       * opened for someone else. Absent when the holder took it themselves or nothing changed hands.
       */
      assignedBy?: number;
    }
  | { action: "delete"; ticketId: number };

/** Payload of `company-{id}-appMessage`: `ticket` and `contact` come with a new message. */
export type AppMessageEventPayload =
  | { action: "create"; message: MessageDto; ticket?: TicketDto; contact?: ContactRefDto }
  | { action: "update"; message: MessageDto }
  | { action: "delete"; messageId: number; ticketId?: number };
