import {
  canSeeTicket,
  DEFAULT_LANE,
  type KanbanBoard,
  type KanbanLane,
  laneOfTags,
  type TicketDto,
  type TicketScope,
} from "@inbox/shared";

/**
 * How the cached board changes without asking the server again: a page of a
 * lane arrives, the user moves a card, another viewer's move (or any ticket
 * change) arrives as a `company-{id}-ticket` update. Pure functions over
 * KanbanBoard; a ticket is in at most one lane, the one `laneOfTags` names.
 */

/** What decides whether a ticket belongs on this board at all (the server's rules, on the web). */
export interface BoardView {
  scope: TicketScope;
  /** The range's instants [from, to), ms since the epoch; matched against updatedAt. */
  from: number;
  to: number;
}

const BOARD_STATUSES = new Set(["open", "pending"]);

export const laneIdsOf = (board: KanbanBoard): Set<number> =>
  new Set(board.lanes.filter((lane) => lane.id !== DEFAULT_LANE).map((lane) => lane.id));

export const laneOfTicket = (ticket: TicketDto, laneIds: ReadonlySet<number>): number =>
  laneOfTags(
    (ticket.tags ?? []).map((tag) => tag.id),
    laneIds,
  );

/** The board's order: updatedAt, then id, both descending. */
const comesBefore = (a: TicketDto, b: TicketDto) =>
  a.updatedAt === b.updatedAt ? a.id > b.id : a.updatedAt > b.updatedAt;

export function findCard(
  board: KanbanBoard,
  ticketId: number,
): { lane: number; ticket: TicketDto } | undefined {
  for (const lane of board.lanes) {
    const ticket = lane.tickets.find((card) => card.id === ticketId);
    if (ticket) return { lane: lane.id, ticket };
  }
  return undefined;
}

export function removeCard(board: KanbanBoard, ticketId: number): KanbanBoard {
  if (!findCard(board, ticketId)) return board;
  return {
    lanes: board.lanes.map((lane) =>
      lane.tickets.some((card) => card.id === ticketId)
        ? { ...lane, tickets: lane.tickets.filter((card) => card.id !== ticketId) }
        : lane,
    ),
  };
}

/**
 * Puts the card in its place in the lane. A card that sorts after the last one
 * loaded while more pages remain is left out: that page will bring it.
 */
function placeCard(board: KanbanBoard, ticket: TicketDto, laneId: number): KanbanBoard {
  return {
    lanes: board.lanes.map((lane): KanbanLane => {
      if (lane.id !== laneId) return lane;
      const index = lane.tickets.findIndex((card) => comesBefore(ticket, card));
      if (index === -1 && lane.hasMore) return lane;
      const tickets = [...lane.tickets];
      tickets.splice(index === -1 ? tickets.length : index, 0, ticket);
      return { ...lane, tickets };
    }),
  };
}

/** The ticket's tags once it is in `laneId`: its other tags, plus the lane's own. */
function tagsInLane(board: KanbanBoard, ticket: TicketDto, laneId: number): TicketDto["tags"] {
  const laneIds = laneIdsOf(board);
  const kept = (ticket.tags ?? []).filter((tag) => !laneIds.has(tag.id));
  const laneTag = board.lanes.find((lane) => lane.id === laneId)?.tag;
  return laneTag ? [...kept, laneTag] : kept;
}

/** The user dropped a card on a lane: it moves there at once (the server is asked after). */
export function moveCard(board: KanbanBoard, ticketId: number, laneId: number): KanbanBoard {
  const found = findCard(board, ticketId);
  if (!found || found.lane === laneId) return board;
  const moved = { ...found.ticket, tags: tagsInLane(board, found.ticket, laneId) };
  return placeCardAnyway(removeCard(board, ticketId), moved, laneId);
}

/** A card the user holds is shown where it was dropped even beyond the loaded pages. */
function placeCardAnyway(board: KanbanBoard, ticket: TicketDto, laneId: number): KanbanBoard {
  const placed = placeCard(board, ticket, laneId);
  if (findCard(placed, ticket.id)) return placed;
  return {
    lanes: placed.lanes.map((lane) =>
      lane.id === laneId ? { ...lane, tickets: [...lane.tickets, ticket] } : lane,
    ),
  };
}

/** Puts a card back as it was (a move the server refused). */
export function restoreCard(board: KanbanBoard, ticket: TicketDto, laneId: number): KanbanBoard {
  return placeCardAnyway(removeCard(board, ticket.id), ticket, laneId);
}

/** A lane's next page: its cards after the loaded ones (a card already on the board stays where it is). */
export function appendPage(board: KanbanBoard, page: KanbanLane): KanbanBoard {
  const onBoard = new Set(board.lanes.flatMap((lane) => lane.tickets.map((card) => card.id)));
  return {
    lanes: board.lanes.map((lane) =>
      lane.id === page.id
        ? {
            ...lane,
            tickets: [...lane.tickets, ...page.tickets.filter((card) => !onBoard.has(card.id))],
            hasMore: page.hasMore,
            nextCursor: page.nextCursor,
          }
        : lane,
    ),
  };
}

function belongs(ticket: TicketDto, view: BoardView): boolean {
  const updatedAt = Date.parse(ticket.updatedAt);
  return (
    BOARD_STATUSES.has(ticket.status) &&
    canSeeTicket(view.scope, ticket) &&
    updatedAt >= view.from &&
    updatedAt < view.to
  );
}

/**
 * A `company-{id}-ticket` update: the card leaves its lane and enters the lane
 * its tags name, in order, or leaves the board (closed, out of sight, out of
 * the range). An update without tags (the message path sends none) keeps the
 * card's; a ticket not on the board and without tags cannot be placed and waits
 * for the next search.
 */
export function applyTicketUpdate(board: KanbanBoard, update: TicketDto, view: BoardView): KanbanBoard {
  const current = findCard(board, update.id)?.ticket;
  if (!current && update.tags === undefined) return board;
  const ticket: TicketDto = current
    ? {
        ...current,
        ...update,
        contact: update.contact ?? current.contact,
        whatsapp: update.whatsapp === undefined ? current.whatsapp : update.whatsapp,
        user: update.user === undefined ? current.user : update.user,
        queue: update.queue === undefined ? current.queue : update.queue,
        tags: update.tags ?? current.tags,
      }
    : update;
  const without = removeCard(board, ticket.id);
  if (!belongs(ticket, view)) return without;
  return placeCard(without, ticket, laneOfTicket(ticket, laneIdsOf(board)));
}
