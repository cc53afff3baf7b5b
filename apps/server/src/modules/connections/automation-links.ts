import type { Tx } from "../../db/client.js";
import { flows, prompts, queueIntegrations } from "../../db/schema/index.js";
import { rowOf } from "../../db/tenant-scope.js";
import { AppError } from "../../http/app-error.js";

/** The automation a connection names (spec 3): each id null, absent, or a record of its company. */
export interface AutomationLinks {
  promptId?: number | null;
  integrationId?: number | null;
  flowIdWelcome?: number | null;
  flowIdNotPhrase?: number | null;
}

const TABLES = {
  promptId: prompts,
  integrationId: queueIntegrations,
  flowIdWelcome: flows,
  flowIdNotPhrase: flows,
} as const;

/** Refuses (ERR_VALIDATION on the field) an id that is not one of the company's records. */
export async function checkAutomationLinks(tx: Tx, companyId: number, input: AutomationLinks): Promise<void> {
  for (const field of Object.keys(TABLES) as (keyof AutomationLinks)[]) {
    const id = input[field];
    if (id == null) continue;
    const table = TABLES[field];
    const [row] = await tx
      .select({ id: table.id })
      .from(table)
      .where(rowOf(table, companyId, id));
    if (!row) throw new AppError("ERR_VALIDATION", { field, message: "Unknown record" });
  }
}
