import {
  type KanbanTagDto,
  TAG_PAGE_SIZE,
  type TagContactsPageDto,
  type TagDto,
  type TagPageDto,
  type TagUpdateInput,
  type TagWithCountDto,
} from "@inbox/shared";
import type { Db, Tx } from "../../db/client.js";
import { isUniqueViolation } from "../../db/unique-violation.js";
import { AppError } from "../../http/app-error.js";
import type { RequestContext } from "../../http/context.js";
import type { Realtime } from "../../realtime/realtime.js";
import type { ContactsService } from "../contacts/service.js";
import { TagsAdminRepo } from "./admin-repo.js";
import { authorizeManageTags } from "./policy.js";
import { presentTag } from "./presenter.js";
import type { TagRow } from "./repo.js";

export interface TagsAdminDeps {
  db: Db;
  realtime: Realtime;
  contacts: ContactsService;
}

const notFound = () => new AppError("ERR_NOT_FOUND", { message: "Tag not found" });
export const tagNameTaken = () =>
  new AppError("ERR_TAG_NAME_ALREADY_EXISTS", {
    field: "name",
    message: "Another tag already has this name",
  });

/**
 * The lane fields must name other kanban tags of the company: checked and locked (FOR SHARE) in
 * the caller's transaction, so a lane deleted or turned into a plain tag at the same moment either
 * waits for this save or makes it fail, never leaves a tag pointing at a non-lane.
 */
export async function assertLanes(
  repo: TagsAdminRepo,
  tx: Tx,
  companyId: number,
  selfId: number | undefined,
  lanes: { nextLaneId?: number | null; rollbackLaneId?: number | null },
): Promise<void> {
  const wanted = (["nextLaneId", "rollbackLaneId"] as const).filter((f) => lanes[f] != null);
  if (wanted.length === 0) return;
  const ids = wanted.map((f) => lanes[f] as number);
  const kanban = new Set(await repo.lockKanbanIds(tx, companyId, ids));
  for (const field of wanted) {
    const id = lanes[field] as number;
    if (id === selfId || !kanban.has(id))
      throw new AppError("ERR_TAG_INVALID_LANE", {
        status: 400,
        field,
        message: "The lane must be another kanban tag of the company",
      });
  }
}

/**
 * The tags screen of the administration area (spec 2 sections 2, 5, 7): pages with contact counts,
 * edit and delete (admins), the kanban lanes with their ticket counts. Every change is announced
 * on `company{id}-tag`; tags whose lane references a change clears are announced too.
 */
export class TagsAdminService {
  private readonly repo: TagsAdminRepo;

  constructor(private readonly deps: TagsAdminDeps) {
    this.repo = new TagsAdminRepo(deps.db);
  }

  async page(
    ctx: RequestContext,
    query: { searchParam: string; pageNumber: number; kanban?: number; tagId?: number },
  ): Promise<TagPageDto> {
    const offset = (query.pageNumber - 1) * TAG_PAGE_SIZE;
    const { rows, count } = await this.repo.page(ctx.companyId, {
      term: query.searchParam,
      kanban: query.kanban,
      exceptId: query.tagId,
      limit: TAG_PAGE_SIZE,
      offset,
    });
    return {
      tags: rows.map((row) => ({ ...presentTag(row), contactsCount: row.contactsCount })),
      count,
      hasMore: count > offset + rows.length,
    };
  }

  async find(ctx: RequestContext, id: number): Promise<TagWithCountDto> {
    const row = await this.repo.findById(ctx.companyId, id);
    if (!row) throw notFound();
    return { ...presentTag(row), contactsCount: await this.repo.contactsCount(ctx.companyId, id) };
  }

  async update(ctx: RequestContext, id: number, input: TagUpdateInput): Promise<TagDto> {
    authorizeManageTags(ctx.user);
    const { row, cleared } = await this.write(async (tx) => {
      const current = await this.repo.findById(ctx.companyId, id, tx);
      if (!current) throw notFound();
      await assertLanes(this.repo, tx, ctx.companyId, id, input);
      const row = await this.repo.update(tx, ctx.companyId, id, input);
      if (!row) throw notFound();
      // A tag that stops being a lane is no longer a lane other tags may move tickets to.
      const cleared = row.kanban === 0 ? await this.repo.clearLaneReferences(tx, ctx.companyId, id) : [];
      return { row, cleared };
    });
    const tag = presentTag(row);
    this.announce(ctx.companyId, "update", [row, ...cleared]);
    return tag;
  }

  async delete(ctx: RequestContext, id: number): Promise<void> {
    authorizeManageTags(ctx.user);
    const cleared = await this.deps.db.transaction(async (tx) => {
      if (!(await this.repo.delete(tx, ctx.companyId, id))) throw notFound();
      return this.repo.clearLaneReferences(tx, ctx.companyId, id);
    });
    this.deps.realtime.toCompany(ctx.companyId, "tag", { action: "delete", tagId: id });
    this.announce(ctx.companyId, "update", cleared);
  }

  /** DELETE /tags-contacts/{tagId}/{contactId}: the contact loses the tag (any user, as POST /tags/sync). */
  async untagContact(ctx: RequestContext, tagId: number, contactId: number): Promise<void> {
    await this.deps.contacts.find(ctx, contactId);
    if (!(await this.repo.findById(ctx.companyId, tagId))) throw notFound();
    if (await this.repo.untagContact(ctx.companyId, tagId, contactId))
      await this.deps.contacts.changed(ctx, contactId);
  }

  async contactsPage(ctx: RequestContext, tagId: number, pageNumber: number): Promise<TagContactsPageDto> {
    if (!(await this.repo.findById(ctx.companyId, tagId))) throw notFound();
    const offset = (pageNumber - 1) * TAG_PAGE_SIZE;
    const { rows, count } = await this.repo.contactsPage(ctx.companyId, tagId, {
      limit: TAG_PAGE_SIZE,
      offset,
    });
    return { contacts: rows, count, hasMore: count > offset + rows.length };
  }

  async kanban(ctx: RequestContext): Promise<{ lista: KanbanTagDto[] }> {
    const rows = await this.repo.kanbanWithTicketCounts(ctx.companyId);
    return { lista: rows.map((row) => ({ ...presentTag(row), ticketsCount: row.ticketsCount })) };
  }

  /** Runs a write; the unique (company, name) index turns a taken name into its clear code. */
  private async write<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await this.deps.db.transaction(work);
    } catch (error) {
      if (isUniqueViolation(error, "tags_company_name_key")) throw tagNameTaken();
      throw error;
    }
  }

  private announce(companyId: number, action: "update", rows: TagRow[]): void {
    for (const row of rows) this.deps.realtime.toCompany(companyId, "tag", { action, tag: presentTag(row) });
  }
}
