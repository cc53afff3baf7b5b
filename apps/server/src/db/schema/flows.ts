import { boolean, index, jsonb, pgTable, serial, text, unique } from "drizzle-orm/pg-core";
import { tenant, timestamps } from "./columns.js";
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
