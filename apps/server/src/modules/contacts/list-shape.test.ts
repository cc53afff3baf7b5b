import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { renderedStatement, ShapeSweep } from "../../../test/statements.js";
import { Placeholders } from "../../db/shaped-statement.js";
import { cappedCount, contactCondition, contactListShape, contactPageStatement } from "./list-statement.js";
import type { NameSearch } from "./name-search.js";
import type { ContactFilters } from "./repo.js";

/**
 * GET /contacts runs one prepared statement per `contactListShape`: two lists of the same shape
 * must render the same text with the same fixed parameters, every varying value bound (a company's
 * id written into a shared statement would show one company another's contacts).
 */
const refs = { extraInfo: sql`'[]'::json`, tags: sql`'[]'::json` };

function rendered(
  companyId: number,
  filters: ContactFilters,
  names: NameSearch | undefined,
  pageNumber: number,
) {
  const values = new Placeholders();
  const where = contactCondition(companyId, filters, names, values.bind);
  const page = { number: pageNumber, size: 40 };
  const statement = contactPageStatement(where, refs, cappedCount(where, 10_000), page, values.bind);
  return { ...renderedStatement(statement), values: Object.values(values.values) };
}

describe("GET /contacts statements per shape", () => {
  it("two lists of the same shape have the same statement; the company, the search and the filters are bound", () => {
    const sweep = new ShapeSweep();
    for (let i = 0; i < 600; i++) {
      const search = ["", "ana", "cliente 4711"][i % 3]!;
      const filters: ContactFilters = {
        search,
        searchNumbers: [undefined, true, false][Math.floor(i / 3) % 3],
        channel: [undefined, "whatsapp", "instagram"][Math.floor(i / 9) % 3],
        isGroup: [undefined, true, false][Math.floor(i / 27) % 3],
      };
      const names = search ? { whole: `%${search}%`, indexed: `%${search.split(" ").at(-1)}%` } : undefined;
      const companyId = 1 + ((i * 7919) % 997);
      const statement = rendered(companyId, filters, names, 1 + (i % 5));
      expect(JSON.parse(statement.params)).not.toContain(companyId);
      expect(statement.values).toContain(companyId);
      if (filters.channel) expect(statement.values).toContain(filters.channel);
      sweep.check(contactListShape(filters, names !== undefined), statement);
    }
    expect(sweep.shapes).toBe(18); // search none, with or without numbers; channel or not; group any, yes or no
    expect(sweep.compared).toBeGreaterThan(500);
  });
});
