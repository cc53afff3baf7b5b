import {
  isScheduleMedia,
  LIMITS,
  SCHEDULE_MEDIA_TYPE_MESSAGE,
  type ScheduleCreateInput,
  type ScheduleDto,
  type ScheduleEventPayload,
  type ScheduleList,
  type ScheduleListQuery,
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
      { search: query.searchParam, contactId: query.contactId },
      { number: query.pageNumber, size },
    );
    return { schedules: rows.map(presentSchedule), count, hasMore: query.pageNumber * size < count };
  }

  async show(ctx: RequestContext, id: number): Promise<ScheduleDto> {
    return presentSchedule(await this.find(ctx, id));
  }

  async create(ctx: RequestContext, input: ScheduleCreateInput): Promise<ScheduleDto> {
    const refs = await this.refs(ctx, input);
    const row = await this.repo.insert(ctx.companyId, {
      body: input.body,
      sendAt: input.sendAt,
      userId: ctx.user.id,
      status: "pending",
      ...refs,
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
    const values: Partial<NewSchedule> = {
      ...refs,
      ...(input.body === undefined ? {} : { body: input.body }),
      ...(input.sendAt === undefined ? {} : { sendAt: input.sendAt }),
      status: "pending",
      messageId: null,
      sendError: null,
      sentAt: null,
    };
    const row = await this.repo.update(ctx.companyId, id, values);
    if (!row) throw notFound();
    const dto = await this.announce(ctx.companyId, "update", id);
    // A new time, or a failed schedule pending again, needs its own timer; the old one finds nothing to do.
    if (input.sendAt !== undefined || current.status !== "pending")
      await this.wake(ctx.companyId, id, row.sendAt);
    return dto;
  }

  async delete(ctx: RequestContext, id: number): Promise<void> {
    const current = await this.find(ctx, id);
    authorize(ctx.user, "schedule:change", current);
    const row = await this.repo.delete(ctx.companyId, id);
    if (!row) throw notFound();
    if (row.mediaPath) await this.deps.storage.remove(row.mediaPath);
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
    if (current.mediaPath) await this.deps.storage.remove(current.mediaPath);
    return this.announce(ctx.companyId, "update", id);
  }

  /** DELETE /schedules/{id}/media-upload: the schedule goes without its attachment. */
  async removeMedia(ctx: RequestContext, id: number): Promise<ScheduleDto> {
    const current = await this.findChangeable(ctx, id);
    await this.repo.update(ctx.companyId, id, { mediaPath: null, mediaName: null });
    if (current.mediaPath) await this.deps.storage.remove(current.mediaPath);
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

const notFound = () => new AppError("ERR_NOT_FOUND", { message: "Schedule not found" });
