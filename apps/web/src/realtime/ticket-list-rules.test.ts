import { LIMITS, type TicketViewer } from "@inbox/shared";
import { describe, expect, it } from "vitest";
import type { TicketListFilters } from "../api/tickets";
import { buildMessage, buildTicket, messagePagesOf, pagesOf } from "../test/tickets";
import {
  applyMessage,
  applyTicketDelete,
  applyTicketUpdate,
  flattenMessages,
  flattenTickets,
  type ListContext,
  listCount,
  mergeTicket,
  ticketMatchesList,
} from "./ticket-list-rules";

const attendant: TicketViewer = {
  id: 7,
  profile: "user",
  super: false,
  allTicket: "disable",
  allUserChat: "disabled",
  allowGroup: false,
  queueIds: [10],
};
const admin: TicketViewer = { ...attendant, id: 1, profile: "admin", queueIds: [] };

const list = (status: TicketListFilters["status"], overrides: Partial<TicketListFilters> = {}) => ({
  status,
  showAll: false,
  queueIds: [],
  withoutQueue: false,
  searchParam: "",
  ...overrides,
});
const ctx = (filters: TicketListFilters, viewer: TicketViewer = admin): ListContext => ({ filters, viewer });
const idsOf = (data: Parameters<typeof flattenTickets>[0]) => flattenTickets(data).map((t) => t.id);

describe("a ticket enters a list only when it matches", () => {
  it("a new pending ticket enters the pending list at the top and the count rises", () => {
    const pending = pagesOf({ tickets: [buildTicket({ id: 1 }), buildTicket({ id: 2 })] });
    const next = applyTicketUpdate(pending, buildTicket({ id: 3 }), ctx(list("pending")), {
      newMessage: true,
    });
    expect(idsOf(next)).toEqual([3, 1, 2]);
    expect(listCount(next)).toBe(3);
  });

  it("it does not enter a list of another status, of unselected queues, or one the viewer may not see", () => {
    const empty = pagesOf({ tickets: [] });
    const ticket = buildTicket({ id: 3, queueId: 20 });
    expect(applyTicketUpdate(empty, ticket, ctx(list("open")))).toBe(empty);
    expect(applyTicketUpdate(empty, ticket, ctx(list("pending", { queueIds: [10] })))).toBe(empty);
    // An attendant of queue 10 does not see queue 20's waiting tickets, nor those without a queue.
    expect(applyTicketUpdate(empty, ticket, ctx(list("pending"), attendant))).toBe(empty);
    expect(applyTicketUpdate(empty, buildTicket({ id: 4 }), ctx(list("pending"), attendant))).toBe(empty);
    const own = applyTicketUpdate(
      empty,
      buildTicket({ id: 5, queueId: 10 }),
      ctx(list("pending"), attendant),
    );
    expect(idsOf(own)).toEqual([5]);
  });

  it("'without queue' selects tickets that have none", () => {
    const filters = list("pending", { queueIds: [10], withoutQueue: true, showAll: true });
    expect(ticketMatchesList(buildTicket({ queueId: null }), ctx(filters))).toBe(true);
    expect(ticketMatchesList(buildTicket({ queueId: 10 }), ctx(filters))).toBe(true);
    expect(ticketMatchesList(buildTicket({ queueId: 11 }), ctx(filters))).toBe(false);
  });
});

