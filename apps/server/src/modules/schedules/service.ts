import {
  firstOccurrence,
  isScheduleMedia,
  LIMITS,
  naiveTimeToInstant,
  recurrenceIssues,
  SCHEDULE_INVALID_DATE_MESSAGE,
  SCHEDULE_MEDIA_TYPE_MESSAGE,
  type ScheduleCreateInput,
  type ScheduleDto,
  type ScheduleEventPayload,
  type ScheduleIntervalo,
  type ScheduleList,
  type ScheduleListQuery,
  type ScheduleRecurrence,
  type ScheduleSendAt,
  type ScheduleTipoDias,
  type ScheduleUpdateInput,
} from "@inbox/shared";
import type { Db } from "../../db/client.js";
import { AppError } from "../../http/app-error.js";
import type { RequestContext } from "../../http/context.js";
import type { Realtime } from "../../realtime/realtime.js";
import type { Storage } from "../../storage/storage.js";
import type { TicketsService } from "../tickets/service.js";
import { authorize } from "./policy.js";
import { presentSchedule } from "./presenter.js";
import { type NewSchedule, SchedulesRepo, type ScheduleWithRefs } from "./repo.js";

/** Asks for a send at a given time (a pg-boss job with startAfter); the due sweep is the safety net. */
export interface ScheduleTimer {
  at(companyId: number, scheduleId: number, sendAt: Date): Promise<void>;
}

export interface SchedulesServiceDeps {
  db: Db;
  realtime: Realtime;
  storage: Storage;
  /** A schedule made from a ticket names one the user may see. */
  tickets: Pick<TicketsService, "findVisibleById">;
  timer?: ScheduleTimer;
  logger: { warn(obj: object, msg: string): void };
}

export interface ScheduleUpload {
  filename: string;
  mimeType: string;
  bytes: Buffer;
}

/**
 * Scheduled messages (spec 3 sections 3, 7): list, show, create, update,
 * delete and the attachment. Every state change goes through here and is
 * announced on company-{id}-schedule. Sending is ScheduleSender's (sender.ts).
 */
export class SchedulesService {
  readonly repo: SchedulesRepo;

  constructor(private readonly deps: SchedulesServiceDeps) {
    this.repo = new SchedulesRepo(deps.db);
  }

  async list(ctx: RequestContext, query: ScheduleListQuery): Promise<ScheduleList> {
    const size = LIMITS.pageSize;
    const { rows, count } = await this.repo.list(
      ctx.companyId,
      {
        search: query.searchParam,
        contactId: query.contactId,
        from: query.from ? new Date(query.from) : undefined,
        to: query.to ? new Date(query.to) : undefined,
      },
      { number: query.pageNumber, size },
    );
    return { schedules: rows.map(presentSchedule), count, hasMore: query.pageNumber * size < count };
  }

  async show(ctx: RequestContext, id: number): Promise<ScheduleDto> {
    return presentSchedule(await this.find(ctx, id));
  }

  async create(ctx: RequestContext, input: ScheduleCreateInput): Promise<ScheduleDto> {
    const refs = await this.refs(ctx, input);
    const timeZone = await this.repo.timeZone(ctx.companyId);
    const timing = timingOf(resolveSendAt(input.sendAt, timeZone), recurrenceOf(input), timeZone);
    const row = await this.repo.transaction(async (tx) => {
      const inserted = await this.repo.insert(
        ctx.companyId,
        { body: input.body, userId: ctx.user.id, status: "pending", ...refs, ...timing },
        tx,
      );
      // The first occurrence names its own series.
      if (timing.intervalo === null) return inserted;
      return (await this.repo.update(ctx.companyId, inserted.id, { seriesId: inserted.id }, tx)) ?? inserted;
    });
    const dto = await this.announce(ctx.companyId, "create", row.id);
    await this.wake(ctx.companyId, row.id, row.sendAt);
    return dto;
  }

