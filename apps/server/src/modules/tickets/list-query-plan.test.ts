import { TICKET_STATUSES } from "@inbox/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
beforeAll(async () => {
  database = await openTestDatabase();
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
const admin: TicketScope = { all: true, userId: 1, queueIds: [], withoutQueue: true, groups: true };
const attendant: TicketScope = {
  all: false,
  userId: 2,
  queueIds: [3, 4],
  withoutQueue: false,
  groups: false,
};

describe("GET /tickets page query plans", () => {
  for (const [who, scope] of [
    ["an admin showing all", admin],
    ["an attendant with two queues", attendant],
  ] as const) {
    for (const ascending of [false, true]) {
      it(`walks the indexes without sorting a range for ${who}, ${ascending ? "oldest" : "newest"} first`, async () => {
        for (const status of TICKET_STATUSES) {
          const page: ListPage = { number: 3, size: 40, ascending };
          const plan = await planOf(database, pageIdsQuery(1, scope, { ...noFilters, status }, page));
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
      const scans = scansOf(await planOf(database, countQuery(1, attendant, filters)), "tickets");
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
