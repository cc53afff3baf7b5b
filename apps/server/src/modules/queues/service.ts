import {
  CHATBOT_MAX_DEPTH,
  type ChatbotCreateInput,
  type ChatbotOptionDto,
  type ChatbotOptionInput,
  type ChatbotUpdateInput,
  QUEUE_MESSAGES,
  type QueueCreateInput,
  type QueueDetailDto,
  type QueueDto,
  type QueueEventPayload,
  type QueueUpdateInput,
} from "@inbox/shared";
import type { Db, Tx } from "../../db/client.js";
import { queueIntegrations } from "../../db/schema/index.js";
import { rowOf } from "../../db/tenant-scope.js";
import { AppError } from "../../http/app-error.js";
import type { RequestContext } from "../../http/context.js";
import type { Realtime } from "../../realtime/realtime.js";
import type { TicketEvents } from "../../realtime/ticket-events.js";
import { CompaniesRepo } from "../companies/repo.js";
import type { ConnectionAnnouncer } from "../connections/announcer.js";
import { FileListsRepo } from "../files/repo.js";
import { TicketsRepo } from "../tickets/repo.js";
import { presentDetail } from "../tickets/service.js";
import { authorizeManage } from "./policy.js";
import { presentQueue, presentTree } from "./presenter.js";
import { type ChatbotRow, type NewChatbot, type NewQueue, type QueueRow, QueuesRepo } from "./repo.js";

export interface QueuesDeps {
  db: Db;
  realtime: Realtime;
  events: TicketEvents;
  /** Connections linked to a deleted queue hear of it (connections/announcer.ts). */
  connections: ConnectionAnnouncer;
}

/** Where a list of options hangs: a queue's first level, or below an option. */
type Owner = { queueId: number } | { chatbotId: number };

/** Levels of an option list: 1 for options without children. */
function depthOf(options: ChatbotOptionInput[]): number {
  return options.reduce((max, option) => Math.max(max, 1 + depthOf(option.options)), 0);
}

function walk(options: ChatbotOptionInput[], visit: (option: ChatbotOptionInput) => void): void {
  for (const option of options) {
    visit(option);
    walk(option.options, visit);
  }
}

/**
 * Queues and their chatbot options (spec 2 sections 2 to 9). Admins write;
 * everyone signed in reads. Every write runs under the company's row lock,
 * so the uniqueness checks and the "more than one queue" rule see a settled
 * company, and announces the queue on `company-{id}-queue`.
 */
export class QueuesService {
  private readonly repo: QueuesRepo;
  private readonly companies: CompaniesRepo;
  private readonly tickets: TicketsRepo;
  private readonly fileLists: FileListsRepo;

  constructor(private readonly deps: QueuesDeps) {
    this.repo = new QueuesRepo(deps.db);
    this.fileLists = new FileListsRepo(deps.db);
    this.companies = new CompaniesRepo(deps.db);
    this.tickets = new TicketsRepo(deps.db);
  }

  async list(ctx: RequestContext): Promise<QueueDto[]> {
    return (await this.repo.list(ctx.companyId)).map(presentQueue);
  }

  async show(ctx: RequestContext, id: number): Promise<QueueDetailDto> {
    const queue = await this.find(ctx.companyId, id);
    return this.detail(ctx.companyId, queue);
  }

  async create(ctx: RequestContext, input: QueueCreateInput): Promise<QueueDetailDto> {
    authorizeManage(ctx.user);
    const queue = await this.deps.db.transaction(async (tx) => {
      await this.companies.lockForUpdate(tx, ctx.companyId);
      const company = await this.companies.findWithPlan(ctx.companyId, tx);
      if (!company) throw new AppError("ERR_NO_PERMISSION");
      const existing = await this.repo.count(ctx.companyId, tx);
      if (existing >= company.plan.queues)
        throw new AppError("ERR_PLAN_QUEUES_LIMIT", {
          message: `The plan allows ${company.plan.queues} queues`,
          details: { limit: company.plan.queues },
        });
      await this.checkUnique(tx, ctx.companyId, input);
      this.checkGreeting(existing + 1, input.greetingMessage);
      const created = await this.repo.insert(tx, ctx.companyId, {
        name: input.name,
        color: input.color,
        greetingMessage: input.greetingMessage ?? null,
        outOfHoursMessage: input.outOfHoursMessage ?? null,
        orderQueue: input.orderQueue ?? null,
        closeTicket: input.closeTicket ?? false,
        ativarRoteador: input.ativarRoteador ?? false,
        tempoRoteador: input.tempoRoteador ?? 0,
        fileListId: await this.checkedFileList(tx, ctx.companyId, input.fileListId),
        integrationId: await this.checkedIntegration(tx, ctx.companyId, input.integrationId),
        schedules: checkedSchedules(input.schedules) ?? [],
      });
      if (input.chatbots?.length)
        await this.writeTree(tx, ctx.companyId, { queueId: created.id }, 1, input.chatbots, []);
      return created;
    });
    this.announce(ctx.companyId, { action: "create", queue: presentQueue(queue) });
    return this.detail(ctx.companyId, queue);
  }

