import {
  type ContactDto,
  randomTagColor,
  type TagCreateInput,
  type TagDto,
  type TagSyncInput,
} from "@inbox/shared";
import type { Db } from "../../db/client.js";
import { AppError } from "../../http/app-error.js";
import type { RequestContext } from "../../http/context.js";
import type { Realtime } from "../../realtime/realtime.js";
import type { TicketEvents } from "../../realtime/ticket-events.js";
import type { ContactsService } from "../contacts/service.js";
import type { TicketsService } from "../tickets/service.js";
import { TagsAdminRepo } from "./admin-repo.js";
import { assertLanes, tagNameTaken } from "./admin-service.js";
import { presentTag } from "./presenter.js";
import { TagsRepo } from "./repo.js";

export interface TagsServiceDeps {
  db: Db;
  realtime: Realtime;
  events: TicketEvents;
  contacts: ContactsService;
  tickets: TicketsService;
}

/**
 * Tags (spec 1 sections 3, 7): any attendant creates them from the contact
 * tag box and tags tickets and contacts; editing and deleting tags belongs to
 * the tags screen of the administration area.
 */
export class TagsService {
  private readonly repo: TagsRepo;

  constructor(private readonly deps: TagsServiceDeps) {
    this.repo = new TagsRepo(deps.db);
  }

  async list(ctx: RequestContext, kanban?: number): Promise<TagDto[]> {
    return (await this.repo.list(ctx.companyId, kanban)).map(presentTag);
  }

  /**
   * POST /tags: as in the original, a name the company already uses answers
   * that tag (the tag box then attaches it) instead of an error.
   */
  async create(
    ctx: RequestContext,
    input: TagCreateInput,
    unique = false,
  ): Promise<{ tag: TagDto; created: boolean }> {
    // The lanes a tag moves tickets to must be kanban tags of the company (locked until the insert commits).
    const inserted = await this.deps.db.transaction(async (tx) => {
      await assertLanes(new TagsAdminRepo(this.deps.db), tx, ctx.companyId, undefined, input);
      return this.repo.insert(
        ctx.companyId,
        {
          name: input.name,
          color: input.color ?? randomTagColor(),
          kanban: input.kanban,
          timeLane: input.timeLane,
          nextLaneId: input.nextLaneId,
          rollbackLaneId: input.rollbackLaneId,
          greetingMessageLane: input.greetingMessageLane,
          userId: ctx.user.id,
        },
        tx,
      );
    });
    if (inserted) {
      const tag = presentTag(inserted);
      this.deps.realtime.toCompany(ctx.companyId, "tag", { action: "create", tag });
      return { tag, created: true };
    }
    if (unique) throw tagNameTaken();
    const existing = await this.repo.findByName(ctx.companyId, input.name);
    if (!existing) throw new AppError("ERR_INTERNAL");
    return { tag: presentTag(existing), created: false };
  }

  async contactTags(ctx: RequestContext, contactId: number): Promise<TagDto[]> {
    await this.deps.contacts.find(ctx, contactId);
    return (await this.repo.contactTags(ctx.companyId, contactId)).map(presentTag);
  }

  /** POST /tags/sync: the contact's tags become exactly the given ones; answers the contact. */
  async syncContactTags(ctx: RequestContext, input: TagSyncInput): Promise<ContactDto> {
    await this.deps.contacts.find(ctx, input.contactId);
    const wanted = [...new Set(input.tags)];
    await this.deps.db.transaction(async (tx) => {
      const known = await this.repo.existingIds(ctx.companyId, wanted, tx);
      if (known.length !== wanted.length) {
        throw new AppError("ERR_NOT_FOUND", { status: 400, field: "tags", message: "Tag not found" });
      }
      await this.repo.replaceContactTags(tx, ctx.companyId, input.contactId, wanted);
    });
    return this.deps.contacts.changed(ctx, input.contactId);
  }
}
