import { asc, eq, or } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { quickMessages } from "../../db/schema/index.js";
import { ofCompany } from "../../db/tenant-scope.js";

export type QuickMessageRow = typeof quickMessages.$inferSelect;

export class QuickMessagesRepo {
  constructor(private readonly db: Db) {}

  /** The company's global quick messages and the user's own, by shortcode. */
  async listFor(companyId: number, userId: number): Promise<QuickMessageRow[]> {
    return this.db
      .select()
      .from(quickMessages)
      .where(
        ofCompany(
          quickMessages,
          companyId,
          or(eq(quickMessages.geral, true), eq(quickMessages.userId, userId)),
        ),
      )
      .orderBy(asc(quickMessages.shortcode), asc(quickMessages.id));
  }
}
