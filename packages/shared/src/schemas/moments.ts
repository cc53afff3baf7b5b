import { z } from "zod";

/**
 * The attendance panel on the wire (spec 2: screen /moments 'Painel de
 * Atendimentos', GET /usersMoments). One column per user of the company plus
 * 'Pendentes'; each column shows its most recently updated tickets, at most
 * MOMENTS_COLUMN_CAP, and says how many it holds in all, so a company with
 * thousands of open tickets still answers at once.
 */

/**
 * Most cards a column carries (most recently updated first); `columns[].count` says how many it holds.
 * A column shows about eight cards without scrolling; beyond 25 a supervisor reads the count. With
 * 200 a company of 30 attendants and 2,000 open tickets answered 1 MB and cost the server 47 ms of
 * CPU per request (bench/README.md); with 25 it answers at most 25 per column, whatever the company.
 */
export const MOMENTS_COLUMN_CAP = 25;

/** Spec 2 section 9: names and messages on the panel's cards are cut at 30 characters. */
export const MOMENTS_TEXT_CUT = 30;

/** Statuses the panel shows. */
export const MOMENT_STATUSES = ["open", "pending"] as const;

/**
 * The column a ticket belongs to: an open ticket with a user is in that
 * user's column; a pending ticket, or an open one nobody holds, is in
 * 'Pendentes' (null). Tickets of other statuses are on no column (undefined).
 * The server groups by it and the web moves live cards by it.
 */
export function momentColumnOf(ticket: { status: string; userId: number | null }): number | null | undefined {
  if (!(MOMENT_STATUSES as readonly string[]).includes(ticket.status)) return undefined;
  return ticket.status === "open" && ticket.userId !== null ? ticket.userId : null;
}

/**
 * A card of the panel: an attendance moment item (spec 2 section 3) whose
 * user, queue and connection are given by id; their names, colours and
 * channels are in the answer's `users`, `queues` and `whatsapps` lists, once
 * each instead of once per card (the nested objects were half of the bytes of
 * a 775-card answer and most of its serialisation time, bench/README.md).
 */
export const momentItemDto = z.object({
  id: z.number(),
  uuid: z.string(),
  status: z.string(),
  userId: z.number().nullable(),
  queueId: z.number().nullable(),
  whatsappId: z.number().nullable(),
  contact: z.object({
    id: z.number(),
    name: z.string(),
    number: z.string(),
    profilePicUrl: z.string().nullable(),
  }),
  lastMessage: z.string(),
  unreadMessages: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MomentItem = z.infer<typeof momentItemDto>;

export const usersMomentsDto = z.object({
  /** The company's users, one column each, by name. `online`: seen within the last minutes. */
  users: z.array(z.object({ id: z.number(), name: z.string(), online: z.boolean() })),
  /** Every column's size: `userId` null is 'Pendentes'. A column with no ticket is absent. */
  columns: z.array(z.object({ userId: z.number().nullable(), count: z.number() })),
  /** The cards: per column its MOMENTS_COLUMN_CAP most recently updated, most recent first overall. */
  tickets: z.array(momentItemDto),
  /** The company's queues and connections, to draw cards of tickets that arrive live. */
  queues: z.array(z.object({ id: z.number(), name: z.string(), color: z.string() })),
  whatsapps: z.array(z.object({ id: z.number(), name: z.string(), channel: z.string() })),
});
export type UsersMoments = z.infer<typeof usersMomentsDto>;
