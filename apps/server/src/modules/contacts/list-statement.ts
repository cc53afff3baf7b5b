import { getTableColumns, type SQL, sql } from "drizzle-orm";
import { columnReads, rowPart, selectedColumns } from "../../db/array-rows.js";
import { contacts } from "../../db/schema/index.js";
import { asParam, type Bind, shapedStatement } from "../../db/shaped-statement.js";
import { type NameSearch, nameMatches } from "./name-search.js";
import type { ContactFilters, ContactRow, ContactWithRefs, ExtraInfoRow, TagRef } from "./repo.js";

/**
 * GET /contacts' one statement (a page ordered by name then id, one row more for `hasMore`, each
 * contact's custom fields and tags as JSON, the count up to the cap beside them), prepared once
 * per shape and read as arrays (db/shaped-statement.ts): which filters are set is the shape, every
 * value a placeholder.
 */
const CONTACT_READS = columnReads(
  getTableColumns(contacts),
  Object.keys(getTableColumns(contacts)) as (keyof ContactRow)[],
  0,
);
const EXTRA_INFO_AT = CONTACT_READS.length;
const TAGS_AT = EXTRA_INFO_AT + 1;
const COUNT_AT = TAGS_AT + 1;

/** A page's row: the contact with its references, and the count (the same on every row). */
export interface ContactListRow {
  contact: ContactWithRefs;
  count: unknown;
}

export const contactPages = shapedStatement("contacts_list", (rows) =>
  rows.map((row) => ({
    contact: {
      ...(rowPart(row, CONTACT_READS) as ContactRow),
      extraInfo: row[EXTRA_INFO_AT] as ExtraInfoRow[],
      tags: row[TAGS_AT] as TagRef[],
    },
    count: row[COUNT_AT],
  })),
);

/** Everything the statement's text depends on. */
export function contactListShape(filters: ContactFilters, searching: boolean): string {
  const isGroup = filters.isGroup === undefined ? "-" : String(filters.isGroup);
  return [searching, searching && filters.searchNumbers !== false, Boolean(filters.channel), isGroup].join(
    "|",
  );
}

/** The list's condition: the company, the search (name-search.ts), the channel and the group flag. */
export function contactCondition(
  companyId: number,
  filters: ContactFilters,
  names: NameSearch | undefined,
  bind: Bind = asParam,
): SQL {
  const conditions = [sql`${contacts.companyId} = ${bind(companyId)}`];
  if (names) conditions.push(nameMatches(names, filters.searchNumbers !== false, bind));
  if (filters.channel) conditions.push(sql`${contacts.channel} = ${bind(filters.channel)}`);
  // Written, not bound: the flag is part of the shape, and the groups' partial index serves only
  // a statement that says `is_group` itself (a prepared plan cannot assume a parameter's value).
  if (filters.isGroup !== undefined)
    conditions.push(filters.isGroup ? sql`${contacts.isGroup}` : sql`NOT ${contacts.isGroup}`);
  return sql.join(conditions, sql` AND `);
}

/** The count of a condition, up to `cap`. */
export const cappedCount = (where: SQL, cap: number): SQL =>
  sql`SELECT count(*) FROM (SELECT 1 FROM ${contacts} WHERE ${where} LIMIT ${sql.raw(String(cap))}) AS counted`;

/** The page's statement around `where` (refs: the custom fields' and tags' JSON columns). */
export function contactPageStatement(
  where: SQL,
  refs: { extraInfo: SQL; tags: SQL },
  count: SQL,
  page: { number: number; size: number },
  bind: Bind,
): SQL {
  const columns = [...selectedColumns(CONTACT_READS), refs.extraInfo, refs.tags, sql`(${count})`];
  return sql`SELECT ${sql.join(columns, sql`, `)} FROM ${contacts} WHERE ${where}
    ORDER BY ${contacts.name} ASC, ${contacts.id} ASC
    LIMIT ${bind(page.size + 1)} OFFSET ${bind((page.number - 1) * page.size)}`;
}
