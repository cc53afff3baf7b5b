import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCompany, buildConnection, buildContact, buildTicket } from "../../test/factories.js";
import { openTestDatabase } from "../../test/harness.js";
import { planOf, scansOf } from "../../test/plans.js";
import type { Database } from "../db/client.js";
import { MessageChangesRepo } from "./message-changes-repo.js";

/**
 * Messenger and Instagram send a read watermark for nearly every message we send. Marking our
 * messages read walked every message of the connection (its provider-id index leads with the
 * connection); it reads only the contact's, by messages_company_contact_created_idx.
 */
let database: Database;
let ids: { companyId: number; whatsappId: number; contactId: number };
beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.db;
  const companyId = (await buildCompany(db)).id;
  const whatsappId = (await buildConnection(db, companyId, { channel: "facebook" })).id;
  const contacts = [await buildContact(db, companyId), await buildContact(db, companyId)];
  for (const contact of contacts) {
    const ticket = await buildTicket(db, companyId, { contactId: contact.id, whatsappId });
    // A busy page: 2,000 messages per conversation, both ways.
    await db.execute(sql`INSERT INTO messages (company_id, ticket_id, contact_id, whatsapp_id, provider_message_id,
        from_me, ack, body, created_at)
      SELECT ${companyId}::int, ${ticket.id}::int, ${contact.id}::int, ${whatsappId}::int,
        'm-' || ${contact.id}::int || '-' || g, g % 2 = 0, 3, 'oi', now() - g * interval '1 minute'
      FROM generate_series(1, 2000) AS g`);
  }
  await db.execute(sql`VACUUM ANALYZE messages`);
  ids = { companyId, whatsappId, contactId: contacts[0]?.id ?? 0 };
});
afterAll(() => database.close());

describe("a read watermark's query", () => {
  it("finds the contact's messages by their own index", async () => {
    const repo = new MessageChangesRepo(database.db);
    const query = repo.readUpToQuery(ids.companyId, ids.whatsappId, ids.contactId, new Date());
    expect(scansOf(await planOf(database, query.getSQL()))).toEqual([
      "Index Scan messages_company_contact_created_idx",
    ]);
  });

  it("marks only that contact's messages of ours up to the watermark", async () => {
    const db = database.db;
    await db.execute(sql`UPDATE messages SET ack = 1 WHERE from_me`);
    const repo = new MessageChangesRepo(db);
    const read = await repo.markReadUpTo(
      ids.companyId,
      ids.whatsappId,
      ids.contactId,
      new Date(Date.now() - 1000.5 * 60_000),
    );
    // Ours to this contact older than 1,000 minutes: 500 of its 1,000.
    expect(read).toHaveLength(500);
    expect(read.every((m) => m.fromMe && m.ack === 3 && m.contactId === ids.contactId)).toBe(true);
  });
});
