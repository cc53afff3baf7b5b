import { z } from "zod";
import { TICKET_LOG_TYPES } from "../enums.js";
import { dbId, dbIdParam, looseBoolean, noneAsNull, notBuiltYet } from "./common.js";
import { ticketStatus } from "./ticket.js";

/**
 * The ticket lifecycle on the wire (spec 1 sections 4 and 7): opening,
 * updating (accept, return, resolve, ignore, reopen, transfer), closing all,
 * deleting, the log timeline and a contact's attendance status.
 */

/** 'Selecione uma fila': accept, transfer and new ticket need a queue (spec 1 section 5). */
export const QUEUE_REQUIRED_MESSAGE = "Selecione uma fila";

export const ticketPathParam = z.object({ id: dbIdParam });
export const ticketLogParam = z.object({ ticketId: dbIdParam });
export const contactPathParam = z.object({ id: dbIdParam });

/** POST /tickets. `companyId` is accepted for compatibility; the company always comes from the token. */
export const ticketCreateBody = z.object({
  contactId: dbId,
  queueId: noneAsNull(dbId.nullable()).optional(),
  whatsappId: dbId,
  /** The assigned user when the ticket opens as open; the signed-in user when absent. */
  userId: noneAsNull(dbId.nullable()).optional(),
  status: z.enum(["open", "pending"]).optional().default("open"),
  companyId: z.union([z.number(), z.string().max(20)]).optional(),
});
export type TicketCreateBody = z.infer<typeof ticketCreateBody>;

/** PUT /tickets/{id}: what the client asks; the server decides the transition (spec 1 section 4). */
export const ticketUpdateBody = z.object({
  status: ticketStatus.optional(),
  userId: noneAsNull(dbId.nullable()).optional(),
  queueId: noneAsNull(dbId.nullable()).optional(),
  useIntegration: looseBoolean.optional(),
  sendFarewellMessage: looseBoolean.optional(),
  amountUsedBotQueues: z.number().int().min(0).max(1000).optional(),
  /** Transfer: an optional message to the contact. */
  msgTransfer: z.string().max(4096).nullable().optional(),
  isTransfered: looseBoolean.optional(),
  /** Sent as null by the original web app when resolving; an id is refused until prompts and integrations exist. */
  promptId: notBuiltYet("AI prompts"),
  integrationId: notBuiltYet("Integrations"),
});
export type TicketUpdateBody = z.infer<typeof ticketUpdateBody>;

/** POST /tickets/closeAll (admin): every ticket of `status` in the selected queues (0: without queue; none: all). */
export const ticketCloseAllBody = z.object({
  status: z.enum(["pending", "open", "group", "lgpd", "nps"]),
  selectedQueueIds: z.array(z.number().int().min(0).max(2_147_483_647)).max(500).optional().default([]),
});
export type TicketCloseAllBody = z.infer<typeof ticketCloseAllBody>;

export const ticketCloseAllDto = z.object({ closed: z.number() });

const laneRef = z.object({ id: z.number(), name: z.string(), color: z.string() });

export const ticketLogEntryDto = z.object({
  id: z.number(),
  ticketId: z.number(),
  type: z.enum(TICKET_LOG_TYPES),
  userId: z.number().nullable(),
  user: z.object({ id: z.number(), name: z.string() }).nullable(),
  queueId: z.number().nullable(),
  queue: z.object({ id: z.number(), name: z.string(), color: z.string() }).nullable(),
  /** A "lane" entry: the kanban lane left and the one entered (null: no lane, or a lane since deleted). */
  fromLane: laneRef.nullable(),
  toLane: laneRef.nullable(),
  /** A "flow" entry (issue 13): the flow's node the bot went through, or how its walk ended. */
  flowStep: z
    .object({ flowId: z.number(), nodeType: z.string().nullable(), ended: z.string().nullable() })
    .nullable()
    .optional(),
  createdAt: z.string(),
});
export type TicketLogEntryDto = z.infer<typeof ticketLogEntryDto>;
export const ticketLogListDto = z.array(ticketLogEntryDto);

/**
 * GET /contacts/{id}/status: before opening a ticket (spec 1 section 4).
 * `inQueue`: a ticket of the contact waits without an attendant;
 * `beingAttendedBy`: an attendant holds one.
 */
export const contactTicketStatusDto = z.object({
  inQueue: z.boolean(),
  beingAttendedBy: z.object({ id: z.number(), name: z.string() }).nullable(),
  ticket: z.object({ id: z.number(), uuid: z.string(), status: z.string() }).nullable(),
});
export type ContactTicketStatusDto = z.infer<typeof contactTicketStatusDto>;
