import { and, asc, count, eq, gte, ilike, lt, lte, ne, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import {
  companies,
  contacts,
  messages,
  schedules,
  tickets,
  users,
  whatsapps,
} from "../../db/schema/index.js";
import { ofCompany, rowOf } from "../../db/tenant-scope.js";
import { escapeLike } from "../users/repo.js";

type Runner = Db | Tx;
export type ScheduleRow = typeof schedules.$inferSelect;
export type NewSchedule = Omit<typeof schedules.$inferInsert, "id" | "companyId" | "createdAt" | "updatedAt">;
/** A schedule with the names its answers show. */
export type ScheduleWithRefs = ScheduleRow & {
  contactName: string;
  userName: string | null;
  whatsappName: string | null;
  /** The company's time zone (the recurrence is counted in it). */
  timeZone: string;
};

export interface ScheduleFilters {
  search: string;
  contactId?: number;
  /** sendAt in [from, to): the calendar's visible range. */
  from?: Date;
  to?: Date;
}

/** Every query of the schedules room; each takes the company it works in (the due sweep reads across them). */
export class SchedulesRepo {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /**
   * One page ordered by sendAt then id (a total order, so paging shows each
   * schedule exactly once); served by schedules_company_send_at_idx.
   */
  async list(
    companyId: number,
    filters: ScheduleFilters,
    page: { number: number; size: number },
  ): Promise<{ rows: ScheduleWithRefs[]; count: number }> {
    const term = filters.search.trim();
    const where = ofCompany(
      schedules,
      companyId,
      filters.contactId === undefined ? undefined : eq(schedules.contactId, filters.contactId),
      filters.from ? gte(schedules.sendAt, filters.from) : undefined,
      filters.to ? lt(schedules.sendAt, filters.to) : undefined,
      term
        ? or(ilike(schedules.body, `%${escapeLike(term)}%`), ilike(contacts.name, `%${escapeLike(term)}%`))
        : undefined,
    );
    const [rows, [total]] = await Promise.all([
      this.withRefs(this.db)
        .where(where)
        .orderBy(asc(schedules.sendAt), asc(schedules.id))
        .limit(page.size)
        .offset((page.number - 1) * page.size),
      this.db
        .select({ value: count() })
        .from(schedules)
        .innerJoin(
          contacts,
          and(eq(contacts.id, schedules.contactId), eq(contacts.companyId, schedules.companyId)),
        )
        .where(where),
    ]);
    return { rows, count: Number(total?.value ?? 0) };
  }

  async findById(companyId: number, id: number, runner: Runner = this.db) {
    const [row] = await this.withRefs(runner)
      .where(rowOf(schedules, companyId, id))
      .limit(1);
    return row as ScheduleWithRefs | undefined;
  }

  async insert(companyId: number, values: NewSchedule, runner: Runner = this.db): Promise<ScheduleRow> {
    const [row] = await runner
      .insert(schedules)
      .values({ ...values, companyId })
      .returning();
    if (!row) throw new Error("schedule insert returned no row");
    return row;
  }

  async update(
    companyId: number,
    id: number,
    values: Partial<NewSchedule>,
    runner: Runner = this.db,
  ): Promise<ScheduleRow | undefined> {
    const [row] = await runner
      .update(schedules)
      .set({ ...values, updatedAt: new Date() })
      .where(rowOf(schedules, companyId, id))
      .returning();
    return row;
  }

  /**
   * The next occurrence of a series, unless it exists already (the unique
   * (companyId, seriesId, occurrence) index): answers the new row or undefined.
   */
  async insertOccurrence(tx: Tx, companyId: number, values: NewSchedule): Promise<ScheduleRow | undefined> {
    const [row] = await tx
      .insert(schedules)
      .values({ ...values, companyId })
      .onConflictDoNothing()
      .returning();
    return row;
  }

  /** The company's time zone (companies.timezone). */
  async timeZone(companyId: number, runner: Runner = this.db): Promise<string> {
    const [row] = await runner
      .select({ timeZone: companies.timezone })
      .from(companies)
      .where(eq(companies.id, companyId))
      .limit(1);
    return row?.timeZone ?? "America/Sao_Paulo";
  }

  /** Whether another schedule of the company uses the file (the occurrences of a series share one). */
  async mediaShared(companyId: number, path: string, exceptId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: schedules.id })
      .from(schedules)
      .where(ofCompany(schedules, companyId, eq(schedules.mediaPath, path), ne(schedules.id, exceptId)))
      .limit(1);
    return row !== undefined;
  }

  async delete(companyId: number, id: number): Promise<ScheduleRow | undefined> {
    const [row] = await this.db
      .delete(schedules)
      .where(rowOf(schedules, companyId, id))
      .returning();
    return row;
  }

  /** The schedule, locked until the transaction ends: one sender prepares it at a time. */
  async lock(tx: Tx, companyId: number, id: number): Promise<ScheduleRow | undefined> {
    const [row] = await tx
      .select()
      .from(schedules)
      .where(rowOf(schedules, companyId, id))
      .for("update");
    return row;
  }

  async contact(companyId: number, id: number, runner: Runner = this.db) {
    const [row] = await runner
      .select()
      .from(contacts)
      .where(rowOf(contacts, companyId, id))
      .limit(1);
    return row;
  }

  async connection(companyId: number, id: number, runner: Runner = this.db) {
    const [row] = await runner
      .select()
      .from(whatsapps)
      .where(rowOf(whatsapps, companyId, id))
      .limit(1);
    return row;
  }

  /** The company's default connection, else its first one. */
  async defaultConnection(companyId: number, runner: Runner = this.db) {
    const [row] = await runner
      .select()
      .from(whatsapps)
      .where(eq(whatsapps.companyId, companyId))
      .orderBy(sql`${whatsapps.isDefault} desc`, asc(whatsapps.id))
      .limit(1);
    return row;
  }

  async ticket(companyId: number, id: number, runner: Runner = this.db) {
    const [row] = await runner
      .select()
      .from(tickets)
      .where(rowOf(tickets, companyId, id))
      .limit(1);
    return row;
  }

  async user(companyId: number, id: number, runner: Runner = this.db) {
    const [row] = await runner
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(rowOf(users, companyId, id))
      .limit(1);
    return row;
  }

  async message(companyId: number, id: number) {
    const [row] = await this.db
      .select()
      .from(messages)
      .where(rowOf(messages, companyId, id))
      .limit(1);
    return row;
  }

  /** Pending schedules whose time has come, oldest first, across companies (schedules_due_idx). */
  async due(limit: number, now: Date): Promise<{ id: number; companyId: number }[]> {
    return this.db
      .select({ id: schedules.id, companyId: schedules.companyId })
      .from(schedules)
      .where(and(eq(schedules.status, "pending"), lte(schedules.sendAt, now)))
      .orderBy(asc(schedules.sendAt), asc(schedules.id))
      .limit(limit);
  }

  /** Moves a pending schedule to its outcome; answers undefined when it was not pending any more. */
  async settle(
    companyId: number,
    id: number,
    outcome: { status: "completed"; sentAt: Date } | { status: "error"; sendError: string },
  ): Promise<ScheduleRow | undefined> {
    const [row] = await this.db
      .update(schedules)
      .set({ ...outcome, updatedAt: new Date() })
      .where(ofCompany(schedules, companyId, eq(schedules.id, id), eq(schedules.status, "pending")))
      .returning();
    return row;
  }

  private withRefs(runner: Runner) {
    return runner
      .select({
        ...SCHEDULE_COLUMNS,
        contactName: contacts.name,
        userName: users.name,
        whatsappName: whatsapps.name,
        timeZone: companies.timezone,
      })
      .from(schedules)
      .innerJoin(companies, eq(companies.id, schedules.companyId))
      .innerJoin(
        contacts,
        and(eq(contacts.id, schedules.contactId), eq(contacts.companyId, schedules.companyId)),
      )
      .leftJoin(users, and(eq(users.id, schedules.userId), eq(users.companyId, schedules.companyId)))
      .leftJoin(
        whatsapps,
        and(eq(whatsapps.id, schedules.whatsappId), eq(whatsapps.companyId, schedules.companyId)),
      )
      .$dynamic();
  }
}

const SCHEDULE_COLUMNS = {
  id: schedules.id,
  companyId: schedules.companyId,
  contactId: schedules.contactId,
  ticketId: schedules.ticketId,
  userId: schedules.userId,
  whatsappId: schedules.whatsappId,
  body: schedules.body,
  sendAt: schedules.sendAt,
  sentAt: schedules.sentAt,
  status: schedules.status,
  mediaPath: schedules.mediaPath,
  mediaName: schedules.mediaName,
  messageId: schedules.messageId,
  sendError: schedules.sendError,
  intervalo: schedules.intervalo,
  valorIntervalo: schedules.valorIntervalo,
  enviarQuantasVezes: schedules.enviarQuantasVezes,
  tipoDias: schedules.tipoDias,
  seriesId: schedules.seriesId,
  occurrence: schedules.occurrence,
  recurrenceStartAt: schedules.recurrenceStartAt,
  recurrenceStep: schedules.recurrenceStep,
  createdAt: schedules.createdAt,
  updatedAt: schedules.updatedAt,
};
