import { z } from "zod";
import { dbId, dbIdParam } from "./common.js";

/** Internal notes of a ticket (spec 1 sections 3, 5, 7). */
export const ticketNoteCreateSchema = z.object({
  note: z
    .string({ error: "Required" })
    .trim()
    .min(1, "Required")
    .min(2, "Too Short!")
    .max(10_000, "Too Long!"),
  ticketId: dbId,
  contactId: dbId,
});
export type TicketNoteCreateInput = z.infer<typeof ticketNoteCreateSchema>;

export const ticketNoteListQuery = z.object({
  contactId: dbIdParam,
  ticketId: dbIdParam.optional(),
});

export const ticketNoteDto = z.object({
  id: z.number(),
  note: z.string(),
  ticketId: z.number().nullable(),
  contactId: z.number(),
  userId: z.number().nullable(),
  user: z.object({ id: z.number(), name: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TicketNoteDto = z.infer<typeof ticketNoteDto>;
