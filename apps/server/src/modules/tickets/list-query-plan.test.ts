import { TICKET_STATUSES } from "@inbox/shared";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCompany, buildConnection, buildQueue, buildUser } from "../../../test/factories.js";
import { openTestDatabase } from "../../../test/harness.js";
import { genericPlanOf, planOf, scansOf, sortsOverScansOf } from "../../../test/plans.js";
import { type Database, rowsOf } from "../../db/client.js";
import { Placeholders } from "../../db/shaped-statement.js";
import { ticketMessagesPageQuery } from "../messages/repo.js";
import {
  countQuery,
  type ListPage,
  pageIdsQuery,
  plannedPerRequest,
  type TicketFilters,
} from "./list-query.js";
import type { TicketScope } from "./policy.js";

/**
 * The attendant's two reads must walk their indexes in the indexes' order and stop after the page:
 * GET /tickets read a tab of 20,000 closed tickets whole and sorted it when its order said `DESC`
 * (nulls first) and the indexes `DESC NULLS LAST` (test/plans.ts).
 */
let database: Database;
let companyId: number;
let admin: TicketScope;
let attendant: TicketScope;
/** Each filter's ids, of this company: two of its tags, connections, users and queues. */
let filterIds: Record<"tags" | "connections" | "users" | "queues", number[]>;
beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.db;
  companyId = (await buildCompany(db)).id;
  const [mine, other] = [await buildQueue(db, companyId), await buildQueue(db, companyId)];
  const [owner, colleague] = [await buildUser(db, companyId), await buildUser(db, companyId)];
  const [phone, page] = [await buildConnection(db, companyId), await buildConnection(db, companyId)];
  admin = { all: true, userId: owner.id, queueIds: [], withoutQueue: true, groups: true };
  attendant = {
    all: false,
    userId: colleague.id,
    queueIds: [mine.id, other.id],
    withoutQueue: false,
    groups: false,
  };
  // A busy company, in the statistics too: on a near-empty table (or one whose statistics another
  // test's rows shaped) sorting a status's few rows is cheapest, and the plan says nothing about
  // the index order. 2,000 tickets per status, spread over queues, holders and time, then VACUUM
  // ANALYZE (as a long-lived table is: index-only scans need the visibility map).
  // Each ticket its own contact (one open ticket per contact and connection).
  await db.execute(sql`WITH made AS (
      INSERT INTO contacts (company_id, name, number)
      SELECT ${companyId}::int, 'plan ' || n, 'plan-' || ${companyId}::int || '-' || n
      FROM generate_series(1, ${TICKET_STATUSES.length * 2000}::int) AS n
      RETURNING id
    ), numbered AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM made)
    INSERT INTO tickets (company_id, contact_id, status, queue_id, user_id, whatsapp_id, updated_at)
    SELECT ${companyId}::int, numbered.id, s.status,
      (ARRAY[${mine.id}::int, ${other.id}::int, NULL])[1 + g % 3],
      (ARRAY[${owner.id}::int, ${colleague.id}::int, NULL])[1 + (g / 3) % 3],
      (ARRAY[${phone.id}::int, ${page.id}::int])[1 + g % 2],
      now() - g * interval '1 minute'
    FROM unnest(${sql.param([...TICKET_STATUSES])}::text[]) WITH ORDINALITY AS s(status, k)
    CROSS JOIN generate_series(1, 2000) AS g
    JOIN numbered ON numbered.n = (s.k - 1) * 2000 + g`);
  // Two tags, each on a third of the tickets (a tag like "VIP" or "Aguardando pagamento"): a
  // filter by either matches thousands of tickets per tab.
  const [vip, late] = [await buildTag(db, companyId), await buildTag(db, companyId)];
  await db.execute(sql`INSERT INTO ticket_tags (company_id, ticket_id, tag_id)
    SELECT company_id, id, CASE WHEN id % 3 = 0 THEN ${vip}::int ELSE ${late}::int END
    FROM tickets WHERE company_id = ${companyId} AND id % 3 <> 2`);
  await db.execute(sql`VACUUM ANALYZE tickets`);
  await db.execute(sql`VACUUM ANALYZE ticket_tags`);
  filterIds = {
    tags: [vip, late],
    connections: [phone.id],
    users: [colleague.id],
    queues: [mine.id],
  };
});

