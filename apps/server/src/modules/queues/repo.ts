import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { queues } from "../../db/schema/index.js";

export type QueueRow = typeof queues.$inferSelect;

export class QueuesRepo {
  constructor(private readonly db: Db) {}

  /** A company has tens of queues, not thousands: the whole list, in the menu's order. */
  async list(companyId: number): Promise<QueueRow[]> {
    return this.db
      .select()
      .from(queues)
      .where(eq(queues.companyId, companyId))
      .orderBy(sql`${queues.orderQueue} ASC NULLS LAST`, asc(queues.name), asc(queues.id));
  }
}