  /** PUT /queue/{id}: the fields given change; `chatbots`, when given, becomes the whole option tree. */
  async update(ctx: RequestContext, id: number, input: QueueUpdateInput): Promise<QueueDetailDto> {
    authorizeManage(ctx.user);
    const queue = await this.deps.db.transaction(async (tx) => {
      await this.companies.lockForUpdate(tx, ctx.companyId);
      const current = await this.find(ctx.companyId, id, tx);
      await this.checkUnique(tx, ctx.companyId, input, id);
      const greetingMessage =
        input.greetingMessage === undefined ? current.greetingMessage : input.greetingMessage;
      this.checkGreeting(await this.repo.count(ctx.companyId, tx), greetingMessage);
      const values: Partial<NewQueue> = {};
      if (input.name !== undefined) values.name = input.name;
      if (input.color !== undefined) values.color = input.color;
      if (input.greetingMessage !== undefined) values.greetingMessage = input.greetingMessage;
      if (input.outOfHoursMessage !== undefined) values.outOfHoursMessage = input.outOfHoursMessage;
      if (input.orderQueue !== undefined) values.orderQueue = input.orderQueue;
      if (input.closeTicket !== undefined) values.closeTicket = input.closeTicket;
      if (input.ativarRoteador !== undefined) values.ativarRoteador = input.ativarRoteador;
      if (input.tempoRoteador !== undefined) values.tempoRoteador = input.tempoRoteador;
      if (input.fileListId !== undefined)
        values.fileListId = await this.checkedFileList(tx, ctx.companyId, input.fileListId);
      if (input.integrationId !== undefined)
        values.integrationId = await this.checkedIntegration(tx, ctx.companyId, input.integrationId);
      const schedules = checkedSchedules(input.schedules);
      if (schedules !== undefined) values.schedules = schedules;
      await this.repo.update(tx, ctx.companyId, id, values);
      if (input.chatbots !== undefined) {
        const existing = await this.repo.optionsUnder(ctx.companyId, { queueId: id }, tx);
        await this.writeTree(tx, ctx.companyId, { queueId: id }, 1, input.chatbots, existing);
      }
      return (await this.repo.find(ctx.companyId, id, tx))!;
    });
    this.announce(ctx.companyId, { action: "update", queue: presentQueue(queue) });
    return this.detail(ctx.companyId, queue);
  }

  /**
   * DELETE /queue/{id}: its user and connection links and its options go
   * with it; its tickets stay, without a queue, and their lists hear it.
   */
  async delete(ctx: RequestContext, id: number): Promise<void> {
    authorizeManage(ctx.user);
    const { ticketIds, userIds, connectionIds } = await this.deps.db.transaction(async (tx) => {
      await this.companies.lockForUpdate(tx, ctx.companyId);
      await this.find(ctx.companyId, id, tx);
      const affected = {
        ticketIds: await this.repo.liveTicketIds(tx, ctx.companyId, id),
        userIds: await this.repo.linkedUserIds(tx, ctx.companyId, id),
        connectionIds: await this.deps.connections.linkedTo(ctx.companyId, "queue", id, tx),
      };
      if (!(await this.repo.delete(tx, ctx.companyId, id)))
        throw new AppError("ERR_NOT_FOUND", { message: "Queue not found" });
      return affected;
    });
    this.announce(ctx.companyId, { action: "delete", queueId: id });
    await this.deps.connections.announce(ctx.companyId, connectionIds);
    for (let i = 0; i < ticketIds.length; i += 200) {
      for (const detail of await this.tickets.findByIds(ctx.companyId, ticketIds.slice(i, i + 200))) {
        const dto = presentDetail(detail);
        // Those who saw it in the queue hear it leave, as after a transfer.
        this.deps.events.ticketChanged(ctx.companyId, dto, "update", { ...dto, queueId: id });
      }
    }
    // Their ticket scopes lost the queue: their sockets leave its audience rooms.
    for (const userId of userIds)
      void this.deps.realtime.refreshAudience(ctx.companyId, userId).catch(() => {});
  }

