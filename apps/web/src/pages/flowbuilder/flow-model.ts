import {
  checkFlowGraph,
  FLOW_NEW_NODE_GAP,
  FLOW_NODE_ID_LENGTH,
  type FlowGraphData,
  type FlowNode,
  type FlowNodeType,
  type FlowProblem,
  flowGraph,
  menuOptionHandle,
} from "@inbox/shared";
import type { Edge, Node } from "@xyflow/react";

/**
 * The editor's graph and the stored one (spec 3 section 3), and the pure steps the canvas takes:
 * new ids, where a new node goes, adding, duplicating and removing nodes, checking before saving.
 */

export type EditorNode = Node<Record<string, unknown>, FlowNodeType>;
export type EditorEdge = Edge;

const ID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** Spec 3 section 3: a node id is 30 random letters and digits. */
export function newNodeId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(FLOW_NODE_ID_LENGTH));
  // 62 letters and digits: the modulo's slight bias does not matter for ids unique within a flow.
  return Array.from(bytes, (byte) => ID_ALPHABET[byte % ID_ALPHABET.length]).join("");
}

/** The width a node is drawn with before the canvas measured it. */
export const NODE_WIDTH = 260;

/** Spec 3 section 9: a new node goes to the right of the last one, 40 px away. */
export function nextPosition(nodes: EditorNode[]): { x: number; y: number } {
  const last = nodes.at(-1);
  if (!last) return { x: 100, y: 100 };
  const width = last.measured?.width ?? last.width ?? NODE_WIDTH;
  return { x: last.position.x + width + FLOW_NEW_NODE_GAP, y: last.position.y };
}

export function makeNode(type: FlowNodeType, data: Record<string, unknown>, nodes: EditorNode[]): EditorNode {
  return {
    id: newNodeId(),
    type,
    position: nextPosition(nodes),
    data,
    ...(type === "start" ? startFlags : {}),
  };
}

/** The start node stays: every flow begins there (the default flow is one start node). */
const startFlags = { deletable: false } as const;

/** A copy of the node after the last one, data deep-copied (edges are not copied). */
export function duplicateNode(nodes: EditorNode[], id: string): EditorNode[] {
  const source = nodes.find((node) => node.id === id);
  if (!source || source.type === "start") return nodes;
  const copy: EditorNode = {
    id: newNodeId(),
    type: source.type,
    position: nextPosition(nodes),
    data: structuredClone(source.data),
  };
  return [...nodes.map((node) => ({ ...node, selected: false })), { ...copy, selected: true }];
}

/** Removes the node and every edge touching it (the start node stays). */
export function removeNode(
  nodes: EditorNode[],
  edges: EditorEdge[],
  id: string,
): { nodes: EditorNode[]; edges: EditorEdge[] } {
  if (nodes.find((node) => node.id === id)?.type === "start") return { nodes, edges };
  return {
    nodes: nodes.filter((node) => node.id !== id),
    edges: edges.filter((edge) => edge.source !== id && edge.target !== id),
  };
}

/** The stored graph as the canvas draws it. */
export function fromGraph(graph: { nodes: FlowNode[]; connections: Record<string, unknown>[] }): {
  nodes: EditorNode[];
  edges: EditorEdge[];
} {
  const nodes = graph.nodes.map(
    (node): EditorNode => ({
      id: node.id,
      type: node.type as FlowNodeType,
      position: node.position,
      data: node.data,
      ...(node.type === "start" ? startFlags : {}),
    }),
  );
  const edges = graph.connections.map((connection, index): EditorEdge => {
    const source = String(connection.source);
    const target = String(connection.target);
    const sourceHandle = typeof connection.sourceHandle === "string" ? connection.sourceHandle : null;
    return {
      id: typeof connection.id === "string" ? connection.id : `e${index}-${source}-${target}`,
      source,
      target,
      sourceHandle,
      targetHandle: typeof connection.targetHandle === "string" ? connection.targetHandle : null,
    };
  });
  return { nodes, edges };
}

/** What POST /flowbuilder/flow stores: nodes and connections, without the canvas's own state. */
export function toGraph(nodes: EditorNode[], edges: EditorEdge[]) {
  return {
    nodes: nodes.map((node) => ({
      id: node.id,
      type: node.type as FlowNodeType,
      position: { x: Math.round(node.position.x), y: Math.round(node.position.y) },
      data: node.data,
    })),
    connections: edges.map((edge) => ({
      id: edge.id,
      source: edge.source,
      target: edge.target,
      sourceHandle: edge.sourceHandle ?? null,
      targetHandle: edge.targetHandle ?? null,
    })),
  };
}

/**
 * The graph's problems as the server will see them (flow-check, shared): errors stop the save,
 * warnings (a node no path reaches) do not. A graph the schema refuses is one error.
 */
export function checkGraph(nodes: EditorNode[], edges: EditorEdge[]): FlowProblem[] {
  const parsed = flowGraph.safeParse(toGraph(nodes, edges));
  if (!parsed.success) {
    const nodeIndex = parsed.error.issues[0]?.path[1];
    const nodeId = typeof nodeIndex === "number" ? nodes[nodeIndex]?.id : undefined;
    return [
      {
        code: "emptyMessage",
        message: parsed.error.issues[0]?.message ?? "",
        severity: "error",
        ...(nodeId ? { nodeId } : {}),
      },
    ];
  }
  return checkFlowGraph(parsed.data as FlowGraphData);
}

/** A menu's handles, one per option (spec 3 section 3; flow-graph.ts names them "a{number}"). */
export const menuHandles = (options: { number: number }[]) =>
  options.map((option) => menuOptionHandle(option.number));

/** Drops edges leaving by a handle the node no longer has (a removed menu option). */
export function pruneEdges(nodes: EditorNode[], edges: EditorEdge[]): EditorEdge[] {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  return edges.filter((edge) => {
    const source = byId.get(edge.source);
    if (!source || !byId.has(edge.target)) return false;
    if (source.type !== "menu" || !edge.sourceHandle) return true;
    const options = (source.data.arrayOption ?? []) as { number: number }[];
    return menuHandles(options).includes(edge.sourceHandle);
  });
}
