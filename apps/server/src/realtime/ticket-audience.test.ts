import { canSeeTicket, type TicketScope, type TicketVisibilityFacts } from "@inbox/shared";
import { describe, expect, it } from "vitest";
import { ticketRooms, viewerRooms } from "./ticket-audience.js";

/** Every scope and ticket shape that matters: the rooms must agree with canSeeTicket on each pair. */
function* scopes(): Generator<TicketScope> {
  for (const all of [true, false])
    for (const queueIds of [[], [1], [1, 2]])
      for (const withoutQueue of [true, false])
        for (const groups of [true, false]) yield { all, userId: 7, queueIds, withoutQueue, groups };
}

function* tickets(): Generator<TicketVisibilityFacts> {
  for (const status of ["pending", "open", "group", "closed"])
    for (const userId of [null, 7, 8])
      for (const queueId of [null, 1, 2, 3])
        for (const isGroup of [true, false]) yield { status, userId, queueId, isGroup };
}

describe("ticket audience rooms", () => {
  it("a socket hears about a ticket exactly when its user may see it", () => {
    let pairs = 0;
    for (const scope of scopes()) {
      const joined = new Set(viewerRooms(1, scope));
      for (const ticket of tickets()) {
        const hears = ticketRooms(1, ticket).some((r) => joined.has(r));
        expect({ scope, ticket, hears }).toEqual({ scope, ticket, hears: canSeeTicket(scope, ticket) });
        pairs += 1;
      }
    }
    expect(pairs).toBe(24 * 96);
  });

  it("rooms belong to their company", () => {
    const scope = { all: false, userId: 7, queueIds: [1], withoutQueue: true, groups: true };
    expect(viewerRooms(5, scope).every((r) => r.startsWith("c:5:see:"))).toBe(true);
    expect(
      ticketRooms(5, { status: "pending", userId: null, queueId: 1, isGroup: false }).every((r) =>
        r.startsWith("c:5:see:"),
      ),
    ).toBe(true);
  });
});
