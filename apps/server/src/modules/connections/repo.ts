import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { whatsapps } from "../../db/schema/index.js";

export class ConnectionsRepo {
  constructor(private readonly db: Db) {}

  async exists(companyId: number, id: number, runner: Db | Tx = this.db): Promise<boolean> {
    const [row] = await runner
      .select({ id: whatsapps.id })
      .from(whatsapps)
      .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.id, id)))
      .limit(1);
    return row !== undefined;
  }
}
