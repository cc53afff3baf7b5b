import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, lte, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.js";
import { fromJsonRow } from "../db/json-rows.js";
import {
  companies,
  contacts,
  messages,
  queues,
  ticketAutomations,
  ticketLogs,
  tickets,
  userRatings,
  users,
  whatsapps,
} from "../db/schema/index.js";
import { ofCompany, rowOf } from "../db/tenant-scope.js";
import { FileListsRepo } from "../modules/files/repo.js";
import type { TicketRow } from "../modules/tickets/presenter.js";
import { batchReads, batchWrites } from "./statements.js";

export type AutomationRow = typeof ticketAutomations.$inferSelect;

export interface TicketKey {
  companyId: number;
  ticketId: number;
}

/** A locked ticket with what a run reads about it. */
export interface Locked {
  ticket: TicketRow;
  state: AutomationRow;
  contact: {
    id: number;
    name: string;
    number: string;
    email: string;
    disableBot: boolean;
    outOfHoursSentAt: Date | null;
    lgpdAcceptedAt: Date | null;
  } | null;
}

export type SavedState = Pick<
  AutomationRow,
  "companyId" | "ticketId" | "state" | "handledMessageId" | "timerAt" | "timerToken" | "dueAt"
>;

/** A run's change of its ticket (AutomationRepo.updateTickets). */
export interface TicketChange {
  companyId: number;
  ticketId: number;
  status: string;
  queueId: number | null;
  userId: number | null;
  /** The run closed the ticket: closedAt is set. */
  closes: boolean;
  /** The preview of the bot's last message, when it wrote. */
  lastMessage: string | null;
}

/** The automation row of a ticket no run has seen yet. */
const NO_STATE = {
  state: {},
  handledMessageId: 0,
  timerAt: null,
  timerToken: 0,
  dueAt: null,
  createdAt: new Date(0),
  updatedAt: new Date(0),
} as const;

export { MESSAGES_PER_RUN } from "./statements.js";

/** The automation's reads and writes; every one inside the ticket's transaction and company. */
export class AutomationRepo {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** The ticket, locked: runs of one ticket (in any process) take turns here. */
  async lockTicket(tx: Tx, companyId: number, ticketId: number): Promise<TicketRow | undefined> {
    const [row] = await tx
      .select()
      .from(tickets)
      .where(rowOf(tickets, companyId, ticketId))
      .for("update");
    return row;
  }

  /**
   * The tickets locked (in id order, as ingest locks them, so two batches
   * never wait on each other in a cycle), then their contacts' bot facts and
   * automation rows. The second read is its own statement on purpose: under
   * READ COMMITTED it starts after the locks are granted, so it sees what the
   * run that held a lock committed (a join in the locking statement would
   * read the state as it was before the wait, and answer a message twice).
   * A ticket without an automation row gets the defaults; saveStates creates it.
   */
  async lockForRuns(tx: Tx, keys: readonly TicketKey[]): Promise<Locked[]> {
    if (keys.length === 0) return [];
    const locked = await batchReads.lock(tx, idLists(keys));
    const wanted = new Set(keys.map(keyOf));
    const mine = locked
      .map((row) => fromJsonRow(tickets, row) as TicketRow)
      .filter((t) => wanted.has(keyOf({ companyId: t.companyId, ticketId: t.id })));
    if (mine.length === 0) return [];
    const facts = await batchReads.facts(tx, {
      companyIds: mine.map((t) => t.companyId),
      ticketIds: mine.map((t) => t.id),
      contactIds: mine.map((t) => t.contactId),
    });
    const byTicket = new Map(facts.map((f) => [f.ticketId, f]));
    return mine.map((ticket) => {
      const found = byTicket.get(ticket.id);
      return {
        ticket,
        state: found?.state
          ? (fromJsonRow(ticketAutomations, found.state) as AutomationRow)
          : { ...NO_STATE, companyId: ticket.companyId, ticketId: ticket.id },
        contact:
          found?.id == null
            ? null
            : {
                id: found.id,
                name: found.name,
                number: found.number,
                email: found.email,
                disableBot: found.disableBot,
                outOfHoursSentAt: dateOrNull(found.outOfHoursSentAt),
                lgpdAcceptedAt: dateOrNull(found.lgpdAcceptedAt),
              },
      };
    });
  }

