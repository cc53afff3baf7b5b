import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";
import { sameCompany, tenant, timestamps } from "./columns.js";
import { companies } from "./companies.js";

/**
 * Conversation flows (spec 3 sections 2, 3 and 7: /flowbuilders): a name, an active flag
 * (Ativo/Desativado) and the graph the editor draws, kept as given: `nodes` (id, type, position,
 * data) and `connections` (source, target). A new flow holds the default graph, one start node.
 */
export const flows = pgTable(
  "flows",
  {
    id: serial().primaryKey(),
    companyId: tenant().references(() => companies.id, { onDelete: "cascade" }),
    name: text().notNull(),
    active: boolean().notNull().default(true),
    nodes: jsonb().$type<unknown[]>().notNull().default([]),
    connections: jsonb().$type<unknown[]>().notNull().default([]),
    ...timestamps,
  },
  (t) => [
    unique("flows_company_id_id_key").on(t.companyId, t.id),
    /** The list page: name order (ties by id), so a page boundary never repeats or skips a row. */
    index("flows_company_name_idx").on(t.companyId, t.name, t.id),
    /** The list page's name search (ILIKE '%term%'). */
    index("flows_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
  ],
);

/**
 * The graphs contacts are walking (issue 13: a flow in progress finishes on the version it started
 * with). A flow's graph is copied here, keyed by the flow's `updatedAt` at that time, when a
 * contact starts it; the ticket's automation state names (flowId, version). Rows are never
 * changed; they go with their flow.
 */
export const flowVersions = pgTable(
  "flow_versions",
  {
    companyId: tenant(),
    flowId: integer().notNull(),
    /** The flow's updatedAt in epoch milliseconds when this graph was its own. */
    version: bigint({ mode: "number" }).notNull(),
    nodes: jsonb().$type<unknown[]>().notNull(),
    connections: jsonb().$type<unknown[]>().notNull(),
    createdAt: timestamp({ withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.flowId, t.version] }),
    sameCompany("flow_versions_flow_id_fk", t.companyId, t.flowId, flows, "cascade"),
  ],
);
