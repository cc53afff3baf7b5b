import { and, asc, count, eq, ilike, inArray, or, sql } from "drizzle-orm";
import { type Db, rowsOf, type Tx } from "../../db/client.js";
import { insertRows } from "../../db/json-rows.js";
import { contactListImports, contactListItems, contactLists } from "../../db/schema/index.js";
import { ofCompany, rowOf } from "../../db/tenant-scope.js";
import { escapeLike } from "../users/repo.js";

type Runner = Db | Tx;
export type ContactListRow = typeof contactLists.$inferSelect & { contactsCount: number };
export type ContactListItemRow = typeof contactListItems.$inferSelect;
export type ContactListImportRow = typeof contactListImports.$inferSelect;
export type NewContactListItem = Pick<ContactListItemRow, "name" | "number" | "email" | "isWhatsappValid">;
export type RefusedRowRecord = ContactListImportRow["refused"][number];

interface Page {
  number: number;
  size: number;
}

/** The list's item count (contact_list_items_company_list_name_idx); written out, as drizzle leaves columns unqualified here. */
const itemsCount = sql<number>`(SELECT count(*)::int FROM "contact_list_items" i
  WHERE i."company_id" = "contact_lists"."company_id" AND i."contact_list_id" = "contact_lists"."id")`;

/** Every query of contact lists, their items and imports; each takes the company it works in. */
export class ContactListsRepo {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /**
   * One page of lists by name then id (a total order: each list once across pages), served by
   * contact_lists_company_name_idx; the name search by contact_lists_name_trgm_idx. The count of
   * each list's items reads contact_list_items_company_list_name_idx.
   */
  async lists(
    companyId: number,
    search: string,
    page: Page,
  ): Promise<{ rows: ContactListRow[]; count: number }> {
    const term = search.trim();
    const where = ofCompany(
      contactLists,
      companyId,
      term ? ilike(contactLists.name, `%${escapeLike(term)}%`) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      this.db
        .select({ list: contactLists, contactsCount: itemsCount })
        .from(contactLists)
        .where(where)
        .orderBy(asc(contactLists.name), asc(contactLists.id))
        .limit(page.size)
        .offset((page.number - 1) * page.size),
      this.db.select({ value: count() }).from(contactLists).where(where),
    ]);
    return {
      rows: rows.map((r) => ({ ...r.list, contactsCount: Number(r.contactsCount) })),
      count: Number(total?.value ?? 0),
    };
  }

  /** Every list of the company by name (GET /contact-lists/list, the campaign dialog's picker). */
  async allLists(companyId: number): Promise<ContactListRow[]> {
    const rows = await this.db
      .select({ list: contactLists, contactsCount: itemsCount })
      .from(contactLists)
      .where(ofCompany(contactLists, companyId))
      .orderBy(asc(contactLists.name), asc(contactLists.id));
    return rows.map((r) => ({ ...r.list, contactsCount: Number(r.contactsCount) }));
  }

  async list(companyId: number, id: number, runner: Runner = this.db): Promise<ContactListRow | undefined> {
    const [row] = await runner
      .select({ list: contactLists, contactsCount: itemsCount })
      .from(contactLists)
      .where(rowOf(contactLists, companyId, id))
      .limit(1);
    return row ? { ...row.list, contactsCount: Number(row.contactsCount) } : undefined;
  }

  async insertList(companyId: number, name: string): Promise<number> {
    const [row] = await this.db
      .insert(contactLists)
      .values({ companyId, name })
      .returning({ id: contactLists.id });
    if (!row) throw new Error("contact list insert returned no row");
    return row.id;
  }

  async renameList(companyId: number, id: number, name: string): Promise<boolean> {
    const rows = await this.db
      .update(contactLists)
      .set({ name, updatedAt: new Date() })
      .where(rowOf(contactLists, companyId, id))
      .returning({ id: contactLists.id });
    return rows.length > 0;
  }

  /** Deletes the list; its items and imports go with it (ON DELETE CASCADE). */
  async deleteList(companyId: number, id: number): Promise<boolean> {
    const rows = await this.db
      .delete(contactLists)
      .where(rowOf(contactLists, companyId, id))
      .returning({ id: contactLists.id });
    return rows.length > 0;
  }

  /**
   * One page of a list's items by name then id, served by contact_list_items_company_list_name_idx;
   * searchParam matches the name or the number.
   */
  async items(
    companyId: number,
    contactListId: number,
    search: string,
    page: Page,
  ): Promise<{ rows: ContactListItemRow[]; count: number }> {
    const term = search.trim();
    const like = `%${escapeLike(term)}%`;
    const where = ofCompany(
      contactListItems,
      companyId,
      eq(contactListItems.contactListId, contactListId),
      term ? or(ilike(contactListItems.name, like), ilike(contactListItems.number, like)) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(contactListItems)
        .where(where)
        .orderBy(asc(contactListItems.name), asc(contactListItems.id))
        .limit(page.size)
        .offset((page.number - 1) * page.size),
      this.db.select({ value: count() }).from(contactListItems).where(where),
    ]);
    return { rows, count: Number(total?.value ?? 0) };
  }

  async item(companyId: number, id: number): Promise<ContactListItemRow | undefined> {
    const [row] = await this.db
      .select()
      .from(contactListItems)
      .where(rowOf(contactListItems, companyId, id))
      .limit(1);
    return row;
  }

  /** The item of the list holding this number, if any (one number once per list). */
  async itemByNumber(companyId: number, contactListId: number, number: string) {
    const [row] = await this.db
      .select({ id: contactListItems.id })
      .from(contactListItems)
      .where(
        ofCompany(
          contactListItems,
          companyId,
          eq(contactListItems.contactListId, contactListId),
          eq(contactListItems.number, number),
        ),
      )
      .limit(1);
    return row;
  }

  async insertItem(companyId: number, contactListId: number, values: NewContactListItem) {
    const [row] = await this.db
      .insert(contactListItems)
      .values({ ...values, companyId, contactListId })
      .returning();
    if (!row) throw new Error("contact list item insert returned no row");
    return row;
  }

  async updateItem(
    companyId: number,
    id: number,
    values: Partial<NewContactListItem> & { contactListId?: number },
  ): Promise<ContactListItemRow | undefined> {
    const [row] = await this.db
      .update(contactListItems)
      .set({ ...values, updatedAt: new Date() })
      .where(rowOf(contactListItems, companyId, id))
      .returning();
    return row;
  }

  async deleteItem(companyId: number, id: number): Promise<ContactListItemRow | undefined> {
    const [row] = await this.db
      .delete(contactListItems)
      .where(rowOf(contactListItems, companyId, id))
      .returning();
    return row;
  }

  /**
   * Adds a batch of an import; a number the list already holds is skipped (the unique index
   * contact_list_items_list_number_key decides, also against a concurrent import). Answers the
   * numbers added.
   */
  async insertBatch(
    tx: Tx,
    companyId: number,
    contactListId: number,
    rows: NewContactListItem[],
  ): Promise<Set<string>> {
    if (rows.length === 0) return new Set();
    // One JSON parameter instead of a VALUES list of 6,000 bound values: the 100,000-row import
    // benchmark (bench/import.ts) spent half its server CPU building the query-builder statement.
    const result = await tx.execute(sql`${insertRows(
      contactListItems,
      ["companyId", "contactListId", "name", "number", "email", "isWhatsappValid"],
      rows.map((row) => ({ ...row, companyId, contactListId })),
    )}
      ON CONFLICT (contact_list_id, number) DO NOTHING
      RETURNING number`);
    return new Set(rowsOf<{ number: string }>(result).map((row) => row.number));
  }

  async createImport(
    companyId: number,
    values: { contactListId: number; userId: number; fileName: string; filePath: string },
  ): Promise<ContactListImportRow> {
    const [row] = await this.db
      .insert(contactListImports)
      .values({ ...values, companyId })
      .returning();
    if (!row) throw new Error("contact list import insert returned no row");
    return row;
  }

  async importOf(
    companyId: number,
    id: number,
    runner: Runner = this.db,
  ): Promise<ContactListImportRow | undefined> {
    const [row] = await runner
      .select()
      .from(contactListImports)
      .where(rowOf(contactListImports, companyId, id))
      .limit(1);
    return row;
  }

  /** The latest import of a list (the items page shows its report after a reload). */
  async latestImport(companyId: number, contactListId: number): Promise<ContactListImportRow | undefined> {
    const [row] = await this.db
      .select()
      .from(contactListImports)
      .where(ofCompany(contactListImports, companyId, eq(contactListImports.contactListId, contactListId)))
      .orderBy(sql`${contactListImports.id} DESC`)
      .limit(1);
    return row;
  }

  async setImportState(
    companyId: number,
    id: number,
    values: Partial<Pick<ContactListImportRow, "status" | "error" | "finishedAt" | "filePath">>,
  ): Promise<ContactListImportRow | undefined> {
    const [row] = await this.db
      .update(contactListImports)
      .set({ ...values, updatedAt: new Date() })
      .where(rowOf(contactListImports, companyId, id))
      .returning();
    return row;
  }

  /** One batch's outcome, in the batch's transaction: a retried job resumes after `processed`. */
  async recordBatch(
    tx: Tx,
    companyId: number,
    id: number,
    batch: { processed: number; imported: number; refused: RefusedRowRecord[] },
  ): Promise<void> {
    await tx
      .update(contactListImports)
      .set({
        processed: batch.processed,
        imported: sql`${contactListImports.imported} + ${batch.imported}`,
        refusedCount: sql`${contactListImports.refusedCount} + ${batch.refused.length}`,
        refused: sql`${contactListImports.refused} || ${JSON.stringify(batch.refused)}::jsonb`,
        updatedAt: new Date(),
      })
      .where(rowOf(contactListImports, companyId, id));
  }

  /** Items whose number a WhatsApp check answered. */
  async setWhatsappValid(companyId: number, contactListId: number, numbers: string[], valid: boolean) {
    if (numbers.length === 0) return;
    await this.db
      .update(contactListItems)
      .set({ isWhatsappValid: valid })
      .where(
        and(
          ofCompany(contactListItems, companyId, eq(contactListItems.contactListId, contactListId)),
          inArray(contactListItems.number, numbers),
        ),
      );
  }
}
