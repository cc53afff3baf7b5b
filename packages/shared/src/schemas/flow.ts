import { z } from "zod";
import { dbId } from "./common.js";

/**
 * Flow builder, first slice (spec 3 sections 2, 3, 5 and 7: /flowbuilders): the list of
 * conversation flows and its CRUD. A flow is a name, an active flag and its graph (nodes and
 * connections); the editor that changes the graph comes later.
 */

export const FLOW_NAME_MIN = 2;
export const FLOW_NAME_MAX = 50;
/** Rows a page of GET /flowbuilder answers. */
export const FLOW_PAGE_SIZE = 20;
/** Spec 3 section 3: a node id is 30 random letters and digits. */
export const FLOW_NODE_ID_LENGTH = 30;

/** The spec's messages (section 5: flow name). */
export const FLOW_MESSAGES = {
  tooShort: "Muito curto!",
  tooLong: "Muito longo!",
  required: "Digite um nome!",
} as const;

/** Spec 3 section 3: node types. */
export const FLOW_NODE_TYPES = [
  "start",
  "message",
  "interval",
  "condition",
  "menu",
  "img",
  "audio",
  "randomizer",
  "video",
  "singleBlock",
  "ticket",
  "integration",
] as const;
export type FlowNodeType = (typeof FLOW_NODE_TYPES)[number];

export const flowName = z
  .string({ error: FLOW_MESSAGES.required })
  .trim()
  .min(1, FLOW_MESSAGES.required)
  .min(FLOW_NAME_MIN, FLOW_MESSAGES.tooShort)
  .max(FLOW_NAME_MAX, FLOW_MESSAGES.tooLong);

/** POST /flowbuilder: a new flow (its graph is the default one, a single start node). */
export const flowCreateSchema = z.object({ name: flowName });
export type FlowCreateInput = z.infer<typeof flowCreateSchema>;

/** PUT /flowbuilder: renames the flow named by flowId. */
export const flowUpdateSchema = z.object({ flowId: dbId, name: flowName });
export type FlowUpdateInput = z.infer<typeof flowUpdateSchema>;

/** POST /flowbuilder/duplicate: a copy of the flow, graph included. */
export const flowDuplicateSchema = z.object({ flowId: dbId });

/** GET /flowbuilder: a page by name; searchParam matches the name. */
export const flowsQuery = z.object({
  searchParam: z.string().max(200).optional().default(""),
  pageNumber: z.coerce.number().int().min(1).max(1_000_000).optional().default(1),
});

/** A node of the graph (spec 3 section 3); `data` depends on the type and is kept as given. */
export const flowNodeDto = z.looseObject({
  id: z.string(),
  type: z.string(),
  position: z.object({ x: z.number(), y: z.number() }),
  data: z.record(z.string(), z.unknown()),
});
export type FlowNode = z.infer<typeof flowNodeDto>;

/** An edge of the graph (spec 3 section 3: source, target). */
export const flowConnectionDto = z.looseObject({ source: z.string(), target: z.string() });
export type FlowConnection = z.infer<typeof flowConnectionDto>;

export const flowGraphDto = z.object({
  nodes: z.array(flowNodeDto),
  connections: z.array(flowConnectionDto),
});
export type FlowGraph = z.infer<typeof flowGraphDto>;

/** A flow as the list shows it (no graph). */
export const flowDto = z.object({
  id: z.number(),
  name: z.string(),
  active: z.boolean(),
  companyId: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FlowDto = z.infer<typeof flowDto>;

export const flowPageDto = z.object({
  flows: z.array(flowDto),
  count: z.number(),
  hasMore: z.boolean(),
});
export type FlowPage = z.infer<typeof flowPageDto>;

/** GET /flowbuilder/flow/{id}: the editor reads `flow.flow` (nodes and connections). */
export const flowWithGraphDto = flowDto.extend({ flow: flowGraphDto });
export type FlowWithGraph = z.infer<typeof flowWithGraphDto>;
export const flowShowDto = z.object({ flow: flowWithGraphDto });
export type FlowShow = z.infer<typeof flowShowDto>;

/** Payload of `company-{id}-flowbuilder` (spec 3 "Live events": flow lists update live). */
export type FlowEventPayload =
  | { action: "create" | "update"; flow: FlowDto }
  | { action: "delete"; flowId: number };
