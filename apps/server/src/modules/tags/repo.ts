import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { contactTags, tags } from "../../db/schema/index.js";
import { ofCompany, rowOf } from "../../db/tenant-scope.js";

type Runner = Db | Tx;
export type TagRow = typeof tags.$inferSelect;

/** Tags and their links to tickets and contacts; every query by company. */
export class TagsRepo {
  constructor(private readonly db: Db) {}

  async list(companyId: number, kanban?: number): Promise<TagRow[]> {
    return this.db
      .select()
      .from(tags)
      .where(ofCompany(tags, companyId, kanban === undefined ? undefined : eq(tags.kanban, kanban)))
      .orderBy(asc(tags.name), asc(tags.id));
  }

  async findById(companyId: number, id: number, runner: Runner = this.db): Promise<TagRow | undefined> {
    const [row] = await runner
      .select()
      .from(tags)
      .where(rowOf(tags, companyId, id))
      .limit(1);
    return row;
  }

  async findByName(companyId: number, name: string): Promise<TagRow | undefined> {
    const [row] = await this.db
      .select()
      .from(tags)
      .where(ofCompany(tags, companyId, eq(tags.name, name)))
      .limit(1);
    return row;
  }

  /** Inserts unless the company already has a tag of that name; undefined when it had. */
  async insert(
    companyId: number,
    values: Omit<typeof tags.$inferInsert, "companyId">,
    runner: Runner = this.db,
  ) {
    const [row] = await runner
      .insert(tags)
      .values({ ...values, companyId })
      .onConflictDoNothing({ target: [tags.companyId, tags.name] })
      .returning();
    return row;
  }

  /** The ids among `ids` that are tags of the company. */
  async existingIds(companyId: number, ids: number[], runner: Runner = this.db): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await runner
      .select({ id: tags.id })
      .from(tags)
      .where(ofCompany(tags, companyId, inArray(tags.id, ids)));
    return rows.map((r) => r.id);
  }

  async contactTags(companyId: number, contactId: number): Promise<TagRow[]> {
    return this.db
      .select({ tag: tags })
      .from(contactTags)
      .innerJoin(tags, and(eq(tags.id, contactTags.tagId), eq(tags.companyId, companyId)))
      .where(ofCompany(contactTags, companyId, eq(contactTags.contactId, contactId)))
      .orderBy(asc(tags.name), asc(tags.id))
      .then((rows) => rows.map((r) => r.tag));
  }

  /** The contact's tags become exactly `tagIds` (already checked to be the company's). */
  async replaceContactTags(tx: Tx, companyId: number, contactId: number, tagIds: number[]): Promise<void> {
    await tx
      .delete(contactTags)
      .where(ofCompany(contactTags, companyId, eq(contactTags.contactId, contactId)));
    if (tagIds.length > 0) {
      await tx.insert(contactTags).values(tagIds.map((tagId) => ({ companyId, contactId, tagId })));
    }
  }
}
