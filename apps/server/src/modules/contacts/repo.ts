import { and, asc, eq, notInArray, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { countOfPage } from "../../db/page-count.js";
import { contactCustomFields, contacts, contactTags, tags, tickets, users } from "../../db/schema/index.js";
import { Placeholders } from "../../db/shaped-statement.js";
import { ofCompany, rowOf } from "../../db/tenant-scope.js";
import {
  cappedCount,
  contactCondition,
  contactListShape,
  contactPageStatement,
  contactPages,
} from "./list-statement.js";
import { nameSearchOf } from "./name-search.js";

type Runner = Db | Tx;
export type ContactRow = typeof contacts.$inferSelect;
export type NewContact = Omit<typeof contacts.$inferInsert, "id" | "companyId" | "createdAt" | "updatedAt">;
export type ExtraInfoRow = { id: number; name: string; value: string };
export type TagRef = { id: number; name: string; color: string };
export type ContactWithRefs = ContactRow & { extraInfo: ExtraInfoRow[]; tags: TagRef[] };

export interface ContactFilters {
  search: string;
  /** false when the reader sees masked numbers: matching digits would reveal them one search at a time. */
  searchNumbers?: boolean;
  channel?: string;
  isGroup?: boolean;
}

/** GET /contacts counts the matching contacts up to this many (the answer's `count`, documented with it). */
export const LIST_COUNT_CAP = 10_000;

/**
 * A contact with its custom fields (by id) and tags (by name), in one row: JSON subqueries instead of a
 * query per kind. The outer table by its own name: drizzle writes a one-table select's columns unqualified.
 */
const REFS = {
  extraInfo: sql<ExtraInfoRow[]>`coalesce((
    SELECT json_agg(json_build_object('id', f.id, 'name', f.name, 'value', f.value) ORDER BY f.id)
    FROM ${contactCustomFields} f WHERE f.company_id = contacts.company_id AND f.contact_id = contacts.id
  ), '[]'::json)`,
  tags: sql<TagRef[]>`coalesce((
    SELECT json_agg(json_build_object('id', t.id, 'name', t.name, 'color', t.color) ORDER BY t.name, t.id)
    FROM ${contactTags} ct JOIN ${tags} t ON t.id = ct.tag_id AND t.company_id = ct.company_id
    WHERE ct.company_id = contacts.company_id AND ct.contact_id = contacts.id
  ), '[]'::json)`,
};
const WITH_REFS = { contact: contacts, ...REFS };

const withRefs = ({
  contact,
  extraInfo,
  tags,
}: {
  contact: ContactRow;
  extraInfo: ExtraInfoRow[];
  tags: TagRef[];
}) => ({ ...contact, extraInfo, tags }) satisfies ContactWithRefs;

/** Every query of the contacts room; each takes the company it works in. */
export class ContactsRepo {
  constructor(private readonly db: Db) {}

  /**
   * One page, ordered by name then id (a total order, so paging shows each
   * contact exactly once); served by contacts_company_name_idx, or the
   * channel's or the groups' index when filtered (list-plan.test.ts). One
   * statement: the page (one row more tells `hasMore`), each contact's custom
   * fields and tags, and the count, which stops at LIST_COUNT_CAP: counting a
   * company's whole address book on every page cost more than the page.
   */
  async list(
    companyId: number,
    filters: ContactFilters,
    page: { number: number; size: number },
  ): Promise<{ rows: ContactWithRefs[]; count: number; hasMore: boolean }> {
    const term = filters.search.trim().toLowerCase();
    const names = term ? await nameSearchOf(this.db, term) : undefined;
    const values = new Placeholders();
    const where = contactCondition(companyId, filters, names, values.bind);
    const rows = await contactPages.rows(
      this.db,
      contactListShape(filters, names !== undefined),
      values,
      contactPageStatement(where, REFS, cappedCount(where, LIST_COUNT_CAP), page, values.bind),
      // A search is planned with its values (as the ticket list's: how many names match decides the plan).
      { planEach: names !== undefined },
    );
    const counting = () => cappedCount(contactCondition(companyId, filters, names), LIST_COUNT_CAP);
    return {
      rows: rows.slice(0, page.size).map((row) => row.contact),
      count: await countOfPage(this.db, rows[0], page.number, counting),
      hasMore: rows.length > page.size,
    };
  }

  /** Pickers: every contact (optionally matching a search), lean rows. */
  async listAll(companyId: number, search: string, searchNumbers: boolean): Promise<ContactRow[]> {
    return this.db
      .select()
      .from(contacts)
      .where(await this.filter(companyId, { search, searchNumbers }))
      .orderBy(asc(contacts.name), asc(contacts.id));
  }

  async findById(
    companyId: number,
    id: number,
    runner: Runner = this.db,
  ): Promise<ContactWithRefs | undefined> {
    const [row] = await runner
      .select(WITH_REFS)
      .from(contacts)
      .where(rowOf(contacts, companyId, id))
      .limit(1);
    return row && withRefs(row);
  }

  async findByNumber(
    companyId: number,
    channel: string,
    number: string,
    runner: Runner = this.db,
  ): Promise<ContactRow | undefined> {
    const [row] = await runner
      .select()
      .from(contacts)
      .where(ofCompany(contacts, companyId, eq(contacts.channel, channel), eq(contacts.number, number)))
      .limit(1);
    return row;
  }

  async insert(
    tx: Tx,
    companyId: number,
    values: NewContact,
    extraInfo: ExtraInfoInputRow[],
  ): Promise<number> {
    const [row] = await tx
      .insert(contacts)
      .values({ ...values, companyId })
      .returning({ id: contacts.id });
    if (!row) throw new Error("insert returned no row");
    await this.replaceExtraInfo(tx, companyId, row.id, extraInfo);
    return row.id;
  }

  async update(
    tx: Tx,
    companyId: number,
    id: number,
    values: Partial<NewContact>,
    extraInfo?: ExtraInfoInputRow[],
  ): Promise<void> {
    await tx
      .update(contacts)
      .set({ ...values, updatedAt: new Date() })
      .where(rowOf(contacts, companyId, id));
    if (extraInfo) await this.replaceExtraInfo(tx, companyId, id, extraInfo);
  }

  /** Whether the user is the company's; its row is share-locked until the transaction ends (a wallet points at it). */
  async hasUser(tx: Tx, companyId: number, userId: number): Promise<boolean> {
    const [row] = await tx
      .select({ id: users.id })
      .from(users)
      .where(rowOf(users, companyId, userId))
      .for("key share");
    return Boolean(row);
  }

  /** The contact's tickets (tickets_company_contact_idx), to announce their removal with the contact. */
  async ticketsOf(companyId: number, contactId: number) {
    return this.db
      .select()
      .from(tickets)
      .where(ofCompany(tickets, companyId, eq(tickets.contactId, contactId)));
  }

  /** Flips a flag in one statement: two clicks at once give two flips, not one. */
  async toggle(companyId: number, id: number, flag: "acceptAudioMessage" | "disableBot"): Promise<boolean> {
    const column = contacts[flag];
    const rows = await this.db
      .update(contacts)
      .set({ [flag]: sql`NOT ${column}`, updatedAt: new Date() })
      .where(rowOf(contacts, companyId, id))
      .returning({ id: contacts.id });
    return rows.length > 0;
  }

  async delete(companyId: number, id: number): Promise<boolean> {
    const rows = await this.db
      .delete(contacts)
      .where(rowOf(contacts, companyId, id))
      .returning({ id: contacts.id });
    return rows.length > 0;
  }

  /**
   * The contact's custom fields become exactly `items`: entries with an id of
   * this contact are updated, new ones inserted, missing ones removed.
   */
  private async replaceExtraInfo(tx: Tx, companyId: number, contactId: number, items: ExtraInfoInputRow[]) {
    const mine = ofCompany(contactCustomFields, companyId, eq(contactCustomFields.contactId, contactId));
    const existing = await tx.select({ id: contactCustomFields.id }).from(contactCustomFields).where(mine);
    const existingIds = new Set(existing.map((r) => r.id));
    const kept = items.filter((item) => item.id !== undefined && existingIds.has(item.id));
    const keptIds = kept.map((item) => item.id as number);
    await tx
      .delete(contactCustomFields)
      .where(keptIds.length > 0 ? and(mine, notInArray(contactCustomFields.id, keptIds)) : mine);
    for (const item of kept) {
      await tx
        .update(contactCustomFields)
        .set({ name: item.name, value: item.value, updatedAt: new Date() })
        .where(and(mine, eq(contactCustomFields.id, item.id as number)));
    }
    // An id of another contact (or none) is a new entry.
    const added = items.filter((item) => item.id === undefined || !existingIds.has(item.id));
    if (added.length > 0) {
      await tx
        .insert(contactCustomFields)
        .values(added.map((item) => ({ companyId, contactId, name: item.name, value: item.value })));
    }
  }

  /** The list's condition; a search is matched as name-search.ts says (one estimate per word of several). */
  private async filter(companyId: number, filters: ContactFilters): Promise<SQL> {
    const term = filters.search.trim().toLowerCase();
    return contactCondition(companyId, filters, term ? await nameSearchOf(this.db, term) : undefined);
  }
}

export type ExtraInfoInputRow = { id?: number; name: string; value: string };