describe("a ticket leaves a list it no longer matches", () => {
  it("accepted (pending -> open): out of the pending list, into the open list", () => {
    const pending = pagesOf({ tickets: [buildTicket({ id: 1 }), buildTicket({ id: 2 })] });
    const open = pagesOf({ tickets: [buildTicket({ id: 9, status: "open", userId: 1 })] });
    const accepted = buildTicket({ id: 2, status: "open", userId: 1, updatedAt: "2026-03-01T11:00:00.000Z" });
    const pendingAfter = applyTicketUpdate(pending, accepted, ctx(list("pending")));
    expect(idsOf(pendingAfter)).toEqual([1]);
    expect(listCount(pendingAfter)).toBe(1);
    const openAfter = applyTicketUpdate(open, accepted, ctx(list("open")));
    expect(idsOf(openAfter)).toEqual([2, 9]);
    expect(listCount(openAfter)).toBe(2);
  });

  it("a delete removes it from whichever page holds it", () => {
    const data = pagesOf(
      { tickets: [buildTicket({ id: 1 }), buildTicket({ id: 2 })], count: 4, hasMore: true },
      { tickets: [buildTicket({ id: 3 }), buildTicket({ id: 4 })], count: 4 },
    );
    const next = applyTicketDelete(data, 3);
    expect(idsOf(next)).toEqual([1, 2, 4]);
    expect(next.pages.map((p) => p.count)).toEqual([3, 3]);
    expect(applyTicketDelete(next, 99)).toBe(next);
  });

  it("a count the server stopped at its cap stays there as tickets come and go (it means that many or more)", () => {
    const cap = LIMITS.ticketListCountCap;
    const data = pagesOf({
      tickets: [buildTicket({ id: 1 }), buildTicket({ id: 2 })],
      count: cap,
      hasMore: true,
    });
    expect(listCount(applyTicketDelete(data, 1))).toBe(cap);
    const entered = applyTicketUpdate(data, buildTicket({ id: 3 }), ctx(list("pending")), {
      newMessage: true,
    });
    expect(idsOf(entered)).toEqual([3, 1, 2]);
    expect(listCount(entered)).toBe(cap);
    const below = pagesOf({ tickets: [buildTicket({ id: 1 })], count: cap - 1, hasMore: true });
    expect(listCount(applyTicketDelete(below, 1))).toBe(cap - 2);
  });
});

describe("moving and updating in place", () => {
  const data = pagesOf(
    { tickets: [buildTicket({ id: 1 }), buildTicket({ id: 2 })], hasMore: true },
    { tickets: [buildTicket({ id: 3, unreadMessages: 0 })] },
  );

  it("a new incoming message moves the ticket to the top, from any page, without changing the count", () => {
    const moved = applyTicketUpdate(
      data,
      buildTicket({ id: 3, lastMessage: "Novo", unreadMessages: 1 }),
      ctx(list("pending")),
      { newMessage: true },
    );
    expect(idsOf(moved)).toEqual([3, 1, 2]);
    expect(flattenTickets(moved)[0]).toMatchObject({ lastMessage: "Novo", unreadMessages: 1 });
    expect(listCount(moved)).toBe(3);
  });

  it("an update with the same updatedAt (the unread counter reset) stays in place", () => {
    const read = applyTicketUpdate(data, buildTicket({ id: 2, unreadMessages: 0 }), ctx(list("pending")));
    expect(idsOf(read)).toEqual([1, 2, 3]);
  });

  it("pages that overlap after live entries show each ticket once", () => {
    const overlapping = pagesOf(
      { tickets: [buildTicket({ id: 1 }), buildTicket({ id: 2 })] },
      { tickets: [buildTicket({ id: 2 }), buildTicket({ id: 3 })] },
    );
    expect(idsOf(overlapping)).toEqual([1, 2, 3]);
  });
});

describe("mergeTicket", () => {
  it("keeps the names the list has when an event carries ids only", () => {
    const current = buildTicket({ queueId: 10, queue: { id: 10, name: "Suporte", color: "#00f" } });
    const {
      queue: _q,
      user: _u,
      whatsapp: _w,
      tags: _t,
      contact: _c,
      ...idsOnly
    } = buildTicket({
      queueId: 10,
      lastMessage: "Novo",
    });
    const merged = mergeTicket(current, idsOnly);
    expect(merged).toMatchObject({
      lastMessage: "Novo",
      queue: { name: "Suporte" },
      contact: current.contact,
    });
    expect(mergeTicket(current, { ...idsOnly, queueId: 11 }).queue).toBeUndefined();
  });
});

