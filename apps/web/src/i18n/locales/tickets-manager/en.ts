import type { LocaleShape } from "../pt";
import type ticketsManagerPt from "./pt";

const ticketsManagerEn: LocaleShape<typeof ticketsManagerPt> = {
  searchTab: "Search",
  search: {
    label: "Search tickets",
    placeholder: "Contact name or number",
    onMessages: "Also search in messages",
  },
  filters: {
    group: "Filters",
    tags: "Tags",
    users: "Users",
    connections: "Connections",
    statuses: "Status",
    clear: "Clear filters",
  },
  statuses: {
    open: "In progress",
    pending: "Waiting",
    closed: "Resolved",
    group: "Group",
    lgpd: "LGPD",
    nps: "NPS",
  },
  actions: {
    toolbar: "List actions",
    newTicket: "New ticket",
    closeAll: "Close all",
    oldestFirst: "Oldest first",
  },
  closeAll: {
    title: "Close all tickets?",
    message: 'Every "{{status}}" ticket in the selected queues will be resolved, without a farewell message.',
    yes: "Yes",
    no: "No",
    done_one: "{{count}} ticket closed.",
    done_other: "{{count}} tickets closed.",
  },
  newTicket: {
    title: "New ticket",
    contact: "Contact",
    contactHint: "Type at least 3 characters",
    searching: "Searching...",
    noContacts: "No contacts found",
    noNumber: "This contact has no number.",
    queue: "Queue",
    queueRequired: "Select a queue",
    connection: "Connection",
    connectionRequired: "Select a connection",
    create: "Create",
    inQueue: "This contact is already being handled by another user.",
    beingAttendedBy: "This contact is being handled by {{user}}",
  },
  resize: "Ticket list width",
  narrow: {
    tabs: "Conversation or list",
    ticket: "Conversation",
    list: "Tickets",
    pickTicket: "Pick a ticket",
  },
};

export default ticketsManagerEn;