  /* Chatbot options */

  async showOption(ctx: RequestContext, id: number): Promise<ChatbotOptionDto> {
    const option = await this.findOption(ctx.companyId, id);
    return this.optionDetail(ctx.companyId, option);
  }

  /** POST /chatbot: one option with its nested options, at the end of a queue's first level or of an option's children. */
  async createOption(ctx: RequestContext, input: ChatbotCreateInput): Promise<ChatbotOptionDto> {
    authorizeManage(ctx.user);
    const { id, queueId } = await this.deps.db.transaction(async (tx) => {
      await this.companies.lockForUpdate(tx, ctx.companyId);
      let owner: Owner;
      let level: number;
      let queueId: number;
      if (input.chatbotId) {
        const place = await this.repo.placeOf(ctx.companyId, input.chatbotId, tx);
        if (!place)
          throw new AppError("ERR_NOT_FOUND", { status: 400, field: "chatbotId", message: "Unknown option" });
        owner = { chatbotId: input.chatbotId };
        level = place.level + 1;
        queueId = place.queueId;
        const parent = (await this.repo.findOption(ctx.companyId, input.chatbotId, tx))!;
        // The parent now leads to a next level: it needs its bot message (spec 2 section 5).
        if (!parent.greetingMessage?.trim())
          throw new AppError("ERR_VALIDATION", {
            field: "chatbotId",
            message: QUEUE_MESSAGES.botMessageRequired,
          });
      } else {
        queueId = input.queueId!;
        if (!(await this.repo.find(ctx.companyId, queueId, tx)))
          throw new AppError("ERR_NOT_FOUND", { status: 400, field: "queueId", message: "Unknown queue" });
        owner = { queueId };
        level = 1;
      }
      const [created] = await this.writeTree(tx, ctx.companyId, owner, level, [input], []);
      return { id: created!, queueId };
    });
    await this.announceQueue(ctx.companyId, queueId);
    return this.optionDetail(ctx.companyId, await this.findOption(ctx.companyId, id));
  }

  /** PUT /chatbot/{id}: the option's fields; `options`, when given, becomes its whole subtree. */
  async updateOption(ctx: RequestContext, id: number, input: ChatbotUpdateInput): Promise<ChatbotOptionDto> {
    authorizeManage(ctx.user);
    const queueId = await this.deps.db.transaction(async (tx) => {
      await this.companies.lockForUpdate(tx, ctx.companyId);
      const current = await this.findOption(ctx.companyId, id, tx);
      const place = (await this.repo.placeOf(ctx.companyId, id, tx))!;
      const children = input.options ?? [];
      const hasChildren =
        input.options === undefined
          ? (await this.repo.childCount(ctx.companyId, id, tx)) > 0
          : children.length > 0;
      if (hasChildren && !input.greetingMessage?.trim())
        throw new AppError("ERR_VALIDATION", {
          field: "greetingMessage",
          message: QUEUE_MESSAGES.botMessageRequired,
        });
      const option: ChatbotOptionInput = { ...input, id, options: children };
      const owner: Owner =
        current.chatbotId === null ? { queueId: current.queueId! } : { chatbotId: current.chatbotId };
      if (input.options === undefined) {
        // Only this option's fields: its children stay as they are.
        await this.checkTargets(tx, ctx.companyId, [option]);
        await this.repo.updateOption(tx, ctx.companyId, id, optionValues(option, owner));
      } else {
        const existing = [current, ...(await this.repo.optionsUnder(ctx.companyId, { chatbotId: id }, tx))];
        await this.writeTree(tx, ctx.companyId, owner, place.level, [option], existing);
      }
      return place.queueId;
    });
    await this.announceQueue(ctx.companyId, queueId);
    return this.optionDetail(ctx.companyId, await this.findOption(ctx.companyId, id));
  }

  /** DELETE /chatbot/{id}: the option and every option below it. */
  async deleteOption(ctx: RequestContext, id: number): Promise<void> {
    authorizeManage(ctx.user);
    const queueId = await this.deps.db.transaction(async (tx) => {
      await this.companies.lockForUpdate(tx, ctx.companyId);
      await this.findOption(ctx.companyId, id, tx);
      const place = (await this.repo.placeOf(ctx.companyId, id, tx))!;
      await this.repo.deleteOptions(tx, ctx.companyId, [id]);
      return place.queueId;
    });
    await this.announceQueue(ctx.companyId, queueId);
  }

