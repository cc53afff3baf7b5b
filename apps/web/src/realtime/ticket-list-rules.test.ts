import type { TicketViewer } from "@inbox/shared";
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
