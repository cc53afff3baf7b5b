import { randomInt } from "node:crypto";
import {
  FLOW_NODE_ID_LENGTH,
  FLOW_PAGE_SIZE,
  type FlowCreateInput,
  type FlowDto,
  type FlowEventPayload,
  type FlowNode,
  type FlowPage,
  type FlowShow,
  type FlowUpdateInput,
} from "@inbox/shared";
import type { Db } from "../../db/client.js";
import { AppError } from "../../http/app-error.js";
import type { RequestContext } from "../../http/context.js";
import type { Realtime } from "../../realtime/realtime.js";
import { authorizeFlows } from "./policy.js";
import { presentFlow, presentFlowWithGraph } from "./presenter.js";
import { type FlowRow, FlowsRepo } from "./repo.js";

export interface FlowsServiceDeps {
  db: Db;
  realtime: Realtime;
}

const ID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** Spec 3 section 3: a node id is 30 random letters and digits. */
export function newNodeId(): string {
  let id = "";
  for (let i = 0; i < FLOW_NODE_ID_LENGTH; i++) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return id;
}

/** Spec 3 "Flow editor": the default flow has a single start node. */
export function defaultFlowNodes(): FlowNode[] {
  return [
    { id: newNodeId(), type: "start", position: { x: 250, y: 100 }, data: { label: "Inicio do fluxo" } },
  ];
}

/**
 * Flows (spec 3 /flowbuilders): the list and its CRUD. Every change is announced on
 * `company-{id}-flowbuilder` (spec 3 "Live events": flow lists update live). Names need not be
 * unique (the spec sets none): a duplicate keeps its source's name, graph and active flag.
 */
export class FlowsService {
  readonly repo: FlowsRepo;

  constructor(private readonly deps: FlowsServiceDeps) {
    this.repo = new FlowsRepo(deps.db);
  }

  async page(ctx: RequestContext, query: { searchParam: string; pageNumber: number }): Promise<FlowPage> {
    authorizeFlows(ctx.user);
    const size = FLOW_PAGE_SIZE;
    const { rows, count } = await this.repo.page(ctx.companyId, query.searchParam, {
      number: query.pageNumber,
      size,
    });
    return { flows: rows.map(presentFlow), count, hasMore: query.pageNumber * size < count };
  }

  async show(ctx: RequestContext, id: number): Promise<FlowShow> {
    authorizeFlows(ctx.user);
    return { flow: presentFlowWithGraph(await this.find(ctx.companyId, id)) };
  }

  async create(ctx: RequestContext, input: FlowCreateInput): Promise<FlowDto> {
    authorizeFlows(ctx.user);
    const row = await this.repo.insert(ctx.companyId, {
      name: input.name,
      nodes: defaultFlowNodes(),
      connections: [],
    });
    return this.announce(ctx.companyId, "create", row);
  }

  async rename(ctx: RequestContext, input: FlowUpdateInput): Promise<FlowDto> {
    authorizeFlows(ctx.user);
    const row = await this.repo.rename(ctx.companyId, input.flowId, input.name);
    if (!row) throw notFound();
    return this.announce(ctx.companyId, "update", row);
  }

  async duplicate(ctx: RequestContext, flowId: number): Promise<FlowDto> {
    authorizeFlows(ctx.user);
    const source = await this.find(ctx.companyId, flowId);
    const row = await this.repo.insert(ctx.companyId, {
      name: source.name,
      active: source.active,
      nodes: source.nodes,
      connections: source.connections,
    });
    return this.announce(ctx.companyId, "create", row);
  }

  async delete(ctx: RequestContext, id: number): Promise<void> {
    authorizeFlows(ctx.user);
    if (!(await this.repo.delete(ctx.companyId, id))) throw notFound();
    this.emit(ctx.companyId, { action: "delete", flowId: id });
  }

  private async find(companyId: number, id: number): Promise<FlowRow> {
    const row = await this.repo.find(companyId, id);
    if (!row) throw notFound();
    return row;
  }

  private announce(companyId: number, action: "create" | "update", row: FlowRow): FlowDto {
    const flow = presentFlow(row);
    this.emit(companyId, { action, flow });
    return flow;
  }

  private emit(companyId: number, payload: FlowEventPayload): void {
    this.deps.realtime.toCompany(companyId, "flowbuilder", payload);
  }
}

const notFound = () => new AppError("ERR_NOT_FOUND", { message: "Flow not found" });
