import { randomInt } from "node:crypto";
import {
  FLOW_NODE_ID_LENGTH,
  FLOW_PAGE_SIZE,
  type FlowCreateInput,
  type FlowDto,
  type FlowEventPayload,
  type FlowGraphNode,
  type FlowNode,
  type FlowPage,
  type FlowSaveInput,
  type FlowShow,
  type FlowUpdateInput,
  type FlowWithGraph,
  flowGraphErrors,
} from "@inbox/shared";
import type { Db } from "../../db/client.js";
import { AppError } from "../../http/app-error.js";
import type { RequestContext } from "../../http/context.js";
import type { Realtime } from "../../realtime/realtime.js";
import type { ConnectionAnnouncer } from "../connections/announcer.js";
import { authorizeFlows } from "./policy.js";
import { presentFlow, presentFlowWithGraph } from "./presenter.js";
import { type FlowRow, FlowsRepo } from "./repo.js";

export interface FlowsServiceDeps {
  db: Db;
  realtime: Realtime;
  /** Connections naming a deleted record hear of it (connections/announcer.ts). */
  connections: ConnectionAnnouncer;
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

  /**
   * POST /flowbuilder/flow: replaces the flow's graph. Refused (400 ERR_VALIDATION, one issue per
   * problem, `field` naming the node) when flow-check finds errors, so no contact walks a graph
   * that stalls; and when a node names a queue, user or integration the company does not have.
   */
  async saveGraph(ctx: RequestContext, input: FlowSaveInput): Promise<FlowWithGraph> {
    authorizeFlows(ctx.user);
    const graph = { nodes: input.nodes, connections: input.connections };
    const errors = flowGraphErrors(graph);
    if (errors.length > 0)
      throw new AppError("ERR_VALIDATION", {
        field: errors[0]?.nodeId ? `nodes.${errors[0].nodeId}` : "nodes",
        message: errors.map((e) => e.message).join("; "),
        details: {
          issues: errors.map((e) => ({
            field: e.nodeId ? `nodes.${e.nodeId}` : "nodes",
            message: e.message,
          })),
        },
      });
    await this.refuseForeignReferences(ctx.companyId, input.nodes);
    const row = await this.repo.saveGraph(ctx.companyId, input.idFlow, graph);
    if (!row) throw notFound();
    this.announce(ctx.companyId, "update", row);
    return presentFlowWithGraph(row);
  }

  /** The ticket node's queue and user and the integration node's integration must be the company's. */
  private async refuseForeignReferences(companyId: number, nodes: FlowGraphNode[]): Promise<void> {
    const queueIds: number[] = [];
    const userIds: number[] = [];
    const integrationIds: number[] = [];
    for (const node of nodes) {
      if (node.type === "ticket") {
        if (node.data.queue?.id) queueIds.push(node.data.queue.id);
        if (node.data.userId) userIds.push(node.data.userId);
      } else if (node.type === "integration" && node.data.integrationId)
        integrationIds.push(node.data.integrationId);
    }
    for (const [kind, ids, field] of [
      ["queue", queueIds, "queue"],
      ["user", userIds, "userId"],
      ["integration", integrationIds, "integrationId"],
    ] as const) {
      const foreign = await this.repo.foreignIds(companyId, kind, ids);
      if (foreign.length > 0)
        throw new AppError("ERR_VALIDATION", {
          field,
          message: `No ${kind} ${foreign.join(", ")} in this company`,
        });
    }
  }

  async delete(ctx: RequestContext, id: number): Promise<void> {
    authorizeFlows(ctx.user);
    const unlinked = await this.deps.connections.linkedTo(ctx.companyId, "flow", id);
    if (!(await this.repo.delete(ctx.companyId, id))) throw notFound();
    this.emit(ctx.companyId, { action: "delete", flowId: id });
    await this.deps.connections.announce(ctx.companyId, unlinked);
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
