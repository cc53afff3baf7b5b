import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, timestamp } from "drizzle-orm/pg-core";
import { sameCompany, tenant, timestamps } from "./columns.js";
import { tickets } from "./tickets.js";

/**
 * The automatic conversation's state, one row per ticket (DESIGN section 5a):
 * what automation/machine.ts decided last, the contact message it handled
 * last, and its one pending timer. Read and written under the ticket's row
 * lock, in the same transaction as the bot's messages.
 */
export const ticketAutomations = pgTable(
  "ticket_automations",
  {
    ticketId: integer().primaryKey(),
    companyId: tenant(),
    /** automation/machine.ts `BotState`. */
    state: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** The last contact message decided on: later ones are still to handle. */
    handledMessageId: bigint({ mode: "number" }).notNull().default(0),
    /** The pending timer: due time and the token its job must carry to count. */
    timerAt: timestamp({ withTimezone: true, mode: "date" }),
    timerToken: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [
    sameCompany("ticket_automations_ticket_id_fk", t.companyId, t.ticketId, tickets, "cascade"),
    /** The sweeper's scan for timers whose job was lost. */
    index("ticket_automations_timer_idx").on(t.timerAt).where(sql`${t.timerAt} IS NOT NULL`),
  ],
);
