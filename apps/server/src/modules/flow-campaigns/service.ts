import {
  FLOW_CAMPAIGN_LIST_MAX,
  type FlowCampaignDto,
  type FlowCampaignEventPayload,
  type FlowCampaignInput,
  type FlowCampaignUpdate,
} from "@inbox/shared";
import type { Db } from "../../db/client.js";
import { AppError } from "../../http/app-error.js";
import type { RequestContext } from "../../http/context.js";
import type { Realtime } from "../../realtime/realtime.js";
import { CompaniesRepo } from "../companies/repo.js";
import { authorizeDelete } from "./policy.js";
import { type FlowCampaignRow, FlowCampaignsRepo } from "./repo.js";

const notFound = () => new AppError("ERR_NOT_FOUND", { message: "Phrase campaign not found" });

function present(row: FlowCampaignRow): FlowCampaignDto {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

/**
 * Phrase campaigns (spec 3 /phrase-lists, /flowcampaign). The flow and the connection must be the
 * company's (400 on flowId / whatsappId otherwise); which phrase starts which flow on a contact's
 * message is the flow runtime's. Every change is announced on `company-{id}-flowcampaign` so the
 * /phrase-lists page stays live.
 */
export class FlowCampaignsService {
  private readonly repo: FlowCampaignsRepo;
  private readonly companies: CompaniesRepo;

  constructor(private readonly deps: { db: Db; realtime: Realtime }) {
    this.repo = new FlowCampaignsRepo(deps.db);
    this.companies = new CompaniesRepo(deps.db);
  }

  async list(ctx: RequestContext): Promise<{ flow: FlowCampaignDto[] }> {
    return { flow: (await this.repo.list(ctx.companyId, FLOW_CAMPAIGN_LIST_MAX)).map(present) };
  }

  async show(ctx: RequestContext, id: number): Promise<FlowCampaignDto> {
    const row = await this.repo.find(ctx.companyId, id);
    if (!row) throw notFound();
    return present(row);
  }

  async create(ctx: RequestContext, input: FlowCampaignInput): Promise<FlowCampaignDto> {
    const values = await this.checked(ctx.companyId, input);
    const row = await this.deps.db.transaction(async (tx) => {
      // The company row's lock holds a concurrent create back until this one is counted.
      await this.companies.lockForUpdate(tx, ctx.companyId);
      if ((await this.repo.count(tx, ctx.companyId)) >= FLOW_CAMPAIGN_LIST_MAX)
        throw new AppError("ERR_FLOW_CAMPAIGNS_LIMIT", {
          message: `A company can have up to ${FLOW_CAMPAIGN_LIST_MAX} phrase campaigns`,
          details: { limit: FLOW_CAMPAIGN_LIST_MAX },
        });
      return this.repo.insert(ctx.companyId, values, tx);
    });
    return this.announce(ctx.companyId, "create", present(row));
  }

  async update(ctx: RequestContext, input: FlowCampaignUpdate): Promise<FlowCampaignDto> {
    const values = await this.checked(ctx.companyId, input);
    const row = await this.repo.update(ctx.companyId, input.id, values);
    if (!row) throw notFound();
    return this.announce(ctx.companyId, "update", present(row));
  }

  async remove(ctx: RequestContext, id: number): Promise<{ message: string }> {
    authorizeDelete(ctx.user);
    if (!(await this.repo.remove(ctx.companyId, id))) throw notFound();
    this.emit(ctx.companyId, { action: "delete", flowCampaignId: id });
    return { message: "Phrase campaign deleted" };
  }

  private announce(companyId: number, action: "create" | "update", dto: FlowCampaignDto): FlowCampaignDto {
    this.emit(companyId, { action, flowCampaign: dto });
    return dto;
  }

  private emit(companyId: number, payload: FlowCampaignEventPayload): void {
    this.deps.realtime.toCompany(companyId, "flowcampaign", payload);
  }

  private async checked(companyId: number, input: FlowCampaignInput) {
    if (!(await this.repo.flowExists(companyId, input.flowId)))
      throw new AppError("ERR_VALIDATION", { field: "flowId", message: "Unknown flow" });
    const whatsappId = input.whatsappId ?? null;
    if (whatsappId !== null && !(await this.repo.connectionExists(companyId, whatsappId)))
      throw new AppError("ERR_VALIDATION", { field: "whatsappId", message: "Unknown connection" });
    return { name: input.name, flowId: input.flowId, whatsappId, phrase: input.phrase, status: input.status };
  }
}