  /**
   * Writes `options` under `owner` at `level`, creating options without an
   * id and updating those with one (moving it if its place changed).
   * `existing` is every option the write may keep (a queue's whole tree, or
   * an option with its subtree; none for a new option): an id outside it is
   * refused, and those left out are deleted, their children with them.
   * Returns the ids of the top options, in order.
   */
  private async writeTree(
    tx: Tx,
    companyId: number,
    owner: Owner,
    level: number,
    options: ChatbotOptionInput[],
    existing: ChatbotRow[],
  ): Promise<number[]> {
    if (level - 1 + depthOf(options) > CHATBOT_MAX_DEPTH)
      throw new AppError("ERR_VALIDATION", { field: "options", message: QUEUE_MESSAGES.tooDeep });
    const known = new Set(existing.map((row) => row.id));
    const kept = new Set<number>();
    walk(options, (option) => {
      if (option.id === undefined) return;
      if (!known.has(option.id) || kept.has(option.id))
        throw new AppError("ERR_NOT_FOUND", { status: 400, field: "id", message: "Unknown option" });
      kept.add(option.id);
    });
    await this.checkTargets(tx, companyId, options);
    const write = async (list: ChatbotOptionInput[], under: Owner): Promise<number[]> => {
      const ids: number[] = [];
      for (const option of list) {
        const values = optionValues(option, under);
        let id = option.id;
        if (id === undefined) id = await this.repo.insertOption(tx, companyId, values);
        else await this.repo.updateOption(tx, companyId, id, values);
        ids.push(id);
        await write(option.options, { chatbotId: id });
      }
      return ids;
    };
    const ids = await write(options, owner);
    await this.repo.deleteOptions(
      tx,
      companyId,
      [...known].filter((id) => !kept.has(id)),
    );
    return ids;
  }

  /** A queue's integration must be one of the company's (400 on integrationId otherwise). */
  private async checkedIntegration(
    tx: Tx,
    companyId: number,
    id: number | null | undefined,
  ): Promise<number | null> {
    if (!id) return null;
    const [found] = await tx
      .select({ id: queueIntegrations.id })
      .from(queueIntegrations)
      .where(rowOf(queueIntegrations, companyId, id));
    if (!found)
      throw new AppError("ERR_NOT_FOUND", {
        status: 400,
        field: "integrationId",
        message: "Unknown integration",
      });
    return id;
  }

  /** A queue's file list must be one of the company's (400 on fileListId otherwise). */
  private async checkedFileList(
    tx: Tx,
    companyId: number,
    id: number | null | undefined,
  ): Promise<number | null> {
    if (!id) return null;
    if ((await this.fileLists.existingIds(tx, companyId, [id])).length === 0)
      throw new AppError("ERR_NOT_FOUND", { status: 400, field: "fileListId", message: "Unknown file list" });
    return id;
  }

  /** The queues, users and file lists options point to must be the company's; checked whatever the option's type. */
  private async checkTargets(tx: Tx, companyId: number, options: ChatbotOptionInput[]): Promise<void> {
    const queueIds = new Set<number>();
    const userIds = new Set<number>();
    const fileListIds = new Set<number>();
    const integrationIds = new Set<number>();
    walk(options, (option) => {
      if (option.optIntegrationId) integrationIds.add(option.optIntegrationId);
      if (option.optQueueId) queueIds.add(option.optQueueId);
      if (option.optUserId) userIds.add(option.optUserId);
      if (option.optFileId) fileListIds.add(option.optFileId);
    });
    if ((await this.fileLists.existingIds(tx, companyId, [...fileListIds])).length !== fileListIds.size)
      throw new AppError("ERR_NOT_FOUND", { status: 400, field: "optFileId", message: "Unknown file list" });
    if ((await this.repo.existingQueueIds(tx, companyId, [...queueIds])).length !== queueIds.size)
      throw new AppError("ERR_NOT_FOUND", { status: 400, field: "optQueueId", message: "Unknown queue" });
    if ((await this.repo.existingUserIds(tx, companyId, [...userIds])).length !== userIds.size)
      throw new AppError("ERR_NOT_FOUND", { status: 400, field: "optUserId", message: "Unknown user" });
    for (const id of integrationIds)
      if ((await this.checkedIntegration(tx, companyId, id).catch(() => null)) === null)
        throw new AppError("ERR_NOT_FOUND", {
          status: 400,
          field: "optIntegrationId",
          message: "Unknown integration",
        });
  }

