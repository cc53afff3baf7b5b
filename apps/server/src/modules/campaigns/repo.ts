import { and, count, desc, eq, ilike, inArray, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import {
  campaignSettings,
  campaignShippings,
  campaigns,
  contactListItems,
  contactLists,
  contacts,
  contactTags,
  queues,
  tags,
  users,
  whatsapps,
} from "../../db/schema/index.js";
import { ofCompany, rowOf } from "../../db/tenant-scope.js";
import { escapeLike } from "../users/repo.js";

type Runner = Db | Tx;
export type CampaignRow = typeof campaigns.$inferSelect;
export type NewCampaign = Omit<typeof campaigns.$inferInsert, "id" | "companyId" | "createdAt" | "updatedAt">;
export type CampaignShippingRow = typeof campaignShippings.$inferSelect;

/** A campaign with the names the list and dialog show. */
export interface CampaignView extends CampaignRow {
  contactListName: string | null;
  tagListName: string | null;
  whatsappName: string | null;
  whatsappChannel: string | null;
  userName: string | null;
  queueName: string | null;
}

export interface CampaignCounts {
  contacts: number;
  valid: number;
  delivered: number;
  failed: number;
  confirmationRequested: number;
  confirmed: number;
}

const viewColumns = {
  campaign: campaigns,
  contactListName: contactLists.name,
  tagListName: tags.name,
  whatsappName: whatsapps.name,
  whatsappChannel: whatsapps.channel,
  userName: users.name,
  queueName: queues.name,
};

/** Every query of campaigns, their settings and shipping rows; each takes the company it works in. */
export class CampaignsRepo {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  private views(runner: Runner = this.db) {
    return runner
      .select(viewColumns)
      .from(campaigns)
      .leftJoin(
        contactLists,
        and(eq(contactLists.companyId, campaigns.companyId), eq(contactLists.id, campaigns.contactListId)),
      )
      .leftJoin(tags, and(eq(tags.companyId, campaigns.companyId), eq(tags.id, campaigns.tagListId)))
      .leftJoin(
        whatsapps,
        and(eq(whatsapps.companyId, campaigns.companyId), eq(whatsapps.id, campaigns.whatsappId)),
      )
      .leftJoin(users, and(eq(users.companyId, campaigns.companyId), eq(users.id, campaigns.userId)))
      .leftJoin(queues, and(eq(queues.companyId, campaigns.companyId), eq(queues.id, campaigns.queueId)));
  }

  /**
   * One page, newest first (id order: each campaign once across pages), served by
   * campaigns_company_id_desc_idx; the name search by campaigns_name_trgm_idx.
   */
  async page(
    companyId: number,
    search: string,
    page: { number: number; size: number },
  ): Promise<{ rows: CampaignView[]; count: number }> {
    const term = search.trim();
    const where = ofCompany(
      campaigns,
      companyId,
      term ? ilike(campaigns.name, `%${escapeLike(term)}%`) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      this.views()
        .where(where)
        .orderBy(desc(campaigns.id))
        .limit(page.size)
        .offset((page.number - 1) * page.size),
      this.db.select({ value: count() }).from(campaigns).where(where),
    ]);
    return { rows: rows.map(flatten), count: Number(total?.value ?? 0) };
  }

  async view(companyId: number, id: number, runner: Runner = this.db): Promise<CampaignView | undefined> {
    const [row] = await this.views(runner)
      .where(rowOf(campaigns, companyId, id))
      .limit(1);
    return row ? flatten(row) : undefined;
  }

  async find(companyId: number, id: number, runner: Runner = this.db): Promise<CampaignRow | undefined> {
    const [row] = await runner
      .select()
      .from(campaigns)
      .where(rowOf(campaigns, companyId, id))
      .limit(1);
    return row;
  }

  /** The campaign under its row lock (the sender, cancel, restart and edits serialise on it). */
  async lock(tx: Tx, companyId: number, id: number): Promise<CampaignRow | undefined> {
    const [row] = await tx
      .select()
      .from(campaigns)
      .where(rowOf(campaigns, companyId, id))
      .for("update")
      .limit(1);
    return row;
  }

  async insert(companyId: number, values: NewCampaign): Promise<number> {
    const [row] = await this.db
      .insert(campaigns)
      .values({ ...values, companyId })
      .returning({ id: campaigns.id });
    if (!row) throw new Error("campaign insert returned no row");
    return row.id;
  }

  async update(
    companyId: number,
    id: number,
    values: Partial<NewCampaign>,
    runner: Runner = this.db,
  ): Promise<CampaignRow | undefined> {
    const [row] = await runner
      .update(campaigns)
      .set({ ...values, updatedAt: new Date() })
      .where(rowOf(campaigns, companyId, id))
      .returning();
    return row;
  }

  async delete(companyId: number, id: number): Promise<CampaignRow | undefined> {
    const [row] = await this.db
      .delete(campaigns)
      .where(rowOf(campaigns, companyId, id))
      .returning();
    return row;
  }

  /**
   * The report's counts of each campaign: from its shipping rows once started, from its audience
   * before (a list's items, the valid ones those WhatsApp did not refuse; a tag's contacts).
   */
  async counts(companyId: number, rows: CampaignRow[]): Promise<Map<number, CampaignCounts>> {
    const out = new Map<number, CampaignCounts>();
    const started = rows.filter((r) => r.startedAt).map((r) => r.id);
    if (started.length > 0) {
      const shipped = await this.db
        .select({
          campaignId: campaignShippings.campaignId,
          valid: count(),
          delivered: count(campaignShippings.deliveredAt),
          failed: count(campaignShippings.error),
          confirmationRequested: count(campaignShippings.confirmationRequestedAt),
          confirmed: sql<number>`count(*) FILTER (WHERE ${campaignShippings.confirmed})`,
        })
        .from(campaignShippings)
        .where(ofCompany(campaignShippings, companyId, inArray(campaignShippings.campaignId, started)))
        .groupBy(campaignShippings.campaignId);
      const byId = new Map(shipped.map((s) => [s.campaignId, s]));
      for (const row of rows.filter((r) => r.startedAt)) {
        const s = byId.get(row.id);
        out.set(row.id, {
          contacts: row.audienceTotal ?? Number(s?.valid ?? 0),
          valid: Number(s?.valid ?? 0),
          delivered: Number(s?.delivered ?? 0),
          failed: Number(s?.failed ?? 0),
          confirmationRequested: Number(s?.confirmationRequested ?? 0),
          confirmed: Number(s?.confirmed ?? 0),
        });
      }
    }
    for (const row of rows.filter((r) => !r.startedAt)) {
      const audience = await this.audienceSize(companyId, row);
      out.set(row.id, { ...audience, delivered: 0, failed: 0, confirmationRequested: 0, confirmed: 0 });
    }
    return out;
  }

  /** The audience's size now: all of it, and those the campaign would send to. */
  async audienceSize(
    companyId: number,
    campaign: Pick<CampaignRow, "contactListId" | "tagListId">,
    runner: Runner = this.db,
  ): Promise<{ contacts: number; valid: number }> {
    if (campaign.contactListId) {
      const [row] = await runner
        .select({
          contacts: count(),
          valid: sql<number>`count(*) FILTER (WHERE ${contactListItems.isWhatsappValid} IS NOT FALSE)`,
        })
        .from(contactListItems)
        .where(
          ofCompany(contactListItems, companyId, eq(contactListItems.contactListId, campaign.contactListId)),
        );
      return { contacts: Number(row?.contacts ?? 0), valid: Number(row?.valid ?? 0) };
    }
    if (campaign.tagListId) {
      const [row] = await runner
        .select({ contacts: count() })
        .from(contactTags)
        .innerJoin(
          contacts,
          and(eq(contacts.companyId, contactTags.companyId), eq(contacts.id, contactTags.contactId)),
        )
        .where(
          and(
            ofCompany(contactTags, companyId, eq(contactTags.tagId, campaign.tagListId)),
            eq(contacts.channel, "whatsapp"),
            eq(contacts.isGroup, false),
          ),
        );
      const n = Number(row?.contacts ?? 0);
      return { contacts: n, valid: n };
    }
    return { contacts: 0, valid: 0 };
  }

  /** Whether each referenced record exists in the company (the composite keys would refuse it otherwise). */
  async missingReferences(
    companyId: number,
    refs: {
      contactListId?: number | null;
      tagListId?: number | null;
      whatsappId?: number | null;
      userId?: number | null;
      queueId?: number | null;
    },
  ): Promise<string[]> {
    const tablesByField = {
      contactListId: contactLists,
      tagListId: tags,
      whatsappId: whatsapps,
      userId: users,
      queueId: queues,
    } as const;
    const missing: string[] = [];
    for (const field of Object.keys(tablesByField) as (keyof typeof tablesByField)[]) {
      const id = refs[field];
      if (!id) continue;
      const table = tablesByField[field];
      const found = await this.db
        .select({ id: table.id })
        .from(table)
        .where(rowOf(table, companyId, id))
        .limit(1);
      if (found.length === 0) missing.push(field);
    }
    return missing;
  }

  async connection(companyId: number, id: number, runner: Runner = this.db) {
    const [row] = await runner
      .select()
      .from(whatsapps)
      .where(rowOf(whatsapps, companyId, id))
      .limit(1);
    return row;
  }

  async settings(companyId: number, runner: Runner = this.db): Promise<{ key: string; value: string }[]> {
    return runner
      .select({ key: campaignSettings.key, value: campaignSettings.value })
      .from(campaignSettings)
      .where(ofCompany(campaignSettings, companyId))
      .orderBy(campaignSettings.key);
  }

  async saveSettings(companyId: number, entries: { key: string; value: string }[]): Promise<void> {
    if (entries.length === 0) return;
    await this.db
      .insert(campaignSettings)
      .values(entries.map((e) => ({ ...e, companyId })))
      .onConflictDoUpdate({
        target: [campaignSettings.companyId, campaignSettings.key],
        set: { value: sql`excluded.value`, updatedAt: new Date() },
      });
  }

  /** Shipping rows still to be claimed (the sender's progress). */
  async unclaimed(companyId: number, campaignId: number, runner: Runner = this.db): Promise<number> {
    const [row] = await runner
      .select({ n: count() })
      .from(campaignShippings)
      .where(
        ofCompany(
          campaignShippings,
          companyId,
          eq(campaignShippings.campaignId, campaignId),
          isNull(campaignShippings.messageId),
        ),
      );
    return Number(row?.n ?? 0);
  }
}

function flatten(row: {
  campaign: CampaignRow;
  contactListName: string | null;
  tagListName: string | null;
  whatsappName: string | null;
  whatsappChannel: string | null;
  userName: string | null;
  queueName: string | null;
}): CampaignView {
  const { campaign, ...names } = row;
  return { ...campaign, ...names };
}
