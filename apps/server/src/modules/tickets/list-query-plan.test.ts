import { TICKET_STATUSES } from "@inbox/shared";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCompany, buildContact, buildQueue, buildUser } from "../../../test/factories.js";
import { openTestDatabase } from "../../../test/harness.js";
import { type PlanNode, planOf, sortsOverScansOf } from "../../../test/plans.js";
import type { Database } from "../../db/client.js";
import { ticketMessagesPageQuery } from "../messages/repo.js";
import { countQuery, type ListPage, pageIdsQuery, type TicketFilters } from "./list-query.js";
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
beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.db;
  companyId = (await buildCompany(db)).id;
  const [mine, other] = [await buildQueue(db, companyId), await buildQueue(db, companyId)];
  const [owner, colleague] = [await buildUser(db, companyId), await buildUser(db, companyId)];
  const contact = await buildContact(db, companyId);
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
  await db.execute(sql`INSERT INTO tickets (company_id, contact_id, status, queue_id, user_id, updated_at)
    SELECT ${companyId}::int, ${contact.id}::int, s.status,
      (ARRAY[${mine.id}::int, ${other.id}::int, NULL])[1 + g % 3],
      (ARRAY[${owner.id}::int, ${colleague.id}::int, NULL])[1 + (g / 3) % 3],
      now() - g * interval '1 minute'
    FROM unnest(${sql.param([...TICKET_STATUSES])}::text[]) AS s(status), generate_series(1, 2000) AS g`);
  await db.execute(sql`VACUUM ANALYZE tickets`);
});
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

/** Every scan of `table` in the plan, as "node type index". */
function scansOf(node: PlanNode, table: string): string[] {
  const here = node["Relation Name"] === table ? [`${node["Node Type"]} ${node["Index Name"] ?? ""}`] : [];
  return [...here, ...(node.Plans ?? []).flatMap((child) => scansOf(child, table))];
}

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
