import { and, asc, desc, eq, gt, isNotNull, isNull, lt, lte, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.js";
import {
  chatbots,
  companies,
  companySettings,
  contacts,
  messages,
  queues,
  ticketAutomations,
  ticketLogs,
  tickets,
  userRatings,
  users,
  whatsappQueues,
  whatsapps,
} from "../db/schema/index.js";
import { ofCompany, rowOf } from "../db/tenant-scope.js";
import type { TicketRow } from "../modules/tickets/presenter.js";
import type { ScheduleDay } from "./hours.js";
import type { OptionNode, QueueInfo, World } from "./machine.js";

export type AutomationRow = typeof ticketAutomations.$inferSelect;

/** How many contact messages one run decides on; the rest go to the next run. */
export const MESSAGES_PER_RUN = 50;

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
   * The ticket locked, then its contact's bot facts and its automation row.
   * The second read is its own statement on purpose: under READ COMMITTED it
   * starts after the lock is granted, so it sees what the run that held the
   * lock committed (a join in the locking statement would read the state as
   * it was before the wait, and answer a message twice).
   */
  async lockForRun(tx: Tx, companyId: number, ticketId: number) {
    const ticket = await this.lockTicket(tx, companyId, ticketId);
    if (!ticket) return undefined;
    const [found] = await tx
      .select({
        state: ticketAutomations,
        contact: {
          id: contacts.id,
          name: contacts.name,
          disableBot: contacts.disableBot,
          outOfHoursSentAt: contacts.outOfHoursSentAt,
          lgpdAcceptedAt: contacts.lgpdAcceptedAt,
        },
      })
      .from(tickets)
      .leftJoin(
        ticketAutomations,
        and(eq(ticketAutomations.companyId, tickets.companyId), eq(ticketAutomations.ticketId, tickets.id)),
      )
      .leftJoin(contacts, and(eq(contacts.companyId, tickets.companyId), eq(contacts.id, tickets.contactId)))
      .where(rowOf(tickets, companyId, ticketId));
    return {
      ticket,
      state: found?.state ?? (await this.state(tx, companyId, ticketId)),
      contact: found?.contact ?? null,
    };
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

  /** Contact messages stored after the watermark, oldest first. */
  async contactMessages(tx: Tx, companyId: number, ticketId: number, after: number) {
    return tx
      .select({ id: messages.id, body: messages.body })
      .from(messages)
      .where(
        ofCompany(
          messages,
          companyId,
          eq(messages.ticketId, ticketId),
          eq(messages.fromMe, false),
          gt(messages.id, after),
        ),
      )
      .orderBy(asc(messages.id))
      .limit(MESSAGES_PER_RUN);
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

  /** Everything the machine reads besides the ticket, the contact and its state. */
  async world(
    tx: Db | Tx,
    companyId: number,
    whatsappId: number,
  ): Promise<Omit<World, "now" | "ticket" | "contact"> | undefined> {
    const [connection] = await tx
      .select({
        name: whatsapps.name,
        greetingMessage: whatsapps.greetingMessage,
        outOfHoursMessage: whatsapps.outOfHoursMessage,
        schedules: whatsapps.schedules,
        maxUseBotQueues: whatsapps.maxUseBotQueues,
        timeUseBotQueues: whatsapps.timeUseBotQueues,
        timeSendQueue: whatsapps.timeSendQueue,
        sendIdQueue: whatsapps.sendIdQueue,
        collectiveVacationStart: whatsapps.collectiveVacationStart,
        collectiveVacationEnd: whatsapps.collectiveVacationEnd,
        collectiveVacationMessage: whatsapps.collectiveVacationMessage,
        ratingMessage: whatsapps.ratingMessage,
        complationMessage: whatsapps.complationMessage,
        expiresTicketNPS: whatsapps.expiresTicketNPS,
        maxUseBotQueuesNPS: whatsapps.maxUseBotQueuesNPS,
      })
      .from(whatsapps)
      .where(rowOf(whatsapps, companyId, whatsappId));
    if (!connection) return undefined;
    const [company] = await tx
      .select({
        timezone: companies.timezone,
        scheduleType: companySettings.scheduleType,
        sendGreetingMessageOneQueues: companySettings.sendGreetingMessageOneQueues,
        schedules: companies.schedules,
        enableLGPD: companySettings.enableLGPD,
        lgpdConsent: companySettings.lgpdConsent,
        lgpdMessage: companySettings.lgpdMessage,
        lgpdLink: companySettings.lgpdLink,
        sendQueuePosition: companySettings.sendQueuePosition,
        sendQueuePositionMessage: companySettings.sendQueuePositionMessage,
      })
      .from(companies)
      .leftJoin(companySettings, eq(companySettings.companyId, companies.id))
      .where(eq(companies.id, companyId));
    const linked = await tx
      .select({ queueId: whatsappQueues.queueId })
      .from(whatsappQueues)
      .where(ofCompany(whatsappQueues, companyId, eq(whatsappQueues.whatsappId, whatsappId)));
    const all = await this.queues(tx, companyId);
    const linkedIds = new Set(linked.map((l) => l.queueId));
    return {
      timeZone: company?.timezone ?? "America/Sao_Paulo",
      connection: {
        ...connection,
        schedules: (connection.schedules ?? []) as ScheduleDay[],
        queues: all.filter((q) => linkedIds.has(q.id)),
      },
      settings: {
        scheduleType: company?.scheduleType ?? "disabled",
        sendGreetingMessageOneQueues: company?.sendGreetingMessageOneQueues === "enabled",
        companySchedules: company?.schedules ?? [],
        lgpd: {
          enabled: company?.enableLGPD === "enabled",
          consent: company?.lgpdConsent === "enabled",
          message: company?.lgpdMessage ?? null,
          link: company?.lgpdLink ?? null,
        },
        queuePositionMessage:
          company?.sendQueuePosition === "enabled" ? (company.sendQueuePositionMessage ?? null) : null,
        outOfHoursRepeatMinutes: OUT_OF_HOURS_REPEAT_MINUTES,
      },
      queuesById: new Map(all.map((q) => [q.id, q])),
    };
  }

  /** The company's queues in menu order, each with its chatbot option tree. */
  private async queues(tx: Db | Tx, companyId: number): Promise<QueueInfo[]> {
    const rows = await tx
      .select({
        id: queues.id,
        name: queues.name,
        greetingMessage: queues.greetingMessage,
        outOfHoursMessage: queues.outOfHoursMessage,
        schedules: queues.schedules,
      })
      .from(queues)
      .where(eq(queues.companyId, companyId))
      .orderBy(sql`${queues.orderQueue} ASC NULLS LAST`, asc(queues.id));
    const options = await tx
      .select()
      .from(chatbots)
      .where(eq(chatbots.companyId, companyId))
      .orderBy(asc(chatbots.id));
    const nodes = new Map<number, OptionNode>(
      options.map((o) => [
        o.id,
        {
          id: o.id,
          name: o.name,
          greetingMessage: o.greetingMessage,
          queueType: o.queueType,
          closeTicket: o.closeTicket,
          optQueueId: o.optQueueId,
          optUserId: o.optUserId,
          optIntegrationId: o.optIntegrationId,
          optFileId: o.optFileId,
          options: [],
        },
      ]),
    );
    const topLevel = new Map<number, OptionNode[]>();
    for (const o of options) {
      const node = nodes.get(o.id) as OptionNode;
      if (o.chatbotId !== null) nodes.get(o.chatbotId)?.options.push(node);
      else if (o.queueId !== null) topLevel.set(o.queueId, [...(topLevel.get(o.queueId) ?? []), node]);
    }
    return rows.map((q) => ({
      ...q,
      schedules: (q.schedules ?? []) as ScheduleDay[],
      options: topLevel.get(q.id) ?? [],
    }));
  }

  async saveState(
    tx: Tx,
    companyId: number,
    ticketId: number,
    values: Pick<AutomationRow, "state" | "handledMessageId" | "timerAt" | "timerToken">,
  ): Promise<void> {
    await tx
      .update(ticketAutomations)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(ticketAutomations.companyId, companyId), eq(ticketAutomations.ticketId, ticketId)));
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
      .select({ companyId: tickets.companyId, ticketId: tickets.id })
      .from(tickets)
      .where(
        and(
          isNotNull(tickets.automationDueAt),
          lte(tickets.automationDueAt, sql`now() - make_interval(secs => ${seconds})`),
        ),
      )
      .orderBy(asc(tickets.automationDueAt))
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