async function buildTag(db: Database["db"], companyId: number): Promise<number> {
  const [row] = rowsOf<{ id: number }>(
    await db.execute(sql`INSERT INTO tags (company_id, name, color) VALUES (${companyId}, ${`tag-${Math.random()}`}, '#000')
      RETURNING id`),
  );
  return row?.id ?? 0;
}
afterAll(() => database.close());

const noFilters: TicketFilters = {
  search: "",
  searchOnMessages: false,
  queueIds: [],
  withoutQueue: false,
  whatsappIds: [],
  userIds: [],
  tagIds: [],
  withUnreadMessages: false,
};

describe("GET /tickets page query plans", () => {
  for (const [who, scopeOf] of [
    ["an admin showing all", () => admin],
    ["an attendant with two queues", () => attendant],
  ] as const) {
    for (const ascending of [false, true]) {
      it(`walks the indexes without sorting a range for ${who}, ${ascending ? "oldest" : "newest"} first`, async () => {
        for (const status of TICKET_STATUSES) {
          const page: ListPage = { number: 3, size: 40, ascending };
          const query = pageIdsQuery(companyId, scopeOf(), { ...noFilters, status }, page);
          const plan = await planOf(database, query);
          expect(sortsOverScansOf(plan, "tickets"), `${status}: ${JSON.stringify(plan)}`).toEqual([]);
        }
      });
    }
  }
});

describe("GET /tickets generic plans", () => {
  // A tab's statement is prepared once per shape (db/shaped-statement.ts): after a few runs
  // PostgreSQL may keep a plan made without the values, which must still walk the indexes in order
  // and stop after the page, whatever company it then serves.
  for (const [who, scopeOf] of [
    ["an admin showing all", () => admin],
    ["an attendant with two queues", () => attendant],
  ] as const) {
    it(`walk the indexes without sorting a range for ${who}`, async () => {
      for (const ascending of [false, true])
        for (const status of TICKET_STATUSES) {
          const values = new Placeholders();
          const page: ListPage = { number: 3, size: 40, ascending };
          const filters = { ...noFilters, status };
          expect(plannedPerRequest(filters)).toBe(false);
          const query = pageIdsQuery(companyId, scopeOf(), filters, page, values.bind);
          const plan = await genericPlanOf(database, query, values.values);
          expect(sortsOverScansOf(plan, "tickets"), `${status}: ${JSON.stringify(plan)}`).toEqual([]);
        }
    });
  }

  it("are not used for a search or a filter by queue, connection, user or tag", () => {
    // How many tickets these match decides the plan: each request is planned with its values.
    for (const filter of [
      { search: "ana" },
      { queueIds: filterIds.queues },
      { withoutQueue: true },
      { whatsappIds: filterIds.connections },
      { userIds: filterIds.users },
      { tagIds: filterIds.tags },
    ])
      expect(plannedPerRequest({ ...noFilters, ...filter }), JSON.stringify(filter)).toBe(true);
  });
});

describe("the bell's unread count plan", () => {
  it("counts an attendant's unread tickets from the unread (or waiting) indexes alone", async () => {
    for (const status of ["open", "pending", "group"] as const) {
      const filters = { ...noFilters, status, withUnreadMessages: true };
      const scans = scansOf(await planOf(database, countQuery(companyId, attendant, filters)), "tickets");
      expect(scans.length, status).toBeGreaterThan(0);
      for (const scan of scans)
        expect(scan, `${status}: ${scans.join("; ")}`).toMatch(
          /^Index Only Scan tickets_company_((user|queue)_unread|queue_waiting)_idx$/,
        );
    }
  });
});

describe("GET /messages/{ticketId} page query plan", () => {
  it("walks messages_company_ticket_created_idx newest first without sorting the ticket's messages", async () => {
    const plan = await planOf(database, ticketMessagesPageQuery(database.db, 1, 1, { number: 2, size: 20 }));
    expect(sortsOverScansOf(plan, "messages"), JSON.stringify(plan)).toEqual([]);
    expect(JSON.stringify(plan)).toContain("messages_company_ticket_created_idx");
  });
});
