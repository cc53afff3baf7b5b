import { legacyBrazilianNumber } from "@inbox/shared";
import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "../db/client.js";
import { dataBackfills } from "../db/schema/index.js";
import type { JobDefinition } from "./jobs.js";

export const BACKFILL_PHONE_NUMBERS = "contacts.backfill-national-numbers";
const BACKFILL_NAME = "national-phone-numbers";
const BATCH = 1_000;

/** Digits shaped as a Brazilian area code and subscriber (10 or 11): the only rows worth parsing. */
const NATIONAL_SHAPE = "^[1-9][1-9][0-9]{8,9}$";

export interface BackfillCounts {
  /** Numbers rewritten to their E.164 digits. */
  fixed: number;
  /** Numbers whose E.164 form another row already holds (the same person twice): left as they are. */
  taken: number;
}

/**
 * Numbers typed before they were kept in E.164 ('(11) 98888-7777' stored as
 * '11988887777', unreachable) get 55, in companies whose numbers are read as
 * Brazilian (docs/PHONE-NUMBERS.md): WhatsApp contacts, not groups, and
 * contact-list items. A number another contact (or item of the list) already
 * has in its 55 form is left alone: merging two contacts is a person's call.
 * Keyset batches by id, each its own statement; idempotent (a fixed number no
 * longer has the national shape), so a crash only means starting again. Once
 * it has run to the end, `data_backfills` remembers and later boots skip it.
 */
export async function backfillNationalNumbers(
  db: Db,
  /** Tests only: these companies, remembered under another name (the suite shares one PostgreSQL). */
  scope: { companyIds?: number[]; name?: string } = {},
): Promise<BackfillCounts> {
  const name = scope.name ?? BACKFILL_NAME;
  const [done] = rowsOf<{ name: string }>(
    await db.execute(sql`SELECT name FROM data_backfills WHERE name = ${name}`),
  );
  if (done) return { fixed: 0, taken: 0 };
  const counts = { fixed: 0, taken: 0 };
  for (const table of ["contacts", "contact_list_items"] satisfies Table[]) {
    let after = 0;
    for (;;) {
      const rows = rowsOf<{ id: number; number: string }>(
        await db.execute(candidates(table, after, scope.companyIds)),
      );
      if (rows.length === 0) break;
      after = rows[rows.length - 1]?.id ?? after;
      const fixes = rows.flatMap((row) => {
        const number = legacyBrazilianNumber(row.number);
        return number ? [{ id: row.id, number }] : [];
      });
      if (fixes.length > 0) {
        const updated = rowsOf<{ id: number }>(await db.execute(rewrite(table, fixes))).length;
        counts.fixed += updated;
        counts.taken += fixes.length - updated;
      }
      if (rows.length < BATCH) break;
    }
  }
  await db.insert(dataBackfills).values({ name }).onConflictDoNothing();
  return counts;
}

/** A PostgreSQL array literal of digits-only values (ids, E.164 digits): nothing to quote. */
const arrayLiteral = (values: (number | string)[]) => `{${values.join(",")}}`;

type Table = "contacts" | "contact_list_items";

function candidates(table: Table, after: number, companyIds?: number[]) {
  const brazilian = sql`EXISTS (SELECT 1 FROM company_settings s WHERE s.company_id = t.company_id AND s.phone_default_country = 'BR')`;
  const whatsapp = table === "contacts" ? sql`AND t.channel = 'whatsapp' AND NOT t.is_group` : sql``;
  return sql`
    SELECT t.id, t.number FROM ${sql.identifier(table)} t
    WHERE t.id > ${after} AND t.number ~ ${NATIONAL_SHAPE} ${whatsapp} AND ${brazilian}
      ${companyIds ? sql`AND t.company_id = ANY(${arrayLiteral(companyIds)}::int[])` : sql``}
    ORDER BY t.id LIMIT ${BATCH}`;
}

/**
 * One UPDATE for the batch. A row keeps its number when the new one is taken in its scope (the
 * company's channel for contacts, the list for items) or is the new number of another row of the batch.
 */
function rewrite(table: Table, fixes: { id: number; number: string }[]) {
  const rows = sql.identifier(table);
  const scope = sql.identifier(table === "contacts" ? "channel" : "contact_list_id");
  const ids = fixes.map((fix) => fix.id);
  const numbers = fixes.map((fix) => fix.number);
  return sql`
    WITH fix AS (
      SELECT f.id, f.number, t.company_id, t.${scope} AS scope
      FROM unnest(${arrayLiteral(ids)}::int[], ${arrayLiteral(numbers)}::text[]) AS f(id, number) JOIN ${rows} t ON t.id = f.id
    ), free AS (
      SELECT fix.id, fix.number FROM fix
      WHERE NOT EXISTS (
          SELECT 1 FROM ${rows} o WHERE o.company_id = fix.company_id AND o.${scope} = fix.scope AND o.number = fix.number
        )
        AND NOT EXISTS (
          SELECT 1 FROM fix other
          WHERE other.id <> fix.id AND other.number = fix.number
            AND other.company_id = fix.company_id AND other.scope = fix.scope
        )
    )
    UPDATE ${rows} t SET number = free.number FROM free WHERE t.id = free.id
    RETURNING t.id`;
}

export function backfillPhoneNumbersJob(db: Db): JobDefinition {
  return {
    name: BACKFILL_PHONE_NUMBERS,
    handle: async () => {
      await backfillNationalNumbers(db);
    },
  };
}
