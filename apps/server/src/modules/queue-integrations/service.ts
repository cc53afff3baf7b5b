import {
  QUEUE_INTEGRATION_PAGE_SIZE,
  type QueueIntegrationDto,
  type QueueIntegrationEventPayload,
  type QueueIntegrationInput,
  type QueueIntegrationPage,
} from "@inbox/shared";
import type { Db } from "../../db/client.js";
import { AppError } from "../../http/app-error.js";
import type { RequestContext } from "../../http/context.js";
import type { Realtime } from "../../realtime/realtime.js";
import { authorizeRead, authorizeWrite } from "./policy.js";
import { presentQueueIntegration } from "./presenter.js";
import { type NewQueueIntegration, QueueIntegrationsRepo } from "./repo.js";

export interface QueueIntegrationsServiceDeps {
  db: Db;
  realtime: Realtime;
}

const notFound = () => new AppError("ERR_NOT_FOUND", { message: "Integration not found" });

/**
 * Integrations (spec 3 /queue-integration): every change goes through here and is announced on
 * `company-{id}-queueIntegration`. Credentials are write-only: a save without them (or with "")
 * keeps the stored ones, null removes them.
 */
export class QueueIntegrationsService {
  private readonly repo: QueueIntegrationsRepo;

  constructor(private readonly deps: QueueIntegrationsServiceDeps) {
    this.repo = new QueueIntegrationsRepo(deps.db);
  }

  async page(
    ctx: RequestContext,
    query: { searchParam: string; pageNumber: number },
  ): Promise<QueueIntegrationPage> {
    authorizeRead(ctx.user);
    const size = QUEUE_INTEGRATION_PAGE_SIZE;
    const { rows, count } = await this.repo.page(ctx.companyId, query.searchParam, {
      number: query.pageNumber,
      size,
    });
    return {
      queueIntegrations: rows.map(presentQueueIntegration),
      count,
      hasMore: query.pageNumber * size < count,
    };
  }

  async show(ctx: RequestContext, id: number): Promise<QueueIntegrationDto> {
    authorizeRead(ctx.user);
    const row = await this.repo.find(ctx.companyId, id);
    if (!row) throw notFound();
    return presentQueueIntegration(row);
  }

  async create(ctx: RequestContext, input: QueueIntegrationInput): Promise<QueueIntegrationDto> {
    authorizeWrite(ctx.user);
    const row = await this.repo.insert(ctx.companyId, valuesOf(input));
    return this.announce(ctx.companyId, "create", presentQueueIntegration(row));
  }

  async update(ctx: RequestContext, id: number, input: QueueIntegrationInput): Promise<QueueIntegrationDto> {
    authorizeWrite(ctx.user);
    const row = await this.repo.update(ctx.companyId, id, valuesOf(input));
    if (!row) throw notFound();
    return this.announce(ctx.companyId, "update", presentQueueIntegration(row));
  }

  async remove(ctx: RequestContext, id: number): Promise<{ message: string }> {
    authorizeWrite(ctx.user);
    if (!(await this.repo.remove(ctx.companyId, id))) throw notFound();
    this.emit(ctx.companyId, { action: "delete", integrationId: id });
    return { message: "Integration deleted" };
  }

  private announce(companyId: number, action: "create" | "update", dto: QueueIntegrationDto) {
    this.emit(companyId, { action, queueIntegration: dto });
    return dto;
  }

  private emit(companyId: number, payload: QueueIntegrationEventPayload): void {
    this.deps.realtime.toCompany(companyId, "queueIntegration", payload);
  }
}

/** The row's values; a credential left out or "" keeps the stored one, null clears it. */
function valuesOf(input: QueueIntegrationInput): NewQueueIntegration {
  const { jsonContent, geminiApiKey, ...rest } = input;
  return {
    ...rest,
    ...(jsonContent === null || jsonContent ? { jsonContent } : {}),
    ...(geminiApiKey === null || geminiApiKey ? { geminiApiKey } : {}),
  };
}
