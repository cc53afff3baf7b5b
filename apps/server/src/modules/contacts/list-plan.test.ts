import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCompany } from "../../../test/factories.js";
import { openTestDatabase } from "../../../test/harness.js";
import { genericPlanOf, scansOf, sortsOverScansOf } from "../../../test/plans.js";
import type { Database } from "../../db/client.js";
import { Placeholders } from "../../db/shaped-statement.js";
import { cappedCount, contactCondition, contactPageStatement } from "./list-statement.js";
import type { ContactFilters } from "./repo.js";

/**
 * GET /contacts filtered by channel or to groups must walk an index that holds the filter, in the
 * list's order (name, id). Through the name index alone, a company's few Instagram contacts or
 * groups were found by reading every contact it has. The list is prepared once per shape, so the
 * generic plan (made without the values) is the one checked.
 */
let database: Database;
let companyId: number;

beforeAll(async () => {
  database = await openTestDatabase();
  companyId = (await buildCompany(database.db)).id;
  // A company of WhatsApp contacts with a few on Instagram and a few groups, in the statistics too.
  await database.db.execute(sql`INSERT INTO contacts (company_id, name, number, channel, is_group)
    SELECT ${companyId}::int, 'plan ' || n, 'plan-' || ${companyId}::int || '-' || n,
      CASE WHEN n % 50 = 0 THEN 'instagram' ELSE 'whatsapp' END, n % 70 = 0
    FROM generate_series(1, 5000) AS n`);
  await database.db.execute(sql`VACUUM ANALYZE contacts`);
});

afterAll(async () => {
  await database?.close();
});

async function planOfList(filters: Omit<ContactFilters, "search">) {
  const values = new Placeholders();
  const where = contactCondition(companyId, { search: "", ...filters }, undefined, values.bind);
  const refs = { extraInfo: sql`'[]'::json`, tags: sql`'[]'::json` };
  const page = { number: 3, size: 40 };
  const query = contactPageStatement(where, refs, cappedCount(where, 10_000), page, values.bind);
  return genericPlanOf(database, query, values.values);
}

describe("GET /contacts generic plans", () => {
  for (const [filters, index] of [
    [{}, "contacts_company_name_idx"],
    [{ channel: "instagram" }, "contacts_company_channel_name_idx"],
    [{ channel: "instagram", isGroup: false }, "contacts_company_channel_name_idx"],
    [{ isGroup: true }, "contacts_company_group_name_idx"],
  ] as const) {
    it(`walk ${index} in the list's order for ${JSON.stringify(filters)}`, async () => {
      const plan = await planOfList(filters);
      const scans = scansOf(plan, "contacts");
      expect(sortsOverScansOf(plan, "contacts"), JSON.stringify(plan)).toEqual([]);
      // The page's scan (the count's may take another index that holds the filter).
      expect(
        scans.some((scan) => scan.endsWith(` ${index}`)),
        scans.join("; "),
      ).toBe(true);
      if (index !== "contacts_company_name_idx")
        expect(
          scans.some((scan) => scan.endsWith(" contacts_company_name_idx")),
          scans.join("; "),
        ).toBe(false);
    });
  }
});
