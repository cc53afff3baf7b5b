import { LIMITS } from "@inbox/shared";
import { and, count, desc, eq, ilike, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { announcements } from "../../db/schema/index.js";
import { escapeLike } from "../users/repo.js";

export type AnnouncementRow = typeof announcements.$inferSelect;

export class AnnouncementsRepo {
  constructor(private readonly db: Db) {}

  /**
   * Active announcements a company reads: the platform's (written by the
   * super administrator in company 1) and its own; newest first.
   */
  async listFor(
    companyId: number,
    search: string,
    page: { number: number; size: number },
  ): Promise<{ rows: AnnouncementRow[]; count: number }> {
    const term = search.trim().toLowerCase();
    const where = and(
      inArray(announcements.companyId, [...new Set([companyId, LIMITS.platformCompanyId])]),
      eq(announcements.status, true),
      term ? ilike(announcements.title, `%${escapeLike(term)}%`) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(announcements)
        .where(where)
        .orderBy(desc(announcements.createdAt), desc(announcements.id))
        .limit(page.size)
        .offset((page.number - 1) * page.size),
      this.db.select({ value: count() }).from(announcements).where(where),
    ]);
    return { rows, count: Number(total?.value ?? 0) };
  }
}
