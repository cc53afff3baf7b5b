import { Placeholder, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { PgDialect } from "drizzle-orm/pg-core";
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
  return withoutScans(database, [], (tx) => tx.execute(sql`EXPLAIN (FORMAT JSON) ${query}`));
}

type Tx = Parameters<Parameters<Database["db"]["transaction"]>[0]>[0];

/**
 * Runs `explain` in a transaction with sequential and bitmap scans off (and `settings` on), and
 * answers the plan of its EXPLAIN (FORMAT JSON) rows.
 */
async function withoutScans(
  database: Database,
  settings: SQL[],
  explain: (tx: Tx) => Promise<unknown>,
): Promise<PlanNode> {
  return database.db.transaction(async (tx) => {
    for (const setting of [sql`enable_seqscan = off`, sql`enable_bitmapscan = off`, ...settings])
      await tx.execute(sql`SET LOCAL ${setting}`);
    const [row] = rowsOf<{ "QUERY PLAN": unknown }>(await explain(tx));
    const json = row?.["QUERY PLAN"];
    const parsed = (typeof json === "string" ? JSON.parse(json) : json) as { Plan: PlanNode }[];
    return parsed[0]?.Plan as PlanNode;
  });
}

/** Every scan in the plan (of `table` only, when given), as "node type index", e.g. "Index Only Scan x_idx". */
export function scansOf(node: PlanNode, table?: string): string[] {
  const here =
    node["Node Type"].endsWith("Scan") && node["Relation Name"] && (!table || node["Relation Name"] === table)
      ? [`${node["Node Type"]} ${node["Index Name"] ?? ""}`.trim()]
      : [];
  return [...here, ...(node.Plans ?? []).flatMap((child) => scansOf(child, table))];
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

/**
 * The generic plan of `query` (built with `Placeholders.bind`, as a shaped statement is): the plan a
 * prepared statement may settle on after a few executions, made without its values. Scans are
 * switched off as in `planOf`.
 */
export async function genericPlanOf(
  database: Database,
  query: SQL,
  values: Record<string, unknown>,
): Promise<PlanNode> {
  const dialect = (database.db as unknown as { dialect: PgDialect }).dialect;
  const { sql: text, params } = dialect.sqlToQuery(query);
  const args = params.map((p) => (p instanceof Placeholder ? values[p.name] : p));
  const name = `generic_plan_${++prepared}`;
  return withoutScans(database, [sql`plan_cache_mode = force_generic_plan`], async (tx) => {
    await tx.execute(sql.raw(`PREPARE ${name} AS ${text}`));
    // EXECUTE takes no bound parameters under EXPLAIN: the values are written as literals.
    const call = `EXPLAIN (FORMAT JSON) EXECUTE ${name}(${args.map(literal).join(", ")})`;
    const rows = await tx.execute(sql.raw(call));
    await tx.execute(sql.raw(`DEALLOCATE ${name}`));
    return rows;
  });
}

/** A test value as an SQL literal (numbers, text, booleans, null and arrays of them). */
function literal(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  if (Array.isArray(value)) return `ARRAY[${value.map(literal).join(", ")}]`;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return `'${String(value).replaceAll("'", "''")}'`;
}

/** Names of the statements genericPlanOf prepares: one left behind by a failure does not block the next. */
let prepared = 0;
