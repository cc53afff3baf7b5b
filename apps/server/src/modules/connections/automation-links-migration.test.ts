import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildCompany, buildConnection } from "../../../test/factories.js";
import { databaseBefore } from "../../../test/migrated-before.js";
import { flows, whatsapps } from "../../db/schema/index.js";

// A fresh database migrated twice: tens of seconds while other files run.
describe("migration 0052 (a connection's automation links are foreign keys)", () => {
  it("clears the links an earlier deletion left dangling and keeps the live ones", {
    timeout: 120_000,
  }, async () => {
    const { database, pglite, migrateRest } = await databaseBefore("0052");
    try {
      const db = database.db;
      const company = await buildCompany(db);
      const other = await buildCompany(db);
      const [flow] = await db
        .insert(flows)
        .values({ companyId: company.id, name: "Boas-vindas" })
        .returning();
      const [othersFlow] = await db.insert(flows).values({ companyId: other.id, name: "Alheio" }).returning();
      const connection = await buildConnection(db, company.id);
      // Welcome: a live flow of the company. No-phrase: another company's flow. The rest: deleted records.
      await pglite.query(
        `UPDATE whatsapps SET flow_id_welcome = $2, flow_id_not_phrase = $3, integration_id = 999999,
           prompt_id = 999999 WHERE id = $1`,
        [connection.id, flow?.id, othersFlow?.id],
      );

      await migrateRest();

      const [row] = await db.select().from(whatsapps).where(eq(whatsapps.id, connection.id));
      expect(row).toMatchObject({
        flowIdWelcome: flow?.id,
        flowIdNotPhrase: null,
        integrationId: null,
        promptId: null,
      });
      await db.delete(flows).where(eq(flows.id, flow?.id as number));
      const [after] = await db.select().from(whatsapps).where(eq(whatsapps.id, connection.id));
      expect(after?.flowIdWelcome).toBeNull();
      expect(after?.companyId).toBe(company.id);
    } finally {
      await database.close();
    }
  });
});
