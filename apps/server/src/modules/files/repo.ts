import { asc, count, ilike, inArray } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { fileListOptions, fileLists } from "../../db/schema/index.js";
import { ofCompany, rowOf } from "../../db/tenant-scope.js";
import { escapeLike } from "../users/repo.js";

type Runner = Db | Tx;
export type FileListRow = typeof fileLists.$inferSelect;
export type FileListOptionRow = typeof fileListOptions.$inferSelect;
export type FileListWithOptions = FileListRow & { options: FileListOptionRow[] };
export type OptionFile = Pick<FileListOptionRow, "path" | "mediaType" | "mediaName">;

/** Every query of file lists and their options; each takes the company it works in. */
export class FileListsRepo {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /**
   * One page of lists by name then id (a total order: each list once across pages), served by
   * file_lists_company_name_idx; the name search by file_lists_name_trgm_idx.
   */
  async page(
    companyId: number,
    search: string,
    page: { number: number; size: number },
  ): Promise<{ rows: FileListWithOptions[]; count: number }> {
    const term = search.trim();
    const where = ofCompany(
      fileLists,
      companyId,
      term ? ilike(fileLists.name, `%${escapeLike(term)}%`) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(fileLists)
        .where(where)
        .orderBy(asc(fileLists.name), asc(fileLists.id))
        .limit(page.size)
        .offset((page.number - 1) * page.size),
      this.db.select({ value: count() }).from(fileLists).where(where),
    ]);
    return { rows: await this.withOptions(companyId, rows), count: Number(total?.value ?? 0) };
  }

  /** Every list of the company by name (the pickers of the queue and chatbot editors). */
  async summaries(companyId: number): Promise<{ id: number; name: string }[]> {
    return this.db
      .select({ id: fileLists.id, name: fileLists.name })
      .from(fileLists)
      .where(ofCompany(fileLists, companyId))
      .orderBy(asc(fileLists.name), asc(fileLists.id));
  }

  async find(
    companyId: number,
    id: number,
    runner: Runner = this.db,
  ): Promise<FileListWithOptions | undefined> {
    const [row] = await runner
      .select()
      .from(fileLists)
      .where(rowOf(fileLists, companyId, id));
    if (!row) return undefined;
    return (await this.withOptions(companyId, [row], runner))[0];
  }

  /** Locks the list's row: writes to one list (its options, its files) happen one at a time. */
  async lock(tx: Tx, companyId: number, id: number): Promise<FileListRow | undefined> {
    const [row] = await tx
      .select()
      .from(fileLists)
      .where(rowOf(fileLists, companyId, id))
      .for("update");
    return row;
  }

  /** The ids among `ids` that are lists of the company. */
  async existingIds(runner: Runner, companyId: number, ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await runner
      .select({ id: fileLists.id })
      .from(fileLists)
      .where(ofCompany(fileLists, companyId, inArray(fileLists.id, ids)));
    return rows.map((row) => row.id);
  }

  async insert(
    tx: Tx,
    companyId: number,
    values: { name: string; message: string; userId: number },
  ): Promise<FileListRow> {
    const [row] = await tx
      .insert(fileLists)
      .values({ ...values, companyId })
      .returning();
    return row as FileListRow;
  }

  async update(
    tx: Tx,
    companyId: number,
    id: number,
    values: { name: string; message: string },
  ): Promise<void> {
    await tx
      .update(fileLists)
      .set({ ...values, updatedAt: new Date() })
      .where(rowOf(fileLists, companyId, id));
  }

  async delete(companyId: number, id: number): Promise<boolean> {
    const rows = await this.db
      .delete(fileLists)
      .where(rowOf(fileLists, companyId, id))
      .returning({ id: fileLists.id });
    return rows.length > 0;
  }

  async insertOption(tx: Tx, companyId: number, fileListId: number, name: string): Promise<void> {
    await tx.insert(fileListOptions).values({ companyId, fileListId, name });
  }

  /** Renames an option; `file` given (null values to remove it) replaces its file. */
  async updateOption(
    tx: Tx,
    companyId: number,
    id: number,
    values: { name?: string } & Partial<OptionFile>,
  ): Promise<void> {
    await tx
      .update(fileListOptions)
      .set({ ...values, updatedAt: new Date() })
      .where(rowOf(fileListOptions, companyId, id));
  }

  async deleteOptions(tx: Tx, companyId: number, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await tx
      .delete(fileListOptions)
      .where(ofCompany(fileListOptions, companyId, inArray(fileListOptions.id, ids)));
  }

  /** The lists' options in id order (file_list_options_company_list_idx). */
  private async withOptions(
    companyId: number,
    rows: FileListRow[],
    runner: Runner = this.db,
  ): Promise<FileListWithOptions[]> {
    if (rows.length === 0) return [];
    const options = await runner
      .select()
      .from(fileListOptions)
      .where(
        ofCompany(
          fileListOptions,
          companyId,
          inArray(
            fileListOptions.fileListId,
            rows.map((row) => row.id),
          ),
        ),
      )
      .orderBy(asc(fileListOptions.fileListId), asc(fileListOptions.id));
    return rows.map((row) => ({ ...row, options: options.filter((o) => o.fileListId === row.id) }));
  }
}
