import { count, ilike, sql } from "drizzle-orm";
import { type Db, rowsOf } from "../../db/client.js";
import { descNullsLast } from "../../db/order.js";
import { invoices } from "../../db/schema/index.js";
import { ofCompany, rowOf } from "../../db/tenant-scope.js";
import { escapeLike } from "../users/repo.js";

export type InvoiceRow = typeof invoices.$inferSelect;

/** Every query of the invoices room; reads take the company they work in. */
export class InvoicesRepo {
  constructor(private readonly db: Db) {}

  /** A company's invoices newest first (index invoices_company_id_idx), a detail search, one page. */
  async list(
    companyId: number,
    options: { search: string; page: number; pageSize: number },
  ): Promise<{ rows: InvoiceRow[]; count: number }> {
    const term = options.search.trim();
    const filter = ofCompany(
      invoices,
      companyId,
      term ? ilike(invoices.detail, `%${escapeLike(term)}%`) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(invoices)
        .where(filter)
        // id is unique: pages never repeat or skip a row.
        .orderBy(descNullsLast(invoices.id))
        .limit(options.pageSize)
        .offset((options.page - 1) * options.pageSize),
      this.db.select({ value: count() }).from(invoices).where(filter),
    ]);
    return { rows, count: total?.value ?? 0 };
  }

  async findById(companyId: number, id: number): Promise<InvoiceRow | undefined> {
    const [row] = await this.db
      .select()
      .from(invoices)
      .where(rowOf(invoices, companyId, id))
      .limit(1);
    return row;
  }

  /**
   * One keyset batch of the generation job: the next `limit` companies after `afterId` (never
   * company 1, only active ones) whose due date is on or before `horizon` get their invoice for that
   * due date, figures copied from their plan. The unique (company, due date) index makes a second
   * run, or two processes at once, add nothing.
   */
  async generateBatch(
    afterId: number,
    horizon: string,
    limit: number,
    platformCompanyId: number,
  ): Promise<{ lastId: number | null; created: number }> {
    const result = await this.db.execute(sql`
      WITH batch AS (
        SELECT c.id, c.due_date, c.plan_id FROM companies c
        WHERE c.id > ${afterId} AND c.id <> ${platformCompanyId} AND c.status
          AND c.due_date IS NOT NULL AND c.due_date <= ${horizon}::date
        ORDER BY c.id LIMIT ${limit}
      ), made AS (
        INSERT INTO invoices (company_id, detail, users, connections, queues, value, due_date)
        SELECT b.id, p.name, p.users, p.connections, p.queues, p.amount, b.due_date
        FROM batch b JOIN plans p ON p.id = b.plan_id
        ON CONFLICT (company_id, due_date) DO NOTHING
        RETURNING id
      )
      SELECT (SELECT max(id) FROM batch)::int AS last_id, (SELECT count(*) FROM made)::int AS created`);
    const [row] = rowsOf<{ last_id: number | null; created: number }>(result);
    return { lastId: row?.last_id ?? null, created: row?.created ?? 0 };
  }

  /** Companies (never company 1) whose due date is in [from, to]: the ones that just expired. */
  async companiesDueBetween(
    from: string,
    to: string,
    afterId: number,
    limit: number,
    platformCompanyId: number,
  ): Promise<number[]> {
    const result = await this.db.execute(sql`
      SELECT id FROM companies
      WHERE id > ${afterId} AND id <> ${platformCompanyId} AND status
        AND due_date BETWEEN ${from}::date AND ${to}::date
      ORDER BY id LIMIT ${limit}`);
    return rowsOf<{ id: number }>(result).map((row) => row.id);
  }
}