  /**
   * PUT /schedules/{id}: the fields given replace the stored ones. A sent
   * schedule (or one being sent) cannot change; a failed or cancelled one
   * becomes pending again and is sent at its (new) sendAt.
   */
  async update(ctx: RequestContext, id: number, input: ScheduleUpdateInput): Promise<ScheduleDto> {
    const current = await this.findChangeable(ctx, id);
    const contactId = input.contactId ?? current.contactId;
    const whatsappId = input.whatsappId === undefined ? current.whatsappId : input.whatsappId;
    const sameTicket = input.ticketId === undefined && contactId === current.contactId;
    // The stored ticket is kept as it is (it may have moved out of the user's sight since);
    // a new contact drops the old contact's ticket unless one is named.
    const refs = await this.refs(ctx, {
      contactId,
      ticketId: sameTicket ? null : input.ticketId,
      whatsappId,
    });
    if (sameTicket) refs.ticketId = current.ticketId;
    const recurrence = {
      intervalo: input.intervalo === undefined ? current.intervalo : input.intervalo,
      valorIntervalo: input.valorIntervalo === undefined ? current.valorIntervalo : input.valorIntervalo,
      enviarQuantasVezes:
        input.enviarQuantasVezes === undefined ? current.enviarQuantasVezes : input.enviarQuantasVezes,
      tipoDias: input.tipoDias ?? current.tipoDias,
    };
    const [issue] = recurrenceIssues(recurrence);
    if (issue) throw new AppError("ERR_VALIDATION", issue);
    const retimed =
      input.sendAt !== undefined ||
      input.intervalo !== undefined ||
      input.valorIntervalo !== undefined ||
      input.enviarQuantasVezes !== undefined ||
      input.tipoDias !== undefined;
    let timing: Partial<NewSchedule> = {};
    if (retimed) {
      // The (new) time is this occurrence's nominal one: the series counts on from it.
      const timeZone = await this.repo.timeZone(ctx.companyId);
      const start =
        input.sendAt === undefined
          ? (current.recurrenceStartAt ?? current.sendAt)
          : resolveSendAt(input.sendAt, timeZone);
      timing = timingOf(start, recurrenceOf(recurrence), timeZone);
      if (timing.intervalo !== null) timing.seriesId = current.seriesId ?? current.id;
      delete timing.occurrence;
    }
    const values: Partial<NewSchedule> = {
      ...refs,
      ...(input.body === undefined ? {} : { body: input.body }),
      ...timing,
      status: "pending",
      messageId: null,
      sendError: null,
      sentAt: null,
    };
    const row = await this.repo.update(ctx.companyId, id, values);
    if (!row) throw notFound();
    const dto = await this.announce(ctx.companyId, "update", id);
    // A new time, or a failed schedule pending again, needs its own timer; the old one finds nothing to do.
    if (row.sendAt.getTime() !== current.sendAt.getTime() || current.status !== "pending")
      await this.wake(ctx.companyId, id, row.sendAt);
    return dto;
  }

  async delete(ctx: RequestContext, id: number): Promise<void> {
    const current = await this.find(ctx, id);
    authorize(ctx.user, "schedule:change", current);
    const row = await this.repo.delete(ctx.companyId, id);
    if (!row) throw notFound();
    await this.removeFile(ctx.companyId, row.mediaPath, id);
    this.emit(ctx.companyId, { action: "delete", scheduleId: id });
  }

  /** POST /schedules/{id}/media-upload: one png, jpg or jpeg replaces the attachment (spec 1 section 5). */
  async setMedia(ctx: RequestContext, id: number, file: ScheduleUpload | undefined): Promise<ScheduleDto> {
    const current = await this.findChangeable(ctx, id);
    if (!file) throw new AppError("ERR_VALIDATION", { field: "file", message: "Obrigatório" });
    if (!isScheduleMedia(file.filename, file.mimeType))
      throw new AppError("ERR_VALIDATION", { field: "file", message: SCHEDULE_MEDIA_TYPE_MESSAGE });
    const saved = await this.deps.storage.save(ctx.companyId, "schedules", {
      bytes: file.bytes,
      name: file.filename,
      declaredType: file.mimeType,
      use: "image",
    });
    const mediaPath = saved.path;
    const mediaName = saved.name;
    const row = await this.repo.update(ctx.companyId, id, { mediaPath, mediaName });
    if (!row) {
      await this.deps.storage.remove(mediaPath);
      throw notFound();
    }
    await this.removeFile(ctx.companyId, current.mediaPath, id);
    return this.announce(ctx.companyId, "update", id);
  }

  /** DELETE /schedules/{id}/media-upload: the schedule goes without its attachment. */
  async removeMedia(ctx: RequestContext, id: number): Promise<ScheduleDto> {
    const current = await this.findChangeable(ctx, id);
    await this.repo.update(ctx.companyId, id, { mediaPath: null, mediaName: null });
    await this.removeFile(ctx.companyId, current.mediaPath, id);
    return this.announce(ctx.companyId, "update", id);
  }

  private async find(ctx: RequestContext, id: number): Promise<ScheduleWithRefs> {
    const row = await this.repo.findById(ctx.companyId, id);
    if (!row) throw notFound();
    return row;
  }

