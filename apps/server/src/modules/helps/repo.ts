import { asc, count, eq, ilike, or } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { helps } from "../../db/schema/index.js";
import { escapeLike } from "../users/repo.js";

export type HelpRow = typeof helps.$inferSelect;
export type NewHelp = Omit<typeof helps.$inferInsert, "id" | "createdAt" | "updatedAt">;

/** Help videos are platform data: no company owns them, so no query here is scoped by companyId. */
export class HelpsRepo {
  constructor(private readonly db: Db) {}

  /** A page by title (unique, so the order is total; the title's unique index serves it). */
  async page(options: {
    term: string;
    limit: number;
    offset: number;
  }): Promise<{ rows: HelpRow[]; count: number }> {
    const term = options.term.trim();
    const where = term
      ? or(ilike(helps.title, `%${escapeLike(term)}%`), ilike(helps.description, `%${escapeLike(term)}%`))
      : undefined;
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(helps)
        .where(where)
        .orderBy(asc(helps.title), asc(helps.id))
        .limit(options.limit)
        .offset(options.offset),
      this.db.select({ n: count() }).from(helps).where(where),
    ]);
    return { rows, count: total?.n ?? 0 };
  }

  /** The whole gallery: tens of videos, not thousands. */
  async all(): Promise<HelpRow[]> {
    return this.db.select().from(helps).orderBy(asc(helps.title), asc(helps.id));
  }

  async insert(values: NewHelp): Promise<HelpRow> {
    const [row] = await this.db.insert(helps).values(values).returning();
    if (!row) throw new Error("insert returned no row");
    return row;
  }

  async update(id: number, values: Partial<NewHelp>): Promise<HelpRow | undefined> {
    const [row] = await this.db
      .update(helps)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(helps.id, id))
      .returning();
    return row;
  }

  async delete(id: number): Promise<boolean> {
    const deleted = await this.db.delete(helps).where(eq(helps.id, id)).returning({ id: helps.id });
    return deleted.length > 0;
  }
}
