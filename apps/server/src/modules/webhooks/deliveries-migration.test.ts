import { describe, expect, it } from "vitest";
import { buildCompany, buildConnection } from "../../../test/factories.js";
import { databaseBefore } from "../../../test/migrated-before.js";
import { webhookDeliveries } from "../../db/schema/index.js";

// A fresh database migrated twice: tens of seconds while other files run.
describe("migration 0050 (a processed delivery is deleted)", () => {
  it("deletes the deliveries already processed and keeps the waiting and the failed ones", {
    timeout: 120_000,
  }, async () => {
    const { database, pglite, migrateRest } = await databaseBefore("0050");
    try {
      const db = database.db;
      const company = await buildCompany(db);
      const connection = await buildConnection(db, company.id);
      await pglite.query(
        `INSERT INTO webhook_deliveries (company_id, whatsapp_id, channel, body, attempts, last_error, processed_at)
         VALUES ($1, $2, 'whatsappapi', 'processed', 1, NULL, now()),
                ($1, $2, 'whatsappapi', 'waiting', 0, NULL, NULL),
                ($1, $2, 'whatsappapi', 'failed', 20, 'boom', NULL)`,
        [company.id, connection.id],
      );

      await migrateRest();

      const left = await db
        .select({
          body: webhookDeliveries.body,
          attempts: webhookDeliveries.attempts,
          lastError: webhookDeliveries.lastError,
        })
        .from(webhookDeliveries)
        .orderBy(webhookDeliveries.id);
      expect(left).toEqual([
        { body: "waiting", attempts: 0, lastError: null },
        { body: "failed", attempts: 20, lastError: "boom" },
      ]);
    } finally {
      await database.close();
    }
  });
});
