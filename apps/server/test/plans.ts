import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Database } from "../src/db/client.js";
import { rowsOf } from "../src/db/client.js";

/**
 * Query plans for tests that a list walks its index in the index's own order. Sequential and
 * bitmap scans are switched off, so an empty or tiny test table still shows which order the
 * planner can walk; a sort right above a scan of the list's table means the index order does not
 * match the query's (and on a large table PostgreSQL would read the whole range and sort it).
 */
export interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  Plans?: PlanNode[];
}

export async function planOf(database: Database, query: SQL | SQLWrapper): Promise<PlanNode> {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    await tx.execute(sql`SET LOCAL enable_bitmapscan = off`);
    const [row] = rowsOf<{ "QUERY PLAN": unknown }>(await tx.execute(sql`EXPLAIN (FORMAT JSON) ${query}`));
    const json = row?.["QUERY PLAN"];
    const parsed = (typeof json === "string" ? JSON.parse(json) : json) as { Plan: PlanNode }[];
    return parsed[0]?.Plan as PlanNode;
  });
}

/**
 * The sorts that read `table` in full: a Sort with a scan of `table` below it and no Limit in
 * between (a branch that stops after its page sits under its own Limit). Each is named by the scans.
 */
export function sortsOverScansOf(node: PlanNode, table: string): string[] {
  const children = node.Plans ?? [];
  const here = node["Node Type"] === "Sort" ? scansBelow(children, table) : [];
  return [
    ...(here.length > 0 ? [here.join(", ")] : []),
    ...children.flatMap((c) => sortsOverScansOf(c, table)),
  ];
}

function scansBelow(nodes: PlanNode[], table: string): string[] {
  return nodes.flatMap((node) => {
    if (node["Node Type"] === "Limit") return [];
    const here =
      node["Relation Name"] === table ? [`${node["Node Type"]} ${node["Index Name"] ?? ""}`.trim()] : [];
    return [...here, ...scansBelow(node.Plans ?? [], table)];
  });
}
