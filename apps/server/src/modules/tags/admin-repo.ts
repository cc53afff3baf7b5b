import { and, asc, count, eq, ilike, inArray, ne, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { contacts, contactTags, tags, tickets, ticketTags } from "../../db/schema/index.js";
import { ofCompany, rowOf } from "../../db/tenant-scope.js";
import { escapeLike } from "../users/repo.js";
import type { TagRow } from "./repo.js";

type Runner = Db | Tx;
export type TagChanges = Partial<
  Pick<
    typeof tags.$inferInsert,
    "name" | "color" | "kanban" | "timeLane" | "nextLaneId" | "rollbackLaneId" | "greetingMessageLane"
  >
>;

/** The tags screen's queries (spec 2): pages with counts, edit, delete; every query by company. */
export class TagsAdminRepo {
  constructor(private readonly db: Db) {}

  /**
   * A page by name then id: the tags alone are paged (one row per tag, so each appears exactly
   * once across pages), then the contact counts of that page's ids are read in one grouped query.
   */
  async page(
    companyId: number,
    options: { term: string; kanban?: number; exceptId?: number; limit: number; offset: number },
  ): Promise<{ rows: (TagRow & { contactsCount: number })[]; count: number }> {
    const term = options.term.trim();
    const where = ofCompany(
      tags,
      companyId,
      term ? ilike(tags.name, `%${escapeLike(term)}%`) : undefined,
      options.kanban === undefined ? undefined : eq(tags.kanban, options.kanban),
      options.exceptId === undefined ? undefined : ne(tags.id, options.exceptId),
    );
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(tags)
        .where(where)
        .orderBy(asc(tags.name), asc(tags.id))
        .limit(options.limit)
        .offset(options.offset),
      this.db.select({ n: count() }).from(tags).where(where),
    ]);
    const counts = await this.contactCounts(
      companyId,
      rows.map((r) => r.id),
    );
    return {
      rows: rows.map((row) => ({ ...row, contactsCount: counts.get(row.id) ?? 0 })),
      count: total?.n ?? 0,
    };
  }

  private async contactCounts(companyId: number, tagIds: number[]): Promise<Map<number, number>> {
    if (tagIds.length === 0) return new Map();
    const rows = await this.db
      .select({ tagId: contactTags.tagId, n: count() })
      .from(contactTags)
      .where(ofCompany(contactTags, companyId, inArray(contactTags.tagId, tagIds)))
      .groupBy(contactTags.tagId);
    return new Map(rows.map((r) => [r.tagId, r.n]));
  }

  async findById(companyId: number, id: number, runner: Runner = this.db): Promise<TagRow | undefined> {
    const [row] = await runner
      .select()
      .from(tags)
      .where(rowOf(tags, companyId, id))
      .limit(1);
    return row;
  }

  async contactsCount(companyId: number, tagId: number): Promise<number> {
    return (await this.contactCounts(companyId, [tagId])).get(tagId) ?? 0;
  }

  /**
   * The ids among `ids` that are kanban tags of the company, locked FOR SHARE until the
   * transaction ends: a lane cannot be deleted or stop being a lane while a tag is pointed at it.
   */
  async lockKanbanIds(tx: Tx, companyId: number, ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await tx
      .select({ id: tags.id })
      .from(tags)
      .where(ofCompany(tags, companyId, inArray(tags.id, ids), eq(tags.kanban, 1)))
      .for("share");
    return rows.map((r) => r.id);
  }

  async update(tx: Tx, companyId: number, id: number, changes: TagChanges): Promise<TagRow | undefined> {
    const [row] = await tx
      .update(tags)
      .set({ ...changes, updatedAt: new Date() })
      .where(rowOf(tags, companyId, id))
      .returning();
    return row;
  }

  async delete(tx: Tx, companyId: number, id: number): Promise<boolean> {
    const rows = await tx
      .delete(tags)
      .where(rowOf(tags, companyId, id))
      .returning({ id: tags.id });
    return rows.length > 0;
  }

  /**
   * Tags that name `laneId` as their next or rollback lane stop naming it (it was deleted or is no
   * longer a lane); answers the changed tags.
   */
  async clearLaneReferences(tx: Tx, companyId: number, laneId: number): Promise<TagRow[]> {
    return tx
      .update(tags)
      .set({
        nextLaneId: sql`CASE WHEN ${tags.nextLaneId} = ${laneId} THEN NULL ELSE ${tags.nextLaneId} END`,
        rollbackLaneId: sql`CASE WHEN ${tags.rollbackLaneId} = ${laneId} THEN NULL ELSE ${tags.rollbackLaneId} END`,
        updatedAt: new Date(),
      })
      .where(ofCompany(tags, companyId, or(eq(tags.nextLaneId, laneId), eq(tags.rollbackLaneId, laneId))))
      .returning();
  }

  async untagContact(companyId: number, tagId: number, contactId: number): Promise<boolean> {
    const rows = await this.db
      .delete(contactTags)
      .where(
        ofCompany(contactTags, companyId, eq(contactTags.tagId, tagId), eq(contactTags.contactId, contactId)),
      )
      .returning({ tagId: contactTags.tagId });
    return rows.length > 0;
  }

  /** A page of the tag's contacts by name then id (the contact-count modal). */
  async contactsPage(
    companyId: number,
    tagId: number,
    options: { limit: number; offset: number },
  ): Promise<{ rows: { id: number; name: string; number: string }[]; count: number }> {
    const where = ofCompany(contactTags, companyId, eq(contactTags.tagId, tagId));
    const [rows, [total]] = await Promise.all([
      this.db
        .select({ id: contacts.id, name: contacts.name, number: contacts.number })
        .from(contactTags)
        .innerJoin(contacts, and(eq(contacts.id, contactTags.contactId), eq(contacts.companyId, companyId)))
        .where(where)
        .orderBy(asc(contacts.name), asc(contacts.id))
        .limit(options.limit)
        .offset(options.offset),
      this.db.select({ n: count() }).from(contactTags).where(where),
    ]);
    return { rows, count: total?.n ?? 0 };
  }

  /** Kanban tags by name with how many open or pending tickets each holds (GET /tag/kanban). */
  async kanbanWithTicketCounts(companyId: number): Promise<(TagRow & { ticketsCount: number })[]> {
    const lanes = await this.db
      .select()
      .from(tags)
      .where(ofCompany(tags, companyId, eq(tags.kanban, 1)))
      .orderBy(asc(tags.name), asc(tags.id));
    if (lanes.length === 0) return [];
    const counts = await this.db
      .select({ tagId: ticketTags.tagId, n: count() })
      .from(ticketTags)
      .innerJoin(tickets, and(eq(tickets.id, ticketTags.ticketId), eq(tickets.companyId, companyId)))
      .where(
        ofCompany(
          ticketTags,
          companyId,
          inArray(
            ticketTags.tagId,
            lanes.map((l) => l.id),
          ),
          inArray(tickets.status, ["open", "pending"]),
        ),
      )
      .groupBy(ticketTags.tagId);
    const byTag = new Map(counts.map((c) => [c.tagId, c.n]));
    return lanes.map((lane) => ({ ...lane, ticketsCount: byTag.get(lane.id) ?? 0 }));
  }
}