  /** The schedule, if the user may change it and it is not sent nor being sent. */
  private async findChangeable(ctx: RequestContext, id: number): Promise<ScheduleWithRefs> {
    const row = await this.find(ctx, id);
    authorize(ctx.user, "schedule:change", row);
    if (row.status === "completed" || (row.status === "pending" && row.messageId !== null))
      throw new AppError("ERR_VALIDATION", { field: "status", message: "The schedule was already sent" });
    return row;
  }

  /** Contact, ticket and connection named by the input, each checked against the company (and the ticket against the user). */
  private async refs(
    ctx: RequestContext,
    input: { contactId: number; ticketId?: number | null; whatsappId?: number | null },
  ): Promise<Pick<NewSchedule, "contactId" | "ticketId" | "whatsappId">> {
    const contact = await this.repo.contact(ctx.companyId, input.contactId);
    if (!contact) throw new AppError("ERR_NO_CONTACT_FOUND");
    let whatsappId = input.whatsappId ?? null;
    let ticketId: number | null = null;
    if (input.ticketId !== undefined && input.ticketId !== null) {
      const { ticket } = await this.deps.tickets.findVisibleById(ctx, input.ticketId);
      if (ticket.contactId !== contact.id)
        throw new AppError("ERR_VALIDATION", {
          field: "ticketId",
          message: "The ticket is not the contact's",
        });
      ticketId = ticket.id;
      whatsappId ??= ticket.whatsappId;
    }
    if (whatsappId !== null && !(await this.repo.connection(ctx.companyId, whatsappId)))
      throw new AppError("ERR_NO_WAPP_FOUND");
    return { contactId: contact.id, ticketId, whatsappId };
  }

  /** The file goes unless another occurrence of the series still sends it. */
  private async removeFile(companyId: number, path: string | null, id: number): Promise<void> {
    if (path && !(await this.repo.mediaShared(companyId, path, id))) await this.deps.storage.remove(path);
  }

  private async wake(companyId: number, id: number, sendAt: Date): Promise<void> {
    // The due sweep sends it anyway within a minute: a timer that could not be set is not an error.
    await this.deps.timer
      ?.at(companyId, id, sendAt)
      .catch((err) => this.deps.logger.warn({ err, scheduleId: id }, "schedule timer not set"));
  }

  private async announce(companyId: number, action: "create" | "update", id: number): Promise<ScheduleDto> {
    const row = await this.repo.findById(companyId, id);
    if (!row) throw notFound();
    const schedule = presentSchedule(row);
    this.emit(companyId, { action, schedule });
    return schedule;
  }

  private emit(companyId: number, payload: ScheduleEventPayload): void {
    this.deps.realtime.toCompany(companyId, "schedule", payload);
  }
}

/** A wall-clock sendAt is the company's time, not UTC (issue 12). */
function resolveSendAt(value: ScheduleSendAt, timeZone: string): Date {
  if ("instant" in value) return value.instant;
  const instant = naiveTimeToInstant(value.wallTime, timeZone);
  if (!instant)
    throw new AppError("ERR_VALIDATION", { field: "sendAt", message: SCHEDULE_INVALID_DATE_MESSAGE });
  return instant;
}

function recurrenceOf(input: {
  intervalo?: number | null;
  valorIntervalo?: number | null;
  enviarQuantasVezes?: number | null;
  tipoDias?: number;
}): ScheduleRecurrence | undefined {
  const { intervalo, valorIntervalo, enviarQuantasVezes } = input;
  if (!intervalo || !valorIntervalo || !enviarQuantasVezes) return undefined;
  return {
    intervalo: intervalo as ScheduleIntervalo,
    valorIntervalo,
    enviarQuantasVezes,
    tipoDias: (input.tipoDias ?? 4) as ScheduleTipoDias,
  };
}

/** sendAt and the recurrence columns of a schedule (re)starting its series at `start`. */
function timingOf(start: Date, rule: ScheduleRecurrence | undefined, timeZone: string) {
  if (!rule)
    return {
      sendAt: start,
      intervalo: null,
      valorIntervalo: null,
      enviarQuantasVezes: null,
      tipoDias: 4,
      recurrenceStartAt: null,
      recurrenceStep: 0,
      occurrence: 1,
    } satisfies Partial<NewSchedule>;
  return {
    sendAt: firstOccurrence(start, rule, timeZone).sendAt,
    ...rule,
    recurrenceStartAt: start,
    recurrenceStep: 0,
    occurrence: 1,
  } satisfies Partial<NewSchedule>;
}

const notFound = () => new AppError("ERR_NOT_FOUND", { message: "Schedule not found" });
