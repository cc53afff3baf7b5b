import type kanbanPt from "./pt";

const kanbanEn: typeof kanbanPt = {
  title: "Kanban",
  startDate: "Start date",
  endDate: "End date",
  search: "Search",
  addColumns: "Add columns",
  defaultLane: "Open",
  boardLabel: "Kanban board",
  empty: "No tickets",
  loadingMore: "Loading more tickets…",
  viewTicket: "View ticket",
  ticketNumber: "Ticket #{{id}}",
  noUser: "No attendant",
  moveFailed: "Could not move the ticket: {{reason}}",
  dnd: {
    instructions:
      "To move a ticket, press space or Enter. Use the left and right arrows to change columns, space or Enter to drop and Escape to cancel.",
    start: "Picked up the ticket of {{contact}}, in column {{lane}}.",
    over: "Ticket of {{contact}} is over column {{lane}}.",
    outside: "Ticket of {{contact}} is outside the columns.",
    end: "Dropped the ticket of {{contact}} in column {{lane}}.",
    endOutside: "Dropped the ticket of {{contact}} outside the columns; it stays where it was.",
    cancel: "Move cancelled; the ticket of {{contact}} stays in column {{lane}}.",
  },
};

export default kanbanEn;