  /** The ticket's automation row, created on first use. */
  async state(tx: Tx, companyId: number, ticketId: number): Promise<AutomationRow> {
    const [created] = await tx
      .insert(ticketAutomations)
      .values({ companyId, ticketId })
      .onConflictDoNothing()
      .returning();
    if (created) return created;
    const [row] = await tx
      .select()
      .from(ticketAutomations)
      .where(and(eq(ticketAutomations.companyId, companyId), eq(ticketAutomations.ticketId, ticketId)));
    if (!row) throw new Error("automation row vanished under the ticket's lock");
    return row;
  }

  /** Each ticket's contact messages stored after its watermark, oldest first, at most MESSAGES_PER_RUN each. */
  async contactMessagesOf(
    tx: Tx,
    entries: readonly { companyId: number; ticketId: number; after: number }[],
  ): Promise<Map<number, { id: number; body: string }[]>> {
    const found = new Map<number, { id: number; body: string }[]>();
    if (entries.length === 0) return found;
    const rows = await batchReads.contactMessages(tx, {
      ...idLists(entries),
      after: entries.map((e) => e.after),
    });
    for (const row of rows) {
      const list = found.get(Number(row.ticketId)) ?? [];
      list.push({ id: Number(row.id), body: row.body });
      found.set(Number(row.ticketId), list);
    }
    return found;
  }

  async contact(tx: Tx, companyId: number, contactId: number) {
    const [row] = await tx
      .select({
        id: contacts.id,
        name: contacts.name,
        disableBot: contacts.disableBot,
        outOfHoursSentAt: contacts.outOfHoursSentAt,
        lgpdAcceptedAt: contacts.lgpdAcceptedAt,
      })
      .from(contacts)
      .where(rowOf(contacts, companyId, contactId));
    return row;
  }

  /**
   * Writes the automation rows of a run, due marks included (one statement, the rows as one
   * JSON parameter: a batch's 64 rows as separate parameters cost more to build than to run;
   * creates the rows a first run needs).
   */
  async saveStates(tx: Tx, rows: readonly SavedState[]): Promise<void> {
    if (rows.length === 0) return;
    await batchWrites.saveStates(tx, { rows: JSON.stringify(rows) });
  }

  /** The run found nothing to decide on these due tickets (and saved no state): no longer due. */
  async clearDue(tx: Tx, keys: readonly TicketKey[]): Promise<void> {
    if (keys.length === 0) return;
    await batchWrites.clearDue(tx, idLists(keys));
  }

  async updateTicket(
    tx: Tx,
    companyId: number,
    ticketId: number,
    changes: Partial<TicketRow>,
  ): Promise<TicketRow | undefined> {
    const [row] = await tx
      .update(tickets)
      .set(changes)
      .where(rowOf(tickets, companyId, ticketId))
      .returning();
    return row;
  }

  /**
   * Many runs' ticket changes in one statement (runner.ts writes a batch's at its end): status,
   * queue and user; closedAt when it closes; lastMessage and updatedAt when the bot wrote (the due
   * mark is the state's, saveStates).
   */
  async updateTickets(tx: Tx, now: Date, rows: readonly TicketChange[]): Promise<void> {
    if (rows.length === 0) return;
    const at = now.toISOString();
    await tx.execute(sql`
      UPDATE ${tickets} AS t SET
        status = v.status,
        queue_id = v."queueId",
        user_id = v."userId",
        closed_at = CASE WHEN v.closes THEN ${at}::timestamptz ELSE t.closed_at END,
        last_message = COALESCE(v."lastMessage", t.last_message),
        updated_at = CASE WHEN v."lastMessage" IS NULL THEN t.updated_at ELSE ${at}::timestamptz END
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(
        "companyId" int, "ticketId" int, status text, "queueId" int, "userId" int,
        closes boolean, "lastMessage" text)
      WHERE t.company_id = v."companyId" AND t.id = v."ticketId"`);
  }

