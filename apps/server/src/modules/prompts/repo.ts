import { and, asc, count, eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { prompts, queues, whatsapps } from "../../db/schema/index.js";
import { ofCompany, rowOf } from "../../db/tenant-scope.js";

export type PromptRow = typeof prompts.$inferSelect;
export type PromptWithQueue = PromptRow & { queueName: string | null };
export type NewPrompt = Omit<typeof prompts.$inferInsert, "companyId" | "id">;

const withQueue = { prompt: prompts, queueName: queues.name };

/** Every query of AI prompts; each takes the company it works in. */
export class PromptsRepo {
  constructor(private readonly db: Db) {}

  /** One page by name then id (each prompt once across pages), served by prompts_company_name_idx. */
  async page(companyId: number, page: { number: number; size: number }) {
    const where = ofCompany(prompts, companyId);
    const [rows, [total]] = await Promise.all([
      this.db
        .select(withQueue)
        .from(prompts)
        .leftJoin(queues, and(eq(queues.companyId, prompts.companyId), eq(queues.id, prompts.queueId)))
        .where(where)
        .orderBy(asc(prompts.name), asc(prompts.id))
        .limit(page.size)
        .offset((page.number - 1) * page.size),
      this.db.select({ value: count() }).from(prompts).where(where),
    ]);
    return { rows: rows.map(flatten), count: Number(total?.value ?? 0) };
  }

  async find(companyId: number, id: number): Promise<PromptWithQueue | undefined> {
    const [row] = await this.db
      .select(withQueue)
      .from(prompts)
      .leftJoin(queues, and(eq(queues.companyId, prompts.companyId), eq(queues.id, prompts.queueId)))
      .where(rowOf(prompts, companyId, id));
    return row ? flatten(row) : undefined;
  }

  async queueExists(companyId: number, id: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: queues.id })
      .from(queues)
      .where(rowOf(queues, companyId, id));
    return Boolean(row);
  }

  async insert(companyId: number, values: NewPrompt): Promise<number> {
    const [row] = await this.db
      .insert(prompts)
      .values({ ...values, companyId })
      .returning({ id: prompts.id });
    if (!row) throw new Error("prompt insert returned no row");
    return row.id;
  }

  async update(companyId: number, id: number, values: Partial<NewPrompt>): Promise<boolean> {
    const rows = await this.db
      .update(prompts)
      .set({ ...values, updatedAt: new Date() })
      .where(rowOf(prompts, companyId, id))
      .returning({ id: prompts.id });
    return rows.length > 0;
  }

  /** Deletes the prompt and unlinks the connections that answered through it, together. */
  async remove(companyId: number, id: number): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      await tx
        .update(whatsapps)
        .set({ promptId: null })
        .where(ofCompany(whatsapps, companyId, eq(whatsapps.promptId, id)));
      const rows = await tx
        .delete(prompts)
        .where(rowOf(prompts, companyId, id))
        .returning({ id: prompts.id });
      return rows.length > 0;
    });
  }
}

function flatten(row: { prompt: PromptRow; queueName: string | null }): PromptWithQueue {
  return { ...row.prompt, queueName: row.queueName };
}
