import {
  PROMPT_PAGE_SIZE,
  PROMPT_QUEUE_REQUIRED,
  type PromptDto,
  type PromptEventPayload,
  type PromptInput,
  type PromptPage,
} from "@inbox/shared";
import type { Db } from "../../db/client.js";
import { AppError } from "../../http/app-error.js";
import type { RequestContext } from "../../http/context.js";
import type { Realtime } from "../../realtime/realtime.js";
import type { ConnectionAnnouncer } from "../connections/announcer.js";
import { authorizePrompts } from "./policy.js";
import { presentPrompt } from "./presenter.js";
import { type NewPrompt, PromptsRepo } from "./repo.js";

export interface PromptsServiceDeps {
  db: Db;
  realtime: Realtime;
  /** Connections naming a deleted record hear of it (connections/announcer.ts). */
  connections: ConnectionAnnouncer;
}

const notFound = () => new AppError("ERR_NOT_FOUND", { message: "Prompt not found" });

/**
 * AI prompts (spec 3 /prompts): every change goes through here and is announced on
 * `company-{id}-prompt` without its keys. The API key is required at create; afterwards a save
 * without it (or with "") keeps the stored one, and the same for the voice key (null removes it).
 */
export class PromptsService {
  private readonly repo: PromptsRepo;

  constructor(private readonly deps: PromptsServiceDeps) {
    this.repo = new PromptsRepo(deps.db);
  }

  async page(ctx: RequestContext, query: { pageNumber: number }): Promise<PromptPage> {
    authorizePrompts(ctx.user);
    const size = PROMPT_PAGE_SIZE;
    const { rows, count } = await this.repo.page(ctx.companyId, { number: query.pageNumber, size });
    return { prompts: rows.map(presentPrompt), count, hasMore: query.pageNumber * size < count };
  }

  async show(ctx: RequestContext, id: number): Promise<PromptDto> {
    authorizePrompts(ctx.user);
    return this.find(ctx.companyId, id);
  }

  async create(ctx: RequestContext, input: PromptInput): Promise<PromptDto> {
    authorizePrompts(ctx.user);
    if (!input.apiKey) throw new AppError("ERR_VALIDATION", { field: "apiKey", message: "Required" });
    const values = await this.checked(ctx.companyId, input);
    const id = await this.repo.insert(ctx.companyId, { ...values, apiKey: input.apiKey });
    return this.announce(ctx.companyId, "create", await this.find(ctx.companyId, id));
  }

  async update(ctx: RequestContext, id: number, input: PromptInput): Promise<PromptDto> {
    authorizePrompts(ctx.user);
    // Another company's prompt is not found before its fields are checked (the sweep's 404).
    await this.find(ctx.companyId, id);
    const values = await this.checked(ctx.companyId, input);
    const changed = await this.repo.update(ctx.companyId, id, {
      ...values,
      ...(input.apiKey ? { apiKey: input.apiKey } : {}),
    });
    if (!changed) throw notFound();
    return this.announce(ctx.companyId, "update", await this.find(ctx.companyId, id));
  }

  async remove(ctx: RequestContext, id: number): Promise<{ message: string }> {
    authorizePrompts(ctx.user);
    const unlinked = await this.deps.connections.linkedTo(ctx.companyId, "prompt", id);
    if (!(await this.repo.remove(ctx.companyId, id))) throw notFound();
    this.emit(ctx.companyId, { action: "delete", promptId: id });
    await this.deps.connections.announce(ctx.companyId, unlinked);
    return { message: "Prompt deleted" };
  }

  private async find(companyId: number, id: number): Promise<PromptDto> {
    const row = await this.repo.find(companyId, id);
    if (!row) throw notFound();
    return presentPrompt(row);
  }

  /** The row's values but the API key; the queue must be the company's. */
  private async checked(companyId: number, input: PromptInput): Promise<Omit<NewPrompt, "apiKey">> {
    if (!(await this.repo.queueExists(companyId, input.queueId)))
      throw new AppError("ERR_VALIDATION", { field: "queueId", message: PROMPT_QUEUE_REQUIRED });
    const { apiKey: _apiKey, voiceKey, ...rest } = input;
    return { ...rest, ...(voiceKey === null || voiceKey ? { voiceKey } : {}) };
  }

  private announce(companyId: number, action: "create" | "update", dto: PromptDto): PromptDto {
    this.emit(companyId, { action, prompt: dto });
    return dto;
  }

  private emit(companyId: number, payload: PromptEventPayload): void {
    this.deps.realtime.toCompany(companyId, "prompt", payload);
  }
}
