import type { TicketDto, TicketEventPayload } from "@inbox/shared";
import { describe, expect, it } from "vitest";
import { ApiError } from "../api/api-error";
import { buildTicket } from "../test/tickets";
import {
  failedHandoverCheck,
  handoverRefs,
  handoversAfterEvent,
  handoversWithoutSeen,
  restoredHandovers,
  settleRestoredHandover,
  shownHandovers,
  stillHandedOver,
} from "./handovers";

const viewerId = 7;
const mine = (id: number, extra: Partial<TicketDto> = {}) =>
  buildTicket({ id, status: "open", userId: viewerId, queueId: 5, ...extra });
const ref = (id: number) => ({ id, uuid: mine(id).uuid });
const handedOver = (ticket: TicketDto): TicketEventPayload => ({ action: "update", ticket, assignedBy: 9 });
const ids = (tickets: readonly { id: number }[]) => tickets.map((t) => t.id);

describe("a ticket in the bell, after news of it", () => {
  const held = mine(3, { lastMessage: "antes" });

  it("is kept, with the news, while still mine and not closed", () => {
    const fresh = mine(3, { lastMessage: "agora", status: "pending" });
    expect(stillHandedOver(fresh, viewerId, held)).toEqual(fresh);
  });

  it("keeps the contact it had when the news carries none", () => {
    const { contact: _, ...withoutContact } = mine(3, { lastMessage: "agora" });
    const kept = stillHandedOver(withoutContact, viewerId, held);
    expect(kept?.lastMessage).toBe("agora");
    expect(kept?.contact).toEqual(held.contact);
  });

  it("is dropped once handed to someone else, released, or closed", () => {
    for (const ticket of [mine(3, { userId: 8 }), mine(3, { userId: null }), mine(3, { status: "closed" })])
      expect(stillHandedOver(ticket, viewerId, held)).toBeUndefined();
  });
});

describe("the server's answer for a restored handover", () => {
  it("is 'gone' for a missing ticket (404) or one hidden from me (403)", () => {
    for (const status of [404, 403])
      expect(failedHandoverCheck(new ApiError(status, { error: "ERR_NO_TICKET_FOUND" }))).toEqual({
        kind: "gone",
      });
  });

  it("is 'unreachable' when the server could not say (network, server error)", () => {
    for (const error of [new ApiError(0, null, "Failed to fetch"), new ApiError(500, null), new TypeError()])
      expect(failedHandoverCheck(error)).toEqual({ kind: "unreachable" });
  });
});

describe("the handovers restored from storage", () => {
  const restored = () => restoredHandovers(viewerId, [ref(3), ref(4), ref(5)]);

  it("are shown only once confirmed, each as the server answers, in their order", () => {
    let state = restored();
    expect(shownHandovers(state)).toEqual([]);
    // Nothing is lost from storage meanwhile.
    expect(handoverRefs(state)).toEqual([ref(3), ref(4), ref(5)]);
    state = settleRestoredHandover(state, 5, { kind: "found", ticket: mine(5, { lastMessage: "novo" }) });
    state = settleRestoredHandover(state, 4, { kind: "gone" });
    state = settleRestoredHandover(state, 3, { kind: "found", ticket: mine(3, { userId: 8 }) });
    expect(shownHandovers(state).map((t) => [t.id, t.lastMessage])).toEqual([[5, "novo"]]);
    expect(handoverRefs(state)).toEqual([ref(5)]);
  });

  it("stay unseen but stored when the server could not say, and a live update confirms them", () => {
    let state = settleRestoredHandover(restored(), 3, { kind: "unreachable" });
    expect(shownHandovers(state)).toEqual([]);
    expect(ids(handoverRefs(state))).toEqual([3, 4, 5]);
    state = handoversAfterEvent(state, { action: "update", ticket: mine(3, { unreadMessages: 1 }) });
    expect(shownHandovers(state).map((t) => [t.id, t.unreadMessages])).toEqual([[3, 1]]);
  });

  it("show the live events that arrive during validation, and a late answer does not undo them", () => {
    let state = restored();
    // Ticket 3 handed to me again, live: it shows at once, first.
    state = handoversAfterEvent(state, handedOver(mine(3, { lastMessage: "ao vivo" })));
    // Ticket 4 handed on to a colleague, live.
    state = handoversAfterEvent(state, { action: "update", ticket: mine(4, { userId: 8 }), assignedBy: 7 });
    // A new handover.
    state = handoversAfterEvent(state, handedOver(mine(6)));
    expect(ids(shownHandovers(state))).toEqual([6, 3]);
    // Answers asked before those events.
    state = settleRestoredHandover(state, 3, { kind: "found", ticket: mine(3, { userId: 8 }) });
    state = settleRestoredHandover(state, 4, { kind: "found", ticket: mine(4) });
    state = settleRestoredHandover(state, 5, { kind: "found", ticket: mine(5) });
    expect(shownHandovers(state).map((t) => [t.id, t.lastMessage])).toEqual([
      [6, "Olá"],
      [3, "ao vivo"],
      [5, "Olá"],
    ]);
  });

  it("confirm an entry through a live update of a ticket still mine; a delete drops it", () => {
    let state = restored();
    state = handoversAfterEvent(state, { action: "update", ticket: mine(4, { unreadMessages: 2 }) });
    state = handoversAfterEvent(state, { action: "delete", ticketId: 5 });
    expect(shownHandovers(state).map((t) => [t.id, t.unreadMessages])).toEqual([[4, 2]]);
    expect(ids(handoverRefs(state))).toEqual([3, 4]);
  });

  it("lose the ticket opened, confirmed or not", () => {
    let state = settleRestoredHandover(restored(), 4, { kind: "found", ticket: mine(4) });
    state = handoversWithoutSeen(state, mine(4).uuid);
    state = handoversWithoutSeen(state, mine(3).uuid);
    expect(ids(handoverRefs(state))).toEqual([5]);
    state = settleRestoredHandover(state, 3, { kind: "found", ticket: mine(3) });
    expect(ids(handoverRefs(state))).toEqual([5]);
  });

  it("stay as they are on events about other tickets", () => {
    const state = restored();
    expect(handoversAfterEvent(state, { action: "update", ticket: mine(9) })).toBe(state);
    expect(handoversAfterEvent(state, { action: "delete", ticketId: 9 })).toBe(state);
    expect(handoversWithoutSeen(state, mine(9).uuid)).toBe(state);
  });
});
