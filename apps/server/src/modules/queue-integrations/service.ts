import {
  QUEUE_INTEGRATION_PAGE_SIZE,
  type QueueIntegrationDto,
  type QueueIntegrationEventPayload,
  type QueueIntegrationInput,
  type QueueIntegrationPage,
  type QueueIntegrationTestInput,
  type QueueIntegrationTestResult,
} from "@inbox/shared";
import type { Db } from "../../db/client.js";
import { AppError } from "../../http/app-error.js";
import type { RequestContext } from "../../http/context.js";
import { type DialogflowClient, parseDialogflowCredentials } from "../../integrations/dialogflow.js";
import { newWebhookSecret } from "../../integrations/webhook.js";
import type { Realtime } from "../../realtime/realtime.js";
import type { ConnectionAnnouncer } from "../connections/announcer.js";
import { authorizeRead, authorizeWrite } from "./policy.js";
import { presentQueueIntegration } from "./presenter.js";
import { type NewQueueIntegration, QueueIntegrationsRepo } from "./repo.js";

export interface QueueIntegrationsServiceDeps {
  db: Db;
  realtime: Realtime;
  /** Connections naming a deleted record hear of it (connections/announcer.ts). */
  connections: ConnectionAnnouncer;
  /** The Dialogflow test's client (integrations/dialogflow.ts). */
  dialogflow: DialogflowClient;
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
    const webhookSecret = input.webhookSecret || newWebhookSecret();
    const row = await this.repo.insert(ctx.companyId, { ...valuesOf(input), webhookSecret });
    // The event carries no secret; the creator's answer does, once (docs/INTEGRATIONS.md).
    const dto = this.announce(ctx.companyId, "create", presentQueueIntegration(row));
    return { ...dto, webhookSecret };
  }

  async update(ctx: RequestContext, id: number, input: QueueIntegrationInput): Promise<QueueIntegrationDto> {
    authorizeWrite(ctx.user);
    const row = await this.repo.update(ctx.companyId, id, valuesOf(input));
    if (!row) throw notFound();
    return this.announce(ctx.companyId, "update", presentQueueIntegration(row));
  }

  /**
   * The Dialogflow test (spec 3 section 7): a detect intent in a session of its own; a failure
   * becomes a code the page translates, with the provider's reason as the message.
   */
  async test(ctx: RequestContext, input: QueueIntegrationTestInput): Promise<QueueIntegrationTestResult> {
    authorizeWrite(ctx.user);
    let jsonContent = input.jsonContent.trim();
    if (!jsonContent && input.integrationId !== undefined) {
      const row = await this.repo.find(ctx.companyId, input.integrationId);
      if (!row) throw notFound();
      jsonContent = row.jsonContent ?? "";
    }
    if (!parseDialogflowCredentials(jsonContent))
      throw new AppError("ERR_INTEGRATION_CREDENTIALS", {
        field: "jsonContent",
        message: "jsonContent is not a service-account JSON key",
      });
    const result = await this.deps.dialogflow.detectIntent({
      projectName: input.projectName,
      jsonContent,
      languageCode: input.language || "pt-BR",
      sessionId: `test-${ctx.companyId}-${ctx.user.id}`,
      text: input.text,
    });
    if (!result.ok)
      throw new AppError(result.retryable ? "ERR_INTEGRATION_UNAVAILABLE" : "ERR_INTEGRATION_REFUSED", {
        status: result.retryable ? 502 : 400,
        message: result.reason,
      });
    const { messages, intent, confidence, endInteraction } = result.value;
    return { messages, intent, confidence, endInteraction };
  }

  async remove(ctx: RequestContext, id: number): Promise<{ message: string }> {
    authorizeWrite(ctx.user);
    const unlinked = await this.deps.connections.linkedTo(ctx.companyId, "integration", id);
    if (!(await this.repo.remove(ctx.companyId, id))) throw notFound();
    this.emit(ctx.companyId, { action: "delete", integrationId: id });
    await this.deps.connections.announce(ctx.companyId, unlinked);
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
  const { jsonContent, geminiApiKey, webhookSecret, ...rest } = input;
  return {
    ...rest,
    ...(webhookSecret ? { webhookSecret } : {}),
    ...(jsonContent === null || jsonContent ? { jsonContent } : {}),
    ...(geminiApiKey === null || geminiApiKey ? { geminiApiKey } : {}),
  };
}
