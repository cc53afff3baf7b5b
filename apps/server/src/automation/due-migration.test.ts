import { inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildCompany, buildTicket } from "../../test/factories.js";
import { databaseBefore } from "../../test/migrated-before.js";
import { ticketAutomations } from "../db/schema/index.js";

// A fresh database migrated twice: tens of seconds while other files run.
describe("migration 0048 (the due mark moves from tickets to ticket_automations)", () => {
  it("keeps every mark a lost run left, with its time, beside the ticket's state", {
    timeout: 120_000,
  }, async () => {
    const { database, pglite, migrateRest } = await databaseBefore("0048");
    try {
      const db = database.db;
      const company = await buildCompany(db);
      // Due without a state yet (its first run was lost), due with a state, and not due.
      const [fresh, known, quiet] = [
        await buildTicket(db, company.id),
        await buildTicket(db, company.id),
        await buildTicket(db, company.id),
      ];
      await pglite.query(`UPDATE tickets SET automation_due_at = '2026-11-01T10:00:00Z' WHERE id = $1;`, [
        fresh.id,
      ]);
      await pglite.query(`UPDATE tickets SET automation_due_at = '2026-11-02T10:00:00Z' WHERE id = $1`, [
        known.id,
      ]);
      await pglite.query(
        `INSERT INTO ticket_automations (ticket_id, company_id, state, handled_message_id)
         VALUES ($1, $2, '{"stage":"menu"}', 7), ($3, $2, '{"stage":"done"}', 9)`,
        [known.id, company.id, quiet.id],
      );

      await migrateRest();

      const rows = await db
        .select({
          ticketId: ticketAutomations.ticketId,
          companyId: ticketAutomations.companyId,
          state: ticketAutomations.state,
          handledMessageId: ticketAutomations.handledMessageId,
          dueAt: ticketAutomations.dueAt,
        })
        .from(ticketAutomations)
        .where(inArray(ticketAutomations.ticketId, [fresh.id, known.id, quiet.id]))
        .orderBy(ticketAutomations.ticketId);
      expect(rows).toEqual([
        {
          ticketId: fresh.id,
          companyId: company.id,
          state: {},
          handledMessageId: 0,
          dueAt: new Date("2026-11-01T10:00:00Z"),
        },
        {
          ticketId: known.id,
          companyId: company.id,
          state: { stage: "menu" },
          handledMessageId: 7,
          dueAt: new Date("2026-11-02T10:00:00Z"),
        },
        {
          ticketId: quiet.id,
          companyId: company.id,
          state: { stage: "done" },
          handledMessageId: 9,
          dueAt: null,
        },
      ]);
      const columns = await pglite.query(
        `SELECT 1 FROM information_schema.columns WHERE table_name = 'tickets' AND column_name = 'automation_due_at'`,
      );
      expect(columns.rows).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