  /** Of these tickets, those whose contact has another ticket (not writing for the first time). */
  async contactsSeenBefore(tx: Tx, keys: readonly TicketKey[]): Promise<Set<number>> {
    if (keys.length === 0) return new Set();
    const rows = await tx
      .select({ id: tickets.id })
      .from(tickets)
      .where(
        and(
          ticketsOf(keys),
          sql`EXISTS (SELECT 1 FROM ${tickets} AS o WHERE o.company_id = ${tickets.companyId}
                AND o.contact_id = ${tickets.contactId} AND o.id <> ${tickets.id})`,
        ),
      );
    return new Set(rows.map((r) => r.id));
  }

  async log(
    tx: Tx,
    entry: {
      companyId: number;
      ticketId: number;
      type: "queue" | "open" | "closed" | "chatBot";
      userId: number | null;
      queueId: number | null;
    },
  ): Promise<void> {
    await tx.insert(ticketLogs).values(entry);
  }

  async rate(tx: Tx, entry: { companyId: number; ticketId: number; userId: number | null; rate: number }) {
    await tx.insert(userRatings).values(entry);
  }

  /** The connection's greeting file (connections' media-upload), if it has one. */
  async greetingMedia(tx: Tx, companyId: number, whatsappId: number) {
    const [row] = await tx
      .select({
        path: whatsapps.greetingMediaAttachment,
        name: whatsapps.greetingMediaName,
        type: whatsapps.greetingMediaType,
      })
      .from(whatsapps)
      .where(rowOf(whatsapps, companyId, whatsappId));
    return row?.path
      ? { path: row.path, name: row.name ?? "arquivo", type: row.type ?? "application/octet-stream" }
      : undefined;
  }

  /** The inactivity settings of a connection (rule 5). */
  async inactivityRules(tx: Tx, companyId: number, whatsappId: number) {
    const [row] = await tx
      .select({
        expiresTicket: whatsapps.expiresTicket,
        timeInactiveMessage: whatsapps.timeInactiveMessage,
        inactiveMessage: whatsapps.inactiveMessage,
        whenExpiresTicket: whatsapps.whenExpiresTicket,
        expiresInactiveMessage: whatsapps.expiresInactiveMessage,
      })
      .from(whatsapps)
      .where(rowOf(whatsapps, companyId, whatsappId));
    return row;
  }

  /** The ticket's last message in either direction (private notes aside). */
  async lastMessage(tx: Tx, companyId: number, ticketId: number) {
    const [row] = await tx
      .select({ id: messages.id, fromMe: messages.fromMe, createdAt: messages.createdAt })
      .from(messages)
      .where(ofCompany(messages, companyId, eq(messages.ticketId, ticketId), eq(messages.isPrivate, false)))
      .orderBy(desc(messages.id))
      .limit(1);
    return row;
  }

  /**
   * Open tickets of connections with expiresTicket > 0, idle at least the
   * shorter of their timeInactiveMessage and expiresTicket minutes (a superset:
   * inactivity.ts decides), least recently active first.
   */
  async idleCandidates(limit: number): Promise<{ companyId: number; ticketId: number }[]> {
    const rows = await this.db
      .select({ companyId: tickets.companyId, ticketId: tickets.id })
      .from(tickets)
      .innerJoin(
        whatsapps,
        and(eq(whatsapps.companyId, tickets.companyId), eq(whatsapps.id, tickets.whatsappId)),
      )
      .where(
        and(
          eq(tickets.status, "open"),
          gt(whatsapps.expiresTicket, 0),
          sql`${tickets.updatedAt} < now() - make_interval(mins => least(nullif(${whatsapps.timeInactiveMessage}, 0), ${whatsapps.expiresTicket}))`,
        ),
      )
      .orderBy(asc(tickets.updatedAt))
      .limit(limit);
    return rows;
  }

  /** A file list with its options in id order (sendFiles); undefined once it was deleted. */
  fileList(tx: Tx, companyId: number, id: number) {
    return new FileListsRepo(this.db).find(companyId, id, tx);
  }

