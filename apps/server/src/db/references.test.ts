import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase, rowsOf } from "./client.js";
import { runMigrations } from "./migrate.js";

/**
 * Deleting a row makes PostgreSQL look up every row that refers to it (to cascade, clear or refuse).
 * Without an index that leads with the reference's columns, that lookup reads the whole referring
 * table: deleting one contact walked every message of every company, once per deletion. Every
 * reference is served by an index, or is listed here with why a scan is acceptable.
 */
const SCANNED: Record<string, string[]> = {
  // Rare administrative deletions (a user, a connection, a queue, a file list, a flow...) whose
  // referring rows are few (settings tables) or found within the company by an index that leads
  // with company_id. An index of their own would be written with every ticket, log entry or contact.
  "rare deletion of a user": [
    "ticket_logs_user_id_fk",
    "ticket_notes_user_id_fk",
    "chat_messages_sender_id_fk",
    "chats_owner_id_fk",
    "schedules_user_id_fk",
    "chatbots_opt_user_id_fk",
    "queue_rotations_last_user_id_fk",
    "file_lists_user_id_fk",
    "campaigns_user_id_fk",
  ],
  "rare deletion of a connection": [
    "contacts_whatsapp_id_fk",
    "tickets_whatsapp_id_fk",
    "schedules_whatsapp_id_fk",
    "campaigns_whatsapp_id_fk",
  ],
  "rare deletion of a queue": [
    "ticket_logs_queue_id_fk",
    "chatbots_opt_queue_id_fk",
    "campaigns_queue_id_fk",
    "prompts_queue_id_fk",
  ],
  "rare deletion of a setting a few rows use": [
    "companies_plan_id_plans_id_fk",
    "whatsapps_flow_id_not_phrase_fk",
    "whatsapps_flow_id_welcome_fk",
    "whatsapps_integration_id_fk",
    "whatsapps_prompt_id_fk",
    "queues_file_list_id_fk",
    "chatbots_opt_file_id_fk",
    "campaigns_contact_list_id_fk",
    "campaigns_tag_list_id_fk",
    "flow_campaigns_flow_id_fk",
    "whatsapp_session_leases_company_id_companies_id_fk",
  ],
};

let database: Database;
beforeAll(async () => {
  database = await openDatabase({});
  await runMigrations(database);
});
afterAll(() => database.close());

/**
 * References no index serves: none leads with the referring columns (in any order), and none leads
 * with the reference's own column (not company_id) that would find its rows by itself.
 */
async function unservedReferences(): Promise<string[]> {
  const rows = rowsOf<{ name: string }>(
    await database.db.execute(sql`
      SELECT c.conname AS name
      FROM pg_constraint c
      WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace
        AND NOT EXISTS (
          SELECT 1 FROM pg_index i
          WHERE i.indrelid = c.conrelid
            -- A partial index serves the lookup when its predicate is a referring column's
            -- IS NOT NULL, which the lookup's equality implies.
            AND (i.indpred IS NULL OR EXISTS (
              SELECT 1 FROM unnest(c.conkey) AS k(attnum)
              JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum
              WHERE pg_get_expr(i.indpred, i.indrelid) = '(' || a.attname || ' IS NOT NULL)'
            ))
            AND i.indkey[0] = ANY (c.conkey)
            AND (
              cardinality(c.conkey) = 1
              OR i.indkey[1] = ANY (c.conkey)
              OR i.indkey[0] <> (
                SELECT a.attnum FROM pg_attribute a WHERE a.attrelid = c.conrelid AND a.attname = 'company_id'
              )
            )
        )
      ORDER BY 1`),
  );
  return rows.map((r) => r.name);
}

describe("references and their indexes", () => {
  it("every reference a deletion follows is served by an index, or listed with its reason", async () => {
    const listed = new Set(Object.values(SCANNED).flat());
    const unserved = await unservedReferences();
    expect(unserved.filter((name) => !listed.has(name))).toEqual([]);
    // A listed reference that an index now serves leaves the list.
    expect([...listed].filter((name) => !unserved.includes(name))).toEqual([]);
  });

  it("the hot references are among the served ones", async () => {
    const unserved = await unservedReferences();
    for (const name of [
      "messages_contact_id_fk",
      "messages_ticket_id_fk",
      "ticket_notes_ticket_id_fk",
      "schedules_ticket_id_fk",
      "campaign_shippings_ticket_id_fk",
      "ticket_tags_ticket_id_fk",
    ])
      expect(unserved).not.toContain(name);
  });
});
