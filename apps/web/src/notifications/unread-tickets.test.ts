import type { TicketViewer } from "@inbox/shared";
import { describe, expect, it } from "vitest";
import { buildTicket } from "../test/tickets";
import { applyUnreadTicket, removeUnreadTicket, unreadListOf, unreadTotal } from "./unread-tickets";

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