describe("messages of a conversation", () => {
  const ticket = buildTicket();
  it("shows older pages first and appends a new message to the newest page once", () => {
    const data = messagePagesOf(
      ticket,
      [buildMessage({ id: 3 }), buildMessage({ id: 4 })],
      [buildMessage({ id: 1 }), buildMessage({ id: 2 })],
    );
    expect(flattenMessages(data).map((m) => m.id)).toEqual([1, 2, 3, 4]);
    const next = applyMessage(data, buildMessage({ id: 5 }), { isNew: true });
    expect(flattenMessages(next).map((m) => m.id)).toEqual([1, 2, 3, 4, 5]);
    expect(flattenMessages(applyMessage(next, buildMessage({ id: 5 }), { isNew: true }))).toHaveLength(5);
  });

  it("replaces a changed message in place (a rising ack) and ignores changes to messages not loaded", () => {
    const data = messagePagesOf(ticket, [buildMessage({ id: 3, fromMe: true, ack: 1 })]);
    const acked = applyMessage(data, buildMessage({ id: 3, fromMe: true, ack: 3 }), { isNew: false });
    expect(flattenMessages(acked)[0]?.ack).toBe(3);
    expect(applyMessage(data, buildMessage({ id: 99 }), { isNew: false })).toBe(data);
  });
});

describe("the tickets manager's filters (tags, users, connections, statuses, sort)", () => {
  const tag = (id: number) => ({ id, name: `Tag ${id}`, color: "#000000" });

  it("a tag filter admits tickets having any selected tag, and none whose tags are unknown", () => {
    const filters = list("open", { tags: [3, 4], showAll: true });
    expect(ticketMatchesList(buildTicket({ status: "open", tags: [tag(4)] }), ctx(filters))).toBe(true);
    expect(ticketMatchesList(buildTicket({ status: "open", tags: [tag(5)] }), ctx(filters))).toBe(false);
    expect(ticketMatchesList(buildTicket({ status: "open", tags: undefined }), ctx(filters))).toBe(false);
  });

  it("user and connection filters admit only the selected ones", () => {
    const filters = list("open", { users: [7], whatsapps: [2], showAll: true });
    expect(ticketMatchesList(buildTicket({ status: "open", userId: 7, whatsappId: 2 }), ctx(filters))).toBe(
      true,
    );
    expect(ticketMatchesList(buildTicket({ status: "open", userId: 8, whatsappId: 2 }), ctx(filters))).toBe(
      false,
    );
    expect(ticketMatchesList(buildTicket({ status: "open", userId: 7, whatsappId: 1 }), ctx(filters))).toBe(
      false,
    );
    expect(
      ticketMatchesList(buildTicket({ status: "open", userId: null, whatsappId: 2 }), ctx(filters)),
    ).toBe(false);
  });

  it("a held ticket leaves a list when a change takes it out of the tag filter", () => {
    const data = pagesOf({ tickets: [buildTicket({ id: 1, status: "open", tags: [tag(3)] })] });
    const next = applyTicketUpdate(
      data,
      buildTicket({ id: 1, status: "open", tags: [] }),
      ctx(list("open", { tags: [3] })),
    );
    expect(idsOf(next)).toEqual([]);
    expect(listCount(next)).toBe(0);
  });

  it("an ascending list puts a moving ticket last, or leaves it to an unloaded page", () => {
    const asc = list("pending", { sortTickets: "ASC" });
    const full = pagesOf({ tickets: [buildTicket({ id: 1 }), buildTicket({ id: 2 })] });
    const moved = applyTicketUpdate(full, buildTicket({ id: 1, lastMessage: "Oi" }), ctx(asc), {
      newMessage: true,
    });
    expect(idsOf(moved)).toEqual([2, 1]);
    const entered = applyTicketUpdate(full, buildTicket({ id: 3 }), ctx(asc), { newMessage: true });
    expect(idsOf(entered)).toEqual([1, 2, 3]);
    expect(listCount(entered)).toBe(3);

    const partial = pagesOf({
      tickets: [buildTicket({ id: 1 }), buildTicket({ id: 2 })],
      count: 50,
      hasMore: true,
    });
    const later = applyTicketUpdate(partial, buildTicket({ id: 1 }), ctx(asc), { newMessage: true });
    expect(idsOf(later)).toEqual([2]);
    expect(listCount(later)).toBe(50);
    const newcomer = applyTicketUpdate(partial, buildTicket({ id: 9 }), ctx(asc), { newMessage: true });
    expect(idsOf(newcomer)).toEqual([1, 2]);
    expect(listCount(newcomer)).toBe(51);
  });

  it("a descending list (the default) still puts it first", () => {
    const full = pagesOf({ tickets: [buildTicket({ id: 1 }), buildTicket({ id: 2 })] });
    const moved = applyTicketUpdate(
      full,
      buildTicket({ id: 2 }),
      ctx(list("pending", { sortTickets: "DESC" })),
      {
        newMessage: true,
      },
    );
    expect(idsOf(moved)).toEqual([2, 1]);
  });
});

