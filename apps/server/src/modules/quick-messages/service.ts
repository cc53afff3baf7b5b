import {
  LIMITS,
  type QuickMessageCreateInput,
  type QuickMessageDto,
  type QuickMessageEventPayload,
  type QuickMessagePage,
  type QuickMessageUpdateInput,
} from "@inbox/shared";
import type { Db } from "../../db/client.js";
import { AppError } from "../../http/app-error.js";
import type { RequestContext } from "../../http/context.js";
import type { SingleUpload } from "../../http/single-upload.js";
import type { Realtime } from "../../realtime/realtime.js";
import type { Storage } from "../../storage/storage.js";
import { authorizeChange } from "./policy.js";
import { presentQuickMessage } from "./presenter.js";
import { type QuickMessageRow, QuickMessagesRepo } from "./repo.js";

export interface QuickMessagesServiceDeps {
  db: Db;
  realtime: Realtime;
  storage: Storage;
}

/**
 * Quick messages (spec 3 sections 3, 5 to 7): every change goes through here
 * and is announced on `company-{id}-quickmessage`. A replaced or deleted
 * file is not removed here: the database records it (migration 0008) and the
 * files.remove job deletes it once nothing refers to it — messages sent with
 * the quick message share its file.
 */
export class QuickMessagesService {
  readonly repo: QuickMessagesRepo;

  constructor(private readonly deps: QuickMessagesServiceDeps) {
    this.repo = new QuickMessagesRepo(deps.db);
  }

  /** The '/' list of the message input: shared ones and the user's own. */
  async listForInput(ctx: RequestContext): Promise<QuickMessageDto[]> {
    return (await this.repo.listFor(ctx.companyId, ctx.user.id)).map(presentQuickMessage);
  }

  async page(
    ctx: RequestContext,
    query: { searchParam: string; pageNumber: number },
  ): Promise<QuickMessagePage> {
    const size = LIMITS.pageSize;
    const { rows, count } = await this.repo.page(ctx.companyId, query.searchParam, {
      number: query.pageNumber,
      size,
    });
    return { records: rows.map(presentQuickMessage), count, hasMore: query.pageNumber * size < count };
  }

  async show(ctx: RequestContext, id: number): Promise<QuickMessageDto> {
    return presentQuickMessage(await this.find(ctx, id));
  }

  async create(ctx: RequestContext, input: QuickMessageCreateInput): Promise<QuickMessageDto> {
    const row = await this.repo.insert(ctx.companyId, {
      shortcode: input.shortcode,
      message: input.message,
      geral: input.geral,
      userId: ctx.user.id,
    });
    return this.announce(ctx.companyId, "create", row);
  }

  async update(ctx: RequestContext, id: number, input: QuickMessageUpdateInput): Promise<QuickMessageDto> {
    authorizeChange(ctx.user, await this.find(ctx, id));
    const row = await this.repo.update(ctx.companyId, id, {
      ...(input.shortcode === undefined ? {} : { shortcode: input.shortcode }),
      ...(input.message === undefined ? {} : { message: input.message }),
      ...(input.geral === undefined ? {} : { geral: input.geral }),
    });
    if (!row) throw notFound();
    return this.announce(ctx.companyId, "update", row);
  }

  async delete(ctx: RequestContext, id: number): Promise<void> {
    authorizeChange(ctx.user, await this.find(ctx, id));
    if (!(await this.repo.delete(ctx.companyId, id))) throw notFound();
    this.emit(ctx.companyId, { action: "delete", id });
  }

  /** POST /quick-messages/{id}/media-upload: any attachment a message may carry, typed from its bytes. */
  async setMedia(ctx: RequestContext, id: number, file: SingleUpload | undefined): Promise<QuickMessageDto> {
    authorizeChange(ctx.user, await this.find(ctx, id));
    if (!file) throw new AppError("ERR_VALIDATION", { field: "file", message: "Obrigatório" });
    const saved = await this.deps.storage.save(ctx.companyId, "quickMessage", {
      bytes: file.bytes,
      name: file.filename,
      declaredType: file.mimeType,
      use: "media",
    });
    const row = await this.repo.update(ctx.companyId, id, { mediaPath: saved.path, mediaName: saved.name });
    if (!row) {
      await this.deps.storage.remove(saved.path);
      throw notFound();
    }
    return this.announce(ctx.companyId, "update", row);
  }

  /** DELETE /quick-messages/{id}/media-upload: the quick message goes without its file. */
  async removeMedia(ctx: RequestContext, id: number): Promise<QuickMessageDto> {
    authorizeChange(ctx.user, await this.find(ctx, id));
    const row = await this.repo.update(ctx.companyId, id, { mediaPath: null, mediaName: null });
    if (!row) throw notFound();
    return this.announce(ctx.companyId, "update", row);
  }

  private async find(ctx: RequestContext, id: number): Promise<QuickMessageRow> {
    const row = await this.repo.findById(ctx.companyId, id);
    if (!row) throw notFound();
    return row;
  }

  private announce(companyId: number, action: "create" | "update", row: QuickMessageRow): QuickMessageDto {
    const record = presentQuickMessage(row);
    this.emit(companyId, { action, record });
    return record;
  }

  private emit(companyId: number, payload: QuickMessageEventPayload): void {
    this.deps.realtime.toCompany(companyId, "quickmessage", payload);
  }
}

const notFound = () => new AppError("ERR_NOT_FOUND", { message: "Quick message not found" });
