import { LIMITS } from "@inbox/shared";
import { and, count, eq, ilike, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { descNullsLast } from "../../db/order.js";
import { announcements, companies } from "../../db/schema/index.js";
import { rowOf } from "../../db/tenant-scope.js";
import { escapeLike } from "../users/repo.js";

export type AnnouncementRow = typeof announcements.$inferSelect;
export type NewAnnouncement = Omit<
  typeof announcements.$inferInsert,
  "id" | "companyId" | "createdAt" | "updatedAt"
>;

export class AnnouncementsRepo {
  constructor(private readonly db: Db) {}

  /**
   * Announcements a company reads: the platform's (written by the super
   * administrator in company 1) and its own; newest first. Only active ones,
   * unless `withInactive` (a super user's /announcements page: the own
   * company's rows in any status).
   */
  async listFor(
    companyId: number,
    search: string,
    page: { number: number; size: number },
    options: { withInactive?: boolean } = {},
  ): Promise<{ rows: AnnouncementRow[]; count: number }> {
    const term = search.trim().toLowerCase();
    const where = and(
      options.withInactive
        ? eq(announcements.companyId, companyId)
        : inArray(announcements.companyId, [...new Set([companyId, LIMITS.platformCompanyId])]),
      options.withInactive ? undefined : eq(announcements.status, true),
      term ? ilike(announcements.title, `%${escapeLike(term)}%`) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(announcements)
        .where(where)
        .orderBy(descNullsLast(announcements.createdAt), descNullsLast(announcements.id))
        .limit(page.size)
        .offset((page.number - 1) * page.size),
      this.db.select({ value: count() }).from(announcements).where(where),
    ]);
    return { rows, count: Number(total?.value ?? 0) };
  }

  async findById(companyId: number, id: number): Promise<AnnouncementRow | undefined> {
    const [row] = await this.db
      .select()
      .from(announcements)
      .where(rowOf(announcements, companyId, id));
    return row;
  }

  async insert(companyId: number, values: NewAnnouncement): Promise<AnnouncementRow> {
    const [row] = await this.db
      .insert(announcements)
      .values({ ...values, companyId })
      .returning();
    return row as AnnouncementRow;
  }

  async update(
    companyId: number,
    id: number,
    values: Partial<NewAnnouncement>,
  ): Promise<AnnouncementRow | undefined> {
    const [row] = await this.db
      .update(announcements)
      .set({ ...values, updatedAt: new Date() })
      .where(rowOf(announcements, companyId, id))
      .returning();
    return row;
  }

  async delete(companyId: number, id: number): Promise<AnnouncementRow | undefined> {
    const [row] = await this.db
      .delete(announcements)
      .where(rowOf(announcements, companyId, id))
      .returning();
    return row;
  }

  /** Every company's id: a platform announcement is announced to each. */
  async companyIds(): Promise<number[]> {
    return (await this.db.select({ id: companies.id }).from(companies)).map((row) => row.id);
  }
}