describe("a list filtered by a search term (LGPD)", () => {
  const withContact = (name: string, number: string) =>
    buildTicket({ status: "pending", queueId: null, contact: { ...buildTicket().contact!, name, number } });

  it("matches the contact's name or number, but never digits of a masked number, as the server searches", () => {
    const filters = list("pending", { searchParam: "98765" });
    expect(ticketMatchesList(withContact("Ana", "5511987654321"), ctx(filters))).toBe(true);
    expect(ticketMatchesList(withContact("Ana", "5511987**-**21"), ctx(filters))).toBe(false);
    expect(
      ticketMatchesList(withContact("Ana", "5511987**-**21"), ctx(list("pending", { searchParam: "5511" }))),
    ).toBe(false);
    expect(
      ticketMatchesList(withContact("Ana", "5511987**-**21"), ctx(list("pending", { searchParam: "an" }))),
    ).toBe(true);
  });
});

describe("search lists (the search tab)", () => {
  const search = (overrides: Partial<TicketListFilters> = {}): TicketListFilters => ({
    ...list("open"),
    status: undefined,
    searchParam: "maria",
    ...overrides,
  });
  const maria = (overrides: Partial<Parameters<typeof buildTicket>[0]> = {}) =>
    buildTicket({ id: 1, contact: { ...buildTicket().contact!, name: "Maria" }, ...overrides });

  it("an event never adds a ticket to a search list, even one whose contact matches", () => {
    const empty = pagesOf({ tickets: [] });
    expect(applyTicketUpdate(empty, maria({ id: 5 }), ctx(search()), { newMessage: true })).toBe(empty);
  });

  it("a held ticket is updated in place, not moved", () => {
    const data = pagesOf({ tickets: [buildTicket({ id: 2 }), maria()] });
    const next = applyTicketUpdate(
      data,
      maria({ lastMessage: "Novo", updatedAt: "2026-03-02T00:00:00.000Z" }),
      ctx(search()),
      {
        newMessage: true,
      },
    );
    expect(idsOf(next)).toEqual([2, 1]);
    expect(flattenTickets(next)[1]?.lastMessage).toBe("Novo");
  });

  it("a held ticket whose status leaves the statuses filter goes; without a status filter it stays", () => {
    const data = pagesOf({ tickets: [maria({ status: "open" })] });
    const closed = maria({ status: "closed" });
    expect(idsOf(applyTicketUpdate(data, closed, ctx(search({ statuses: ["open", "pending"] }))))).toEqual(
      [],
    );
    expect(idsOf(applyTicketUpdate(data, closed, ctx(search())))).toEqual([1]);
  });

  it("a delete removes a held ticket", () => {
    const data = pagesOf({ tickets: [maria()] });
    expect(idsOf(applyTicketDelete(data, 1))).toEqual([]);
  });
});
