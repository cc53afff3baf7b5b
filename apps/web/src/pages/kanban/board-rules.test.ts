import { type KanbanBoard, ticketScope } from "@inbox/shared";
import { describe, expect, it } from "vitest";
import { buildTicket } from "../../test/tickets";
import {
  appendPage,
  applyTicketUpdate,
  type BoardView,
  findCard,
  moveCard,
  restoreCard,
} from "./board-rules";

const triage = { id: 3, name: "Triagem", color: "#1976D2" };
const proposal = { id: 5, name: "Proposta", color: "#2E7D32" };
const plain = { id: 9, name: "VIP", color: "#000000" };

const at = (minute: number) => `2026-03-01T10:${String(minute).padStart(2, "0")}:00.000Z`;
const card = (id: number, minute: number, tags = [] as (typeof triage)[]) =>
  buildTicket({ id, status: "open", updatedAt: at(minute), tags });

function board(): KanbanBoard {
  return {
    lanes: [
      { id: 0, tag: null, tickets: [card(1, 30), card(2, 20)], hasMore: false, nextCursor: null },
      {
        id: 3,
        tag: triage,
        tickets: [card(3, 40, [triage, plain]), card(4, 10, [triage])],
        hasMore: true,
        nextCursor: "c",
      },
      { id: 5, tag: proposal, tickets: [], hasMore: false, nextCursor: null },
    ],
  };
}

const view: BoardView = {
  scope: ticketScope(
    {
      id: 1,
      profile: "admin",
      super: false,
      allTicket: "disable",
      allUserChat: "disabled",
      allowGroup: true,
      queueIds: [],
    },
    true,
  ),
  from: Date.parse("2026-03-01T00:00:00Z"),
  to: Date.parse("2026-03-02T00:00:00Z"),
};

const ids = (b: KanbanBoard) =>
  Object.fromEntries(b.lanes.map((lane) => [lane.id, lane.tickets.map((t) => t.id)]));

describe("kanban board rules", () => {
  it("a move takes the card to the lane in order, with the lane's tag instead of the old lane's", () => {
    const moved = moveCard(board(), 3, 5);
    expect(ids(moved)).toEqual({ 0: [1, 2], 3: [4], 5: [3] });
    expect(findCard(moved, 3)?.ticket.tags).toEqual([plain, proposal]);
    const toDefault = moveCard(board(), 4, 0);
    expect(ids(toDefault)).toEqual({ 0: [1, 2, 4], 3: [3], 5: [] });
    expect(findCard(toDefault, 4)?.ticket.tags).toEqual([]);
  });

  it("a refused move is put back as it was", () => {
    const before = findCard(board(), 3)!;
    const restored = restoreCard(moveCard(board(), 3, 5), before.ticket, before.lane);
    expect(ids(restored)).toEqual(ids(board()));
    expect(findCard(restored, 3)?.ticket.tags).toEqual([triage, plain]);
  });

  it("a live update places the ticket in the lane of its tags (smallest lane id), or drops it", () => {
    // Another viewer moved ticket 1 to Proposta.
    const moved = applyTicketUpdate(board(), card(1, 30, [proposal]), view);
    expect(ids(moved)).toEqual({ 0: [2], 3: [3, 4], 5: [1] });
    // Two lanes' tags: the smaller id wins, as on the server.
    expect(ids(applyTicketUpdate(board(), card(2, 20, [proposal, triage]), view))[3]).toEqual([3, 2, 4]);
    // Closed, or out of the range: off the board.
    expect(ids(applyTicketUpdate(board(), { ...card(1, 30), status: "closed" }, view))[0]).toEqual([2]);
    expect(
      ids(applyTicketUpdate(board(), { ...card(1, 30), updatedAt: "2026-03-02T00:00:00.000Z" }, view))[0],
    ).toEqual([2]);
  });

  it("an update without tags keeps the card's; a new ticket past a lane's loaded cards waits for its page", () => {
    const { tags: _tags, ...withoutTags } = card(3, 50);
    const updated = applyTicketUpdate(board(), withoutTags, view);
    expect(ids(updated)[3]).toEqual([3, 4]);
    expect(findCard(updated, 3)?.ticket.updatedAt).toBe(at(50));
    // Unknown and without tags: cannot be placed.
    const { tags: _none, ...unknown } = card(8, 50);
    expect(applyTicketUpdate(board(), unknown, view)).toEqual(board());
    // Older than Triagem's last loaded card while more pages remain: left to the next page.
    expect(ids(applyTicketUpdate(board(), card(7, 5, [triage]), view))[3]).toEqual([3, 4]);
    expect(ids(applyTicketUpdate(board(), card(7, 5, [proposal]), view))[5]).toEqual([7]);
  });

  it("a lane's next page is appended once, without cards already on the board", () => {
    const next = appendPage(board(), {
      id: 3,
      tag: triage,
      tickets: [card(1, 30, [triage]), card(6, 5, [triage])],
      hasMore: false,
      nextCursor: null,
    });
    expect(ids(next)).toEqual({ 0: [1, 2], 3: [3, 4, 6], 5: [] });
    expect(next.lanes[1]).toMatchObject({ hasMore: false, nextCursor: null });
  });
});
