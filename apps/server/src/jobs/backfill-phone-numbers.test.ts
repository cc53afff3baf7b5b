import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCompany, buildContact } from "../../test/factories.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { companySettings, contactListItems, contactLists, contacts } from "../db/schema/index.js";
import { backfillNationalNumbers } from "./backfill-phone-numbers.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
const db = () => server.database.db;

/** On PostgreSQL other files share the database: each run touches its own companies, under its own name. */
const runName = () => `test-${Date.now()}-${Math.random()}`;

async function numbersOf(ids: number[]) {
  const rows = await db()
    .select({ id: contacts.id, number: contacts.number })
    .from(contacts)
    .where(inArray(contacts.id, ids));
  return Object.fromEntries(rows.map((row) => [row.id, row.number]));
}

describe("the backfill of numbers typed before E.164 (docs/PHONE-NUMBERS.md)", () => {
  it("adds 55 to Brazilian companies' typed numbers and leaves ids, groups, channels and other countries alone", async () => {
    const br = (await buildCompany(db())).id;
    const pt = (await buildCompany(db())).id;
    await db()
      .update(companySettings)
      .set({ phoneDefaultCountry: "PT" })
      .where(eq(companySettings.companyId, pt));
    const mobile = await buildContact(db(), br, { number: "11988887777" });
    const eightDigits = await buildContact(db(), br, { number: "2188887777" });
    const landline = await buildContact(db(), br, { number: "1133334444" });
    const waId = await buildContact(db(), br, { number: "5511977776666" });
    const german = await buildContact(db(), br, { number: "4930123456" });
    const group = await buildContact(db(), br, { number: "11955554444", isGroup: true });
    const messenger = await buildContact(db(), br, { number: "11955554444", channel: "facebook" });
    const abroad = await buildContact(db(), pt, { number: "11988887777" });
    const [list] = await db().insert(contactLists).values({ companyId: br, name: "Lista" }).returning();
    const items = await db()
      .insert(contactListItems)
      .values([
        { companyId: br, contactListId: list!.id, name: "Ana", number: "11966665555" },
        { companyId: br, contactListId: list!.id, name: "Bia", number: "5511966665555" },
        { companyId: br, contactListId: list!.id, name: "Caio", number: "31987654321" },
      ])
      .returning();

    const counts = await backfillNationalNumbers(db(), { companyIds: [br, pt], name: runName() });

    expect(
      await numbersOf(
        [mobile, eightDigits, landline, waId, german, group, messenger, abroad].map((c) => c.id),
      ),
    ).toEqual({
      [mobile.id]: "5511988887777",
      [eightDigits.id]: "5521988887777",
      [landline.id]: "551133334444",
      [waId.id]: "5511977776666",
      [german.id]: "4930123456",
      [group.id]: "11955554444",
      [messenger.id]: "11955554444",
      [abroad.id]: "11988887777",
    });
    const itemNumbers = await db()
      .select({ name: contactListItems.name, number: contactListItems.number })
      .from(contactListItems)
      .where(eq(contactListItems.contactListId, list!.id));
    // Ana's 55 form is Bia's number already: the list holds a number once, so Ana keeps hers.
    expect(Object.fromEntries(itemNumbers.map((item) => [item.name, item.number]))).toEqual({
      Ana: "11966665555",
      Bia: "5511966665555",
      Caio: "5531987654321",
    });
    expect(items).toHaveLength(3);
    expect(counts).toEqual({ fixed: 4, taken: 1 });
  });

  it("keeps a contact whose 55 form another contact has, and runs once", async () => {
    const c = (await buildCompany(db())).id;
    const typed = await buildContact(db(), c, { number: "11944443333" });
    const fromWhatsApp = await buildContact(db(), c, { number: "5511944443333" });
    const twinA = await buildContact(db(), c, { number: "11988881111" });
    const twinB = await buildContact(db(), c, { number: "1188881111" });
    const name = runName();

    expect(await backfillNationalNumbers(db(), { companyIds: [c], name })).toEqual({ fixed: 0, taken: 3 });
    expect(await numbersOf([typed.id, fromWhatsApp.id, twinA.id, twinB.id])).toEqual({
      [typed.id]: "11944443333",
      [fromWhatsApp.id]: "5511944443333",
      // Both are 5511988881111 with the ninth digit: neither takes it from the other.
      [twinA.id]: "11988881111",
      [twinB.id]: "1188881111",
    });

    // Finished once, it does not run again (a later boot scans nothing).
    const late = await buildContact(db(), c, { number: "11933332222" });
    expect(await backfillNationalNumbers(db(), { companyIds: [c], name })).toEqual({ fixed: 0, taken: 0 });
    expect(await numbersOf([late.id])).toEqual({ [late.id]: "11933332222" });
  });
});
