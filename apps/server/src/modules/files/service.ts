import {
  FILE_LIST_PAGE_SIZE,
  type FileListDto,
  type FileListEventPayload,
  type FileListInput,
  type FileListPage,
  type FileListSummary,
} from "@inbox/shared";
import type { FastifyRequest } from "fastify";
import type { Db, Tx } from "../../db/client.js";
import { AppError } from "../../http/app-error.js";
import type { RequestContext } from "../../http/context.js";
import type { Realtime } from "../../realtime/realtime.js";
import type { Storage } from "../../storage/storage.js";
import { authorizeFileLists } from "./policy.js";
import { presentFileList } from "./presenter.js";
import { FileListsRepo, type FileListWithOptions } from "./repo.js";
import { readOptionUploads } from "./uploads.js";

export interface FileListsServiceDeps {
  db: Db;
  realtime: Realtime;
  storage: Storage;
}

/**
 * File lists (spec 3 /files): every change goes through here, under the list's row lock, and is
 * announced on `company-{id}-file`. Replaced or deleted files are not removed here: a trigger
 * records them and the files.remove job deletes each once nothing refers to it (a message the bot
 * sent from the list shares its file). Deleting a list clears the queues and chatbot options that
 * pointed at it (ON DELETE SET NULL): they stop sending files, nothing else changes.
 */
export class FileListsService {
  readonly repo: FileListsRepo;

  constructor(private readonly deps: FileListsServiceDeps) {
    this.repo = new FileListsRepo(deps.db);
  }

  async page(ctx: RequestContext, query: { searchParam: string; pageNumber: number }): Promise<FileListPage> {
    authorizeFileLists(ctx.user);
    const size = FILE_LIST_PAGE_SIZE;
    const { rows, count } = await this.repo.page(ctx.companyId, query.searchParam, {
      number: query.pageNumber,
      size,
    });
    return { files: rows.map(presentFileList), count, hasMore: query.pageNumber * size < count };
  }

  async summaries(ctx: RequestContext): Promise<FileListSummary[]> {
    authorizeFileLists(ctx.user);
    return this.repo.summaries(ctx.companyId);
  }

  async show(ctx: RequestContext, id: number): Promise<FileListDto> {
    authorizeFileLists(ctx.user);
    return presentFileList(await this.find(ctx.companyId, id));
  }

  async create(ctx: RequestContext, input: FileListInput): Promise<FileListDto> {
    authorizeFileLists(ctx.user);
    const row = await this.repo.transaction(async (tx) => {
      const list = await this.repo.insert(tx, ctx.companyId, {
        name: input.name,
        message: input.message,
        userId: ctx.user.id,
      });
      // A new list has no options yet: ids sent with its options name nothing of it.
      if (input.options.some((option) => option.id !== undefined))
        throw new AppError("ERR_NOT_FOUND", { status: 400, field: "options", message: "Unknown option" });
      for (const option of input.options)
        await this.repo.insertOption(tx, ctx.companyId, list.id, option.name);
      return (await this.repo.find(ctx.companyId, list.id, tx))!;
    });
    return this.announce(ctx.companyId, "create", row);
  }

  /**
   * PUT /files/{id}: name, message and the whole option list. Options with an id are kept
   * (renamed; a `path` of null or "" drops the file), those without are added, the others deleted.
   */
  async update(ctx: RequestContext, id: number, input: FileListInput): Promise<FileListDto> {
    authorizeFileLists(ctx.user);
    const row = await this.repo.transaction(async (tx) => {
      const current = await this.locked(tx, ctx.companyId, id);
      const known = new Set(current.options.map((option) => option.id));
      const kept = new Set<number>();
      for (const option of input.options) {
        if (option.id === undefined) continue;
        if (!known.has(option.id) || kept.has(option.id))
          throw new AppError("ERR_NOT_FOUND", { status: 400, field: "options", message: "Unknown option" });
        kept.add(option.id);
      }
      await this.repo.update(tx, ctx.companyId, id, { name: input.name, message: input.message });
      await this.repo.deleteOptions(
        tx,
        ctx.companyId,
        [...known].filter((optionId) => !kept.has(optionId)),
      );
      for (const option of input.options) {
        if (option.id === undefined) await this.repo.insertOption(tx, ctx.companyId, id, option.name);
        else
          await this.repo.updateOption(tx, ctx.companyId, option.id, {
            name: option.name,
            ...(option.path === null || option.path === ""
              ? { path: null, mediaType: null, mediaName: null }
              : {}),
          });
      }
      return (await this.repo.find(ctx.companyId, id, tx))!;
    });
    return this.announce(ctx.companyId, "update", row);
  }

  async delete(ctx: RequestContext, id: number): Promise<void> {
    authorizeFileLists(ctx.user);
    if (!(await this.repo.delete(ctx.companyId, id))) throw notFound();
    this.emit(ctx.companyId, { action: "delete", fileId: id });
  }

  /**
   * POST /files/uploadList/{id}: each file becomes its option's file (replacing any other). The
   * files are stored first (typed from their bytes); a file naming no option of this list refuses
   * the whole upload and removes what it stored.
   */
  async uploadFiles(ctx: RequestContext, id: number, req: FastifyRequest): Promise<FileListDto> {
    authorizeFileLists(ctx.user);
    await this.find(ctx.companyId, id);
    const uploads = await readOptionUploads(req, this.deps.storage, ctx.companyId);
    try {
      const row = await this.repo.transaction(async (tx) => {
        const current = await this.locked(tx, ctx.companyId, id);
        for (const upload of uploads) {
          const option = current.options.find((o) =>
            upload.optionId !== undefined ? o.id === upload.optionId : o.name === upload.optionName,
          );
          if (!option)
            throw new AppError("ERR_NOT_FOUND", { status: 400, field: "id", message: "Unknown option" });
          await this.repo.updateOption(tx, ctx.companyId, option.id, {
            path: upload.file.path,
            mediaType: upload.file.mimeType,
            mediaName: upload.file.name,
          });
        }
        return (await this.repo.find(ctx.companyId, id, tx))!;
      });
      return this.announce(ctx.companyId, "update", row);
    } catch (error) {
      await Promise.all(uploads.map((upload) => this.deps.storage.remove(upload.file.path)));
      throw error;
    }
  }

  private async find(companyId: number, id: number): Promise<FileListWithOptions> {
    const row = await this.repo.find(companyId, id);
    if (!row) throw notFound();
    return row;
  }

  private async locked(tx: Tx, companyId: number, id: number): Promise<FileListWithOptions> {
    if (!(await this.repo.lock(tx, companyId, id))) throw notFound();
    return (await this.repo.find(companyId, id, tx))!;
  }

  private announce(companyId: number, action: "create" | "update", row: FileListWithOptions): FileListDto {
    const fileList = presentFileList(row);
    this.emit(companyId, { action, fileList });
    return fileList;
  }

  private emit(companyId: number, payload: FileListEventPayload): void {
    this.deps.realtime.toCompany(companyId, "file", payload);
  }
}

const notFound = () => new AppError("ERR_NOT_FOUND", { message: "File list not found" });
