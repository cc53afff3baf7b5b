import {
  ANNOUNCEMENT_MEDIA_MESSAGE,
  type AnnouncementCreateInput,
  type AnnouncementDto,
  type AnnouncementEventPayload,
  type AnnouncementUpdateInput,
  LIMITS,
} from "@inbox/shared";
import type { Db } from "../../db/client.js";
import { AppError } from "../../http/app-error.js";
import type { RequestContext } from "../../http/context.js";
import type { SingleUpload } from "../../http/single-upload.js";
import type { Realtime } from "../../realtime/realtime.js";
import { detectFile, type Storage } from "../../storage/storage.js";
import { authorizeWrite } from "./policy.js";
import { presentAnnouncement } from "./presenter.js";
import { type AnnouncementRow, AnnouncementsRepo } from "./repo.js";

export interface AnnouncementsServiceDeps {
  db: Db;
  realtime: Realtime;
  storage: Storage;
}

/** Spec 3 section 5: png, jpg and jpeg only, judged on the bytes. */
const MEDIA_TYPES = new Set(["image/png", "image/jpeg"]);

/**
 * Announcements (spec 3 sections 2 to 7): super users write them in their
 * company; those of the platform company reach every company. Every change
 * goes out on `company-announcement` to each company that reads it, so the
 * top bar's popover updates live. A replaced or deleted file is left to the
 * file reaper (migration 0008).
 */
export class AnnouncementsService {
  readonly repo: AnnouncementsRepo;

  constructor(private readonly deps: AnnouncementsServiceDeps) {
    this.repo = new AnnouncementsRepo(deps.db);
  }

  /** GET /announcements: the popover's active ones; a super user's page also gets the inactive ones it wrote. */
  async list(ctx: RequestContext, query: { searchParam: string; pageNumber: number }) {
    const size = LIMITS.pageSize;
    const { rows, count } = await this.repo.listFor(
      ctx.companyId,
      query.searchParam,
      { number: query.pageNumber, size },
      { withInactive: ctx.user.super },
    );
    return { records: rows.map(presentAnnouncement), count, hasMore: query.pageNumber * size < count };
  }

  async show(ctx: RequestContext, id: number): Promise<AnnouncementDto> {
    const row = await this.repo.findById(ctx.companyId, id);
    // Others read only active ones (and the platform's, through the list).
    if (!row || (!ctx.user.super && !row.status)) throw notFound();
    return presentAnnouncement(row);
  }

  async create(ctx: RequestContext, input: AnnouncementCreateInput): Promise<AnnouncementDto> {
    authorizeWrite(ctx.user);
    const row = await this.repo.insert(ctx.companyId, input);
    return this.announce(row, "create");
  }

  async update(ctx: RequestContext, id: number, input: AnnouncementUpdateInput): Promise<AnnouncementDto> {
    authorizeWrite(ctx.user);
    const row = await this.repo.update(ctx.companyId, id, input);
    if (!row) throw notFound();
    return this.announce(row, "update");
  }

  async delete(ctx: RequestContext, id: number): Promise<void> {
    authorizeWrite(ctx.user);
    const row = await this.repo.delete(ctx.companyId, id);
    if (!row) throw notFound();
    await this.emit(row.companyId, { action: "delete", id });
  }

  /** POST /announcements/{id}/media-upload: one png, jpg or jpeg (by its bytes) replaces the attachment. */
  async setMedia(ctx: RequestContext, id: number, file: SingleUpload | undefined): Promise<AnnouncementDto> {
    authorizeWrite(ctx.user);
    if (!(await this.repo.findById(ctx.companyId, id))) throw notFound();
    if (!file) throw new AppError("ERR_VALIDATION", { field: "file", message: "Obrigatório" });
    const type = await detectFile({ bytes: file.bytes, name: file.filename, declaredType: file.mimeType });
    if (!MEDIA_TYPES.has(type.mime))
      throw new AppError("ERR_VALIDATION", { field: "file", message: ANNOUNCEMENT_MEDIA_MESSAGE });
    const saved = await this.deps.storage.save(ctx.companyId, "announcements", {
      bytes: file.bytes,
      name: file.filename,
      declaredType: file.mimeType,
      use: "image",
    });
    const row = await this.repo.update(ctx.companyId, id, { mediaPath: saved.path, mediaName: saved.name });
    if (!row) {
      await this.deps.storage.remove(saved.path);
      throw notFound();
    }
    return this.announce(row, "update");
  }

  /** DELETE /announcements/{id}/media-upload. */
  async removeMedia(ctx: RequestContext, id: number): Promise<AnnouncementDto> {
    authorizeWrite(ctx.user);
    const row = await this.repo.update(ctx.companyId, id, { mediaPath: null, mediaName: null });
    if (!row) throw notFound();
    return this.announce(row, "update");
  }

  private async announce(row: AnnouncementRow, action: "create" | "update"): Promise<AnnouncementDto> {
    const record = presentAnnouncement(row);
    await this.emit(row.companyId, { action, record });
    return record;
  }

  /** To the company that wrote it, or to every company for the platform's. */
  private async emit(companyId: number, payload: AnnouncementEventPayload): Promise<void> {
    const targets = companyId === LIMITS.platformCompanyId ? await this.repo.companyIds() : [companyId];
    for (const target of targets) this.deps.realtime.toCompany(target, "announcement", payload);
  }
}

const notFound = () => new AppError("ERR_NOT_FOUND", { message: "Announcement not found" });
