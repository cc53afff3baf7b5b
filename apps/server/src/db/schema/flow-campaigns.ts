import { boolean, index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { sameCompany, tenant, timestamps } from "./columns.js";
import { companies } from "./companies.js";
import { whatsapps } from "./connections.js";
import { flows } from "./flows.js";

/**
 * Phrase campaigns (spec 3 "Flow campaign (phrase)"; modules/flow-campaigns): a contact's message
 * matching `phrase` on the connection starts the flow. Deleting the flow deletes its phrase
 * campaigns; deleting the connection leaves them without one (the dialog flags it).
 */
export const flowCampaigns = pgTable(
  "flow_campaigns",
  {
    id: serial().primaryKey(),
    companyId: tenant().references(() => companies.id, { onDelete: "cascade" }),
    name: text().notNull(),
    flowId: integer().notNull(),
    whatsappId: integer(),
    phrase: text().notNull(),
    status: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [
    sameCompany("flow_campaigns_flow_id_fk", t.companyId, t.flowId, flows, "cascade"),
    sameCompany("flow_campaigns_whatsapp_id_fk", t.companyId, t.whatsappId, whatsapps, "set null"),
    /** The list, by name then id; the runtime's lookup of a connection's active phrases. */
    index("flow_campaigns_company_name_idx").on(t.companyId, t.name, t.id),
    index("flow_campaigns_company_whatsapp_idx").on(t.companyId, t.whatsappId),
  ],
);
