import { and, asc, eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { whatsapps } from "../../db/schema/index.js";

export class ConnectionsRepo {
  constructor(private readonly db: Db) {}

  async list(companyId: number, channel?: string): Promise<(typeof whatsapps.$inferSelect)[]> {
    return this.db
      .select()
      .from(whatsapps)
      .where(and(eq(whatsapps.companyId, companyId), channel ? eq(whatsapps.channel, channel) : undefined))
      .orderBy(asc(whatsapps.name), asc(whatsapps.id));
  }

  async exists(companyId: number, id: number, runner: Db | Tx = this.db): Promise<boolean> {
    const [row] = await runner
      .select({ id: whatsapps.id })
      .from(whatsapps)
      .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.id, id)))
      .limit(1);
    return row !== undefined;
  }
}

export type ConnectionRow = typeof whatsapps.$inferSelect;
