import { asc, count, eq, ilike, or } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { quickMessages } from "../../db/schema/index.js";
import { ofCompany, rowOf } from "../../db/tenant-scope.js";
import { escapeLike } from "../users/repo.js";

export type QuickMessageRow = typeof quickMessages.$inferSelect;
export type NewQuickMessage = Omit<typeof quickMessages.$inferInsert, "companyId" | "id">;

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

  /**
   * One page of the company's quick messages by shortcode then id (a total
   * order: a record is on one page only); the search matches the shortcode or
   * the text. The (company_id, shortcode, id) index serves the order.
   */
  async page(
    companyId: number,
    search: string,
    page: { number: number; size: number },
  ): Promise<{ rows: QuickMessageRow[]; count: number }> {
    const term = search.trim();
    const pattern = `%${escapeLike(term)}%`;
    const where = ofCompany(
      quickMessages,
      companyId,
      term ? or(ilike(quickMessages.shortcode, pattern), ilike(quickMessages.message, pattern)) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(quickMessages)
        .where(where)
        .orderBy(asc(quickMessages.shortcode), asc(quickMessages.id))
        .limit(page.size)
        .offset((page.number - 1) * page.size),
      this.db.select({ value: count() }).from(quickMessages).where(where),
    ]);
    return { rows, count: Number(total?.value ?? 0) };
  }

  async findById(companyId: number, id: number): Promise<QuickMessageRow | undefined> {
    const [row] = await this.db
      .select()
      .from(quickMessages)
      .where(rowOf(quickMessages, companyId, id));
    return row;
  }

  async insert(companyId: number, values: NewQuickMessage): Promise<QuickMessageRow> {
    const [row] = await this.db
      .insert(quickMessages)
      .values({ ...values, companyId })
      .returning();
    return row as QuickMessageRow;
  }

  async update(
    companyId: number,
    id: number,
    values: Partial<NewQuickMessage>,
  ): Promise<QuickMessageRow | undefined> {
    const [row] = await this.db
      .update(quickMessages)
      .set({ ...values, updatedAt: new Date() })
      .where(rowOf(quickMessages, companyId, id))
      .returning();
    return row;
  }

  async delete(companyId: number, id: number): Promise<QuickMessageRow | undefined> {
    const [row] = await this.db
      .delete(quickMessages)
      .where(rowOf(quickMessages, companyId, id))
      .returning();
    return row;
  }
}
