import { and, eq, ilike, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCompany } from "../../../test/factories.js";
import { openTestDatabase } from "../../../test/harness.js";
import type { Database } from "../../db/client.js";
import { contacts } from "../../db/schema/index.js";
import { nameMatches, nameSearchOf, probedWords } from "./name-search.js";

let database: Database;
let companyId: number;
beforeAll(async () => {
  database = await openTestDatabase();
  companyId = (await buildCompany(database.db)).id;
  // An address book where every name holds the same common word, as the benchmark's does.
  await database.db.execute(sql`INSERT INTO contacts (company_id, name, number)
    SELECT ${companyId}::int, 'Cliente ' || g, '55119' || lpad(g::text, 8, '0') FROM generate_series(1, 3000) AS g`);
  await database.db.execute(sql`ANALYZE contacts`);
});
afterAll(() => database.close());

const db = () => database.db;

async function idsMatching(condition: ReturnType<typeof nameMatches>): Promise<number[]> {
  const rows = await db()
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), condition));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

describe("contact name search (name-search.ts)", () => {
  it("asks the index for the rare word of a term whose other word every name holds", async () => {
    expect(await nameSearchOf(db(), "cliente 1234")).toEqual({ whole: "%cliente 1234%", indexed: "%1234%" });
    expect(await nameSearchOf(db(), "1234 cliente")).toEqual({ whole: "%1234 cliente%", indexed: "%1234%" });
  });

  it("asks for the whole term when it has one word, or no word long enough to narrow", async () => {
    expect(await nameSearchOf(db(), "cliente")).toEqual({ whole: "%cliente%", indexed: "%cliente%" });
    expect(await nameSearchOf(db(), "cliente 12")).toEqual({
      whole: "%cliente 12%",
      indexed: "%cliente 12%",
    });
    expect(await nameSearchOf(db(), "50%_off x")).toEqual({
      whole: "%50\\%\\_off x%",
      indexed: "%50\\%\\_off x%",
    });
  });

  it("estimates at most four words of a long term, the longest, each once", () => {
    expect(probedWords("ana de souza e silva ana")).toEqual(["souza", "silva", "ana"]);
    const long = Array.from({ length: 50 }, (_, i) => `w${String(i).padStart(2, "0")}`).join(" ");
    expect(probedWords(`${long} cliente`)).toHaveLength(4);
    expect(probedWords(`${long} cliente`)[0]).toBe("cliente");
  });

  it("finds exactly the contacts whose name or number holds the whole term", async () => {
    for (const term of [
      "cliente 1234",
      "1234 cliente",
      "cliente 12",
      "ente 299",
      "cliente",
      "nobody here",
      "00001234",
    ]) {
      const search = await nameSearchOf(db(), term);
      const plain = ilike(contacts.name, search.whole);
      expect(await idsMatching(nameMatches(search, false)), term).toEqual(await idsMatching(plain));
      const withNumbers = sql`(${plain} OR ${ilike(contacts.number, search.whole)})`;
      expect(await idsMatching(nameMatches(search, true)), term).toEqual(await idsMatching(withNumbers));
    }
    // The whole term decides: 'cliente 1234' is one contact, not every name holding '1234' or 'cliente'.
    expect(await idsMatching(nameMatches(await nameSearchOf(db(), "cliente 1234"), false))).toHaveLength(1);
  });
});
