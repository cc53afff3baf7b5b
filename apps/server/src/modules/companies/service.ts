import type { Db } from "../../db/client.js";
import { companies, companySettings, plans } from "../../db/schema/index.js";

export interface NewCompany {
  name: string;
  planId: number;
  dueDate: string | null;
  email?: string;
  status?: boolean;
}

/** A company always has its settings row; both are created together. */
export async function createCompany(db: Db, input: NewCompany): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(companies).values(input).returning({ id: companies.id });
    if (!row) throw new Error("insert returned no row");
    await tx.insert(companySettings).values({ companyId: row.id });
    return row.id;
  });
}

export async function createPlan(db: Db, input: typeof plans.$inferInsert): Promise<number> {
  const [row] = await db.insert(plans).values(input).returning({ id: plans.id });
  if (!row) throw new Error("insert returned no row");
  return row.id;
}
