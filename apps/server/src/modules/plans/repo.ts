import { asc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { companies, plans } from "../../db/schema/index.js";

type Runner = Db | Tx;
export type PlanRow = typeof plans.$inferSelect;
export type NewPlan = Omit<typeof plans.$inferInsert, "id" | "createdAt" | "updatedAt">;

/** Plans are platform data: no company owns them, so no query here is scoped by companyId. */
export class PlansRepo {
  constructor(private readonly db: Db) {}

  /** Tens of plans, not thousands: the whole list by name (the table's and the signup select's order). */
  async list(options: { onlyPublic: boolean }): Promise<PlanRow[]> {
    return this.db
      .select()
      .from(plans)
      .where(options.onlyPublic ? eq(plans.isPublic, true) : undefined)
      .orderBy(asc(plans.name), asc(plans.id));
  }

  async find(id: number, runner: Runner = this.db): Promise<PlanRow | undefined> {
    const [row] = await runner.select().from(plans).where(eq(plans.id, id)).limit(1);
    return row;
  }

  async insert(values: NewPlan): Promise<PlanRow> {
    const [row] = await this.db.insert(plans).values(values).returning();
    if (!row) throw new Error("insert returned no row");
    return row;
  }

  async update(id: number, values: Partial<NewPlan>): Promise<PlanRow | undefined> {
    const [row] = await this.db
      .update(plans)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(plans.id, id))
      .returning();
    return row;
  }

  /** Locks the plan row: a company created meanwhile (its foreign key locks the row too) waits. */
  async lockForUpdate(tx: Tx, id: number): Promise<boolean> {
    const [row] = await tx.select({ id: plans.id }).from(plans).where(eq(plans.id, id)).for("update");
    return row !== undefined;
  }

  async companiesOn(tx: Tx, id: number): Promise<number> {
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(companies)
      .where(eq(companies.planId, id));
    return row?.n ?? 0;
  }

  async delete(tx: Tx, id: number): Promise<void> {
    await tx.delete(plans).where(eq(plans.id, id));
  }
}