  /** Name and colour are unique in the company (spec 2 section 5), compared without case. */
  private async checkUnique(
    tx: Tx,
    companyId: number,
    input: { name?: string; color?: string },
    exceptId?: number,
  ): Promise<void> {
    if (input.name !== undefined && (await this.repo.taken(tx, companyId, "name", input.name, exceptId)))
      throw new AppError("ERR_QUEUE_NAME_ALREADY_EXISTS", {
        field: "name",
        message: "A queue with this name already exists",
      });
    if (input.color !== undefined && (await this.repo.taken(tx, companyId, "color", input.color, exceptId)))
      throw new AppError("ERR_QUEUE_COLOR_ALREADY_EXISTS", {
        field: "color",
        message: "Another queue has this colour",
      });
  }

  /** Spec 2 section 5: with more than one queue, each needs a greeting (the contact chooses among them). */
  private checkGreeting(queueCount: number, greetingMessage: string | null | undefined): void {
    if (queueCount > 1 && !greetingMessage?.trim())
      throw new AppError("ERR_VALIDATION", {
        field: "greetingMessage",
        message: QUEUE_MESSAGES.greetingRequired,
      });
  }

  private async find(companyId: number, id: number, runner?: Tx): Promise<QueueRow> {
    const queue = await this.repo.find(companyId, id, runner);
    if (!queue) throw new AppError("ERR_NOT_FOUND", { message: "Queue not found" });
    return queue;
  }

  private async findOption(companyId: number, id: number, runner?: Tx): Promise<ChatbotRow> {
    const option = await this.repo.findOption(companyId, id, runner);
    if (!option) throw new AppError("ERR_NOT_FOUND", { message: "Chatbot option not found" });
    return option;
  }

  private async detail(companyId: number, queue: QueueRow): Promise<QueueDetailDto> {
    const options = await this.repo.optionsUnder(companyId, { queueId: queue.id });
    return { ...presentQueue(queue), chatbots: presentTree(options, null) };
  }

  private async optionDetail(companyId: number, option: ChatbotRow): Promise<ChatbotOptionDto> {
    const below = await this.repo.optionsUnder(companyId, { chatbotId: option.id });
    return presentTree([option, ...below], option.chatbotId)[0]!;
  }

  /** A change to a queue's options is a change to the queue: lists and open modals hear it. */
  private async announceQueue(companyId: number, queueId: number): Promise<void> {
    const queue = await this.repo.find(companyId, queueId);
    if (queue) this.announce(companyId, { action: "update", queue: presentQueue(queue) });
  }

  private announce(companyId: number, payload: QueueEventPayload): void {
    this.deps.realtime.toCompany(companyId, "queue", payload);
  }
}

/**
 * The row of an option under `owner`. Only the target its type uses is kept
 * (a text option keeps no user), so the automation reads one meaning per option.
 */
function optionValues(option: ChatbotOptionInput, owner: Owner): NewChatbot {
  return {
    queueId: "queueId" in owner ? owner.queueId : null,
    chatbotId: "chatbotId" in owner ? owner.chatbotId : null,
    name: option.name,
    greetingMessage: option.greetingMessage?.trim() ? option.greetingMessage : null,
    queueType: option.queueType,
    closeTicket: option.closeTicket,
    optQueueId: option.queueType === "queue" ? option.optQueueId : null,
    optUserId: option.queueType === "attendent" ? option.optUserId : null,
    optIntegrationId: option.queueType === "integration" ? option.optIntegrationId : null,
    optFileId: option.queueType === "file" ? option.optFileId : null,
  };
}

/** One entry per weekday. */
function checkedSchedules(schedules: QueueCreateInput["schedules"]): QueueRow["schedules"] | undefined {
  if (schedules === undefined) return undefined;
  const days = new Set(schedules.map((day) => day.weekdayEn));
  if (days.size !== schedules.length)
    throw new AppError("ERR_VALIDATION", { field: "schedules", message: "Each weekday at most once" });
  return schedules.map((day) => ({
    weekday: day.weekday,
    weekdayEn: day.weekdayEn,
    startTimeA: day.startTimeA,
    endTimeA: day.endTimeA,
    startTimeB: day.startTimeB,
    endTimeB: day.endTimeB,
  }));
}
