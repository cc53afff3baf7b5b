import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgTable, serial, timestamp } from "drizzle-orm/pg-core";
import { sameCompany, tenant, timestamps } from "./columns.js";
import { queues } from "./queues.js";
import { tickets } from "./tickets.js";
import { users } from "./users.js";

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
    /**
     * A contact's message is stored and the automation has not looked at it yet (or a resolve
     * waits for the contact's rating): set in ingest's transaction (and the lifecycle's), cleared
     * by the run's state save; the sweeper runs tickets left with it after a crash. It lives here,
     * not on tickets, so a run that decides nothing writes only this narrow row: a tickets row
     * version costs every one of that table's indexes.
     */
    dueAt: timestamp({ withTimezone: true, mode: "date" }),
    ...timestamps,
  },
  (t) => [
    sameCompany("ticket_automations_ticket_id_fk", t.companyId, t.ticketId, tickets, "cascade"),
    /** The sweeper's scan for timers whose job was lost. */
    index("ticket_automations_timer_idx").on(t.timerAt).where(sql`${t.timerAt} IS NOT NULL`),
    /** The sweeper's scan for contact messages whose run was lost. */
    index("ticket_automations_due_idx").on(t.dueAt).where(sql`${t.dueAt} IS NOT NULL`),
  ],
);

/**
 * A contact's rating of a resolved ticket (issue 9, rule 6): the NPS answer
 * 0 to 10, with the user who resolved it. The ticket list's emoji and the
 * dashboard's figures read it.
 */
export const userRatings = pgTable(
  "user_ratings",
  {
    id: serial().primaryKey(),
    companyId: tenant(),
    ticketId: integer().notNull(),
    userId: integer(),
    rate: integer().notNull(),
    ...timestamps,
  },
  (t) => [
    sameCompany("user_ratings_ticket_id_fk", t.companyId, t.ticketId, tickets, "cascade"),
    sameCompany("user_ratings_user_id_fk", t.companyId, t.userId, users, "set null"),
    index("user_ratings_company_ticket_idx").on(t.companyId, t.ticketId),
    index("user_ratings_company_user_idx").on(t.companyId, t.userId, t.createdAt),
    check("user_ratings_rate_check", sql`${t.rate} BETWEEN 0 AND 10`),
  ],
);

/**
 * The queue rotator's turn (issue 9, rule 4): when it last handed out the
 * queue's waiting tickets and to whom, so the next pass starts after that
 * user. One row per queue with ativarRoteador, written under its row lock.
 */
export const queueRotations = pgTable(
  "queue_rotations",
  {
    queueId: integer().primaryKey(),
    companyId: tenant(),
    lastUserId: integer(),
    lastAt: timestamp({ withTimezone: true, mode: "date" }),
  },
  (t) => [
    sameCompany("queue_rotations_queue_id_fk", t.companyId, t.queueId, queues, "cascade"),
    sameCompany("queue_rotations_last_user_id_fk", t.companyId, t.lastUserId, users, "set null"),
  ],
);
