import { TICKET_STATUSES, type TicketStatus } from "@inbox/shared";
import { describe, expect, it } from "vitest";
import { renderedStatement, ShapeSweep } from "../../../test/statements.js";
import { Placeholders } from "../../db/shaped-statement.js";
import { countQuery, listShape, pageIdsQuery, type TicketFilters } from "./list-query.js";
import { listStatement } from "./list-statement.js";
import type { TicketScope } from "./policy.js";

/**
 * GET /tickets runs one prepared statement per `listShape` (db/shaped-statement.ts). If the shape
 * missed something the text depends on, or a varying value were written into the statement
 * instead of bound, a request would run another request's statement: wrong tickets, or another
 * company's. Many random lists are built here; every two of the same shape must render the same
 * text with the same fixed parameters.
 */

/** A small deterministic generator (the same lists on every run). */
function random(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
  return {
    chance: (p: number) => next() < p,
    int: (max: number) => Math.floor(next() * max),
    some: <T>(items: readonly T[]) => items.filter(() => next() < 0.4),
  };
}

function randomList(r: ReturnType<typeof random>) {
  const manyQueues = r.chance(0.1) ? Array.from({ length: 30 }, (_, i) => 100 + i) : [];
  const scope: TicketScope = {
    all: r.chance(0.3),
    userId: 1 + r.int(50),
    queueIds: [...r.some([1, 2, 3, 4, 5]), ...manyQueues],
    withoutQueue: r.chance(0.5),
    groups: r.chance(0.5),
  };
  const search = r.chance(0.3) ? ["ana", "joão 11", "50%_x"][r.int(3)] : "";
  const filters: TicketFilters = {
    status: r.chance(0.7) ? TICKET_STATUSES[r.int(TICKET_STATUSES.length)] : undefined,
    statuses: r.some(TICKET_STATUSES) as TicketStatus[],
    search: search ?? "",
    // The contacts' index asked for one word or the whole term (contacts/name-search.ts): values, not shape.
    names: search && r.chance(0.5) ? { whole: `%${search}%`, indexed: `%${search.slice(0, 3)}%` } : undefined,
    searchNumbers: r.chance(0.5) ? undefined : r.chance(0.5),
    searchOnMessages: r.chance(0.5),
    queueIds: r.some([1, 2, 3, 6, 101]),
    withoutQueue: r.chance(0.3),
    whatsappIds: r.some([1, 2, 3]),
    userIds: r.some([1, 7, 9]),
    tagIds: r.some([4, 5]),
    withUnreadMessages: r.chance(0.3),
    isGroup: r.chance(0.6) ? undefined : r.chance(0.5),
  };
  const page = { number: 1 + r.int(60), size: 40, ascending: r.chance(0.5) };
  return { companyId: 1 + r.int(1000), scope, filters, page };
}

/** How GET /tickets builds its statement (TicketsRepo.list), rendered; placeholders by name. */
function rendered({ companyId, scope, filters, page }: ReturnType<typeof randomList>) {
  const values = new Placeholders();
  const counting = filters.search === "" ? countQuery(companyId, scope, filters, values.bind) : undefined;
  const pageIds = pageIdsQuery(companyId, scope, filters, page, values.bind);
  return {
    ...renderedStatement(listStatement(values.bind(companyId), pageIds, counting)),
    values: values.values,
  };
}

describe("GET /tickets statements per shape", () => {
  it("two lists of the same shape have the same statement; their values are all bound", () => {
    const r = random(42);
    const sweep = new ShapeSweep();
    for (let i = 0; i < 4000; i++) {
      const list = randomList(r);
      sweep.check(listShape(list.scope, list.filters, list.page.ascending), rendered(list));
    }
    // The sweep must have met shapes more than once, and many of them.
    expect(sweep.compared).toBeGreaterThan(1000);
    expect(sweep.shapes).toBeGreaterThan(200);
  });

  it("the company, the viewer, the queues and the search are bound values, never written into the text", () => {
    const r = random(7);
    const list = randomList(r);
    list.filters.search = "maria";
    const statement = rendered({ ...list, companyId: 987_654 });
    expect(statement.text).not.toContain("987654");
    expect(statement.text).not.toContain("maria");
    expect(statement.params).not.toContain("987654");
    expect(Object.values(statement.values)).toContain(987_654);
    expect(Object.values(statement.values)).toContain("%maria%");
  });
});
