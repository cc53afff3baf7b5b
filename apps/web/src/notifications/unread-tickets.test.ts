import { LIMITS, type TicketViewer } from "@inbox/shared";
import { describe, expect, it, vi } from "vitest";
import { configureApiClient } from "../api/client";
import { buildTicket } from "../test/tickets";
import {
  applyUnreadTicket,
  removeUnreadTicket,
  unreadCountAfter,
  unreadListOf,
  unreadTotal,
} from "./unread-tickets";
import { fetchUnreadTickets } from "./use-unread-tickets";

const viewer: TicketViewer = {
  id: 7,
  profile: "user",
  super: false,
  allTicket: "disable",
  allUserChat: "disabled",
  allowGroup: false,
  queueIds: [5],
};

const mine = (id: number, unreadMessages: number, updatedAt = `2026-03-01T10:0${id}:00.000Z`) =>
  buildTicket({ id, status: "open", userId: 7, unreadMessages, updatedAt });

describe("the bell's unread tickets", () => {
  it("keeps only tickets with unread messages in my own view, newest first", () => {
    const list = unreadListOf(
      [
        mine(1, 2),
        mine(2, 0),
        mine(3, 1),
        buildTicket({ id: 4, status: "open", userId: 8, unreadMessages: 5 }),
        buildTicket({ id: 5, status: "group", isGroup: true, unreadMessages: 5 }),
        buildTicket({ id: 6, status: "closed", userId: 7, unreadMessages: 5 }),
        mine(1, 2),
      ],
      viewer,
    );
    expect(list.map((t) => t.id)).toEqual([3, 1]);
    expect(unreadTotal(list)).toBe(3);
  });

  it("a ticket update with new unread messages enters or moves to the top; read or taken away leaves", () => {
    let list = [mine(1, 2), mine(2, 1)].reverse();
    list = applyUnreadTicket(list, mine(1, 3, "2026-03-01T11:00:00.000Z"), viewer);
    expect(list.map((t) => [t.id, t.unreadMessages])).toEqual([
      [1, 3],
      [2, 1],
    ]);
    expect(unreadTotal(list)).toBe(4);
    list = applyUnreadTicket(list, mine(9, 1, "2026-03-01T12:00:00.000Z"), viewer);
    expect(list.map((t) => t.id)).toEqual([9, 1, 2]);
    list = applyUnreadTicket(list, mine(1, 0), viewer);
    expect(list.map((t) => t.id)).toEqual([9, 2]);
    list = applyUnreadTicket(list, { ...mine(2, 1), userId: 8 }, viewer);
    expect(list.map((t) => t.id)).toEqual([9]);
    list = removeUnreadTicket(list, 9);
    expect(list).toEqual([]);
    expect(unreadTotal(list)).toBe(0);
  });

  it("keeps the contact it knew when an event carries the ticket with ids only", () => {
    const known = mine(1, 1);
    const { contact: _contact, ...bare } = mine(1, 2, "2026-03-01T11:00:00.000Z");
    const [updated] = applyUnreadTicket([known], bare, viewer);
    expect(updated?.contact?.name).toBe(known.contact?.name);
    expect(updated?.unreadMessages).toBe(2);
    const other = { ...known.contact!, name: "From the event" };
    const [fromEvent] = applyUnreadTicket([], { ...bare, id: 2 }, viewer, other);
    expect(fromEvent?.contact?.name).toBe("From the event");
  });
});

describe("the bell's count after a ticket's change", () => {
  const entered = { had: false, has: true };
  const left = { had: true, has: false };
  const moved = { had: true, has: true };

  it("is the list's length while every unread ticket is loaded", () => {
    const state = { count: 3, complete: true, capped: false };
    expect(unreadCountAfter(state, 4, entered)).toEqual({ count: 4, askServer: false });
    expect(unreadCountAfter(state, 2, left)).toEqual({ count: 2, askServer: false });
  });

  it("beyond the first pages: one less when a ticket leaves, the server asked when one enters", () => {
    const state = { count: 57, complete: false, capped: false };
    expect(unreadCountAfter(state, 39, left)).toEqual({ count: 56, askServer: false });
    expect(unreadCountAfter(state, 41, entered)).toEqual({ count: 57, askServer: true });
    expect(unreadCountAfter(state, 40, moved)).toEqual({ count: 57, askServer: false });
    // A ticket the list did not hold changed: whether it was counted is the server's to say.
    expect(unreadCountAfter(state, 40, { had: false, has: false })).toEqual({ count: 57, askServer: true });
  });

  it("leaves a count at the server's cap as it is ('that many or more'), and asks nothing", () => {
    const cap = LIMITS.ticketListCountCap;
    const state = { count: cap + 12, complete: false, capped: true };
    expect(unreadCountAfter(state, 39, left)).toEqual({ count: cap + 12, askServer: false });
    expect(unreadCountAfter(state, 41, entered)).toEqual({ count: cap + 12, askServer: false });
  });
});

describe("the bell's first load (GET /tickets per status)", () => {
  const answer = (count: number, ids: number[]) =>
    Response.json({ tickets: ids.map((id) => mine(id, 1)), count, hasMore: ids.length < count });

  it("sums the statuses' counts and says when one stopped at the server's cap", async () => {
    const cap = LIMITS.ticketListCountCap;
    configureApiClient({
      fetch: vi.fn(async (url: string) =>
        url.includes("status=open") ? answer(cap, [1, 2]) : answer(5, [3]),
      ),
    });
    const state = await fetchUnreadTickets(viewer);
    expect(state).toMatchObject({ count: cap + 5, complete: false, capped: true });
    expect(state.tickets.map((t) => t.id)).toEqual([3, 2, 1]);
  });

  it("is complete, and counts its list, when no status has more", async () => {
    configureApiClient({
      fetch: vi.fn(async (url: string) => (url.includes("status=open") ? answer(2, [1, 2]) : answer(0, []))),
    });
    expect(await fetchUnreadTickets(viewer)).toMatchObject({ count: 2, complete: true, capped: false });
  });
});
