import type { FlowConnection, FlowDto, FlowNode, FlowWithGraph } from "@inbox/shared";
import type { FlowRow, FlowSummaryRow } from "./repo.js";

/** The only ways a flow leaves the server: the list row, and the row with its graph. */
export function presentFlow(row: FlowSummaryRow): FlowDto {
  return {
    id: row.id,
    name: row.name,
    active: row.active,
    companyId: row.companyId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentFlowWithGraph(row: FlowRow): FlowWithGraph {
  return {
    ...presentFlow(row),
    flow: { nodes: row.nodes as FlowNode[], connections: row.connections as FlowConnection[] },
  };
}