  /** What the message variables name ({{firstName}}, {{userName}}, {{queue}}, {{connection}}), in one read. */
  async messageFacts(
    tx: Tx,
    companyId: number,
    ids: {
      contactId: number | null;
      userId: number | null;
      queueId: number | null;
      whatsappId: number | null;
    },
  ) {
    const [row] = await tx
      .select({
        timeZone: companies.timezone,
        contactName: sql<
          string | null
        >`(SELECT name FROM ${contacts} WHERE company_id = ${companyId} AND id = ${ids.contactId})`,
        userName: sql<
          string | null
        >`(SELECT name FROM ${users} WHERE company_id = ${companyId} AND id = ${ids.userId})`,
        queueName: sql<
          string | null
        >`(SELECT name FROM ${queues} WHERE company_id = ${companyId} AND id = ${ids.queueId})`,
        connectionName: sql<
          string | null
        >`(SELECT name FROM ${whatsapps} WHERE company_id = ${companyId} AND id = ${ids.whatsappId})`,
      })
      .from(companies)
      .where(eq(companies.id, companyId));
    return row;
  }

  /** Waiting tickets of the queue that came before this one, plus one. */
  async queuePosition(tx: Tx, companyId: number, queueId: number, ticketId: number): Promise<number> {
    const [row] = await tx
      .select({ ahead: sql<number>`count(*)::int` })
      .from(tickets)
      .where(
        ofCompany(
          tickets,
          companyId,
          eq(tickets.queueId, queueId),
          eq(tickets.status, "pending"),
          isNull(tickets.userId),
          lt(tickets.id, ticketId),
        ),
      );
    return (row?.ahead ?? 0) + 1;
  }

  async acceptLgpd(tx: Tx, companyId: number, contactId: number, at: Date): Promise<void> {
    await tx
      .update(contacts)
      .set({ lgpdAcceptedAt: at })
      .where(rowOf(contacts, companyId, contactId));
  }

  async markOutOfHoursSent(tx: Tx, companyId: number, contactId: number, at: Date): Promise<void> {
    await tx
      .update(contacts)
      .set({ outOfHoursSentAt: at })
      .where(rowOf(contacts, companyId, contactId));
  }

  /** Tickets whose contact messages waited longer than `seconds` (a crash, a lost run): the sweeper's. */
  async overdueTickets(seconds: number, limit: number): Promise<{ companyId: number; ticketId: number }[]> {
    return this.db
      .select({ companyId: ticketAutomations.companyId, ticketId: ticketAutomations.ticketId })
      .from(ticketAutomations)
      .where(
        and(
          isNotNull(ticketAutomations.dueAt),
          lte(ticketAutomations.dueAt, sql`now() - make_interval(secs => ${seconds})`),
        ),
      )
      .orderBy(asc(ticketAutomations.dueAt))
      .limit(limit);
  }

  /** Timers due longer than `seconds` ago whose job did not run them. */
  async overdueTimers(
    seconds: number,
    limit: number,
  ): Promise<{ companyId: number; ticketId: number; token: number }[]> {
    return this.db
      .select({
        companyId: ticketAutomations.companyId,
        ticketId: ticketAutomations.ticketId,
        token: ticketAutomations.timerToken,
      })
      .from(ticketAutomations)
      .where(
        and(
          isNotNull(ticketAutomations.timerAt),
          lte(ticketAutomations.timerAt, sql`now() - make_interval(secs => ${seconds})`),
        ),
      )
      .orderBy(asc(ticketAutomations.timerAt))
      .limit(limit);
  }
}

/** The vacation or out-of-hours answer goes to a contact at most once in this many minutes. */
export const OUT_OF_HOURS_REPEAT_MINUTES = 120;

const keyOf = (key: TicketKey) => `${key.companyId}:${key.ticketId}`;

/**
 * These tickets, found by primary key: `id = ANY(...)` with the companies as
 * a filter. (A row-value IN over (company_id, id) made the planner AND a
 * bitmap of the whole company's tickets, a cost that grows with the company.)
 * Ids are unique across companies; callers keep only the exact pairs asked.
 */
function ticketsOf(keys: readonly TicketKey[]) {
  return and(
    inArray(
      tickets.id,
      keys.map((k) => k.ticketId),
    ),
    inArray(tickets.companyId, [...new Set(keys.map((k) => k.companyId))]),
  );
}

/** A batch's keys as the batch statements' array parameters, aligned by position. */
function idLists(keys: readonly TicketKey[]) {
  return { companyIds: keys.map((k) => k.companyId), ticketIds: keys.map((k) => k.ticketId) };
}

const dateOrNull = (value: string | Date | null) => (value === null ? null : new Date(value));
