import type { LocaleShape } from "../pt";
import type reportsPt from "./pt";

const reportsEn: LocaleShape<typeof reportsPt> = {
  title: "Ticket report",
  filters: {
    label: "Report filters",
    search: "Search",
    searchPlaceholder: "Contact, number or last message",
    contact: "Contact",
    contactHint: "Type at least 3 characters",
    searching: "Searching...",
    noContacts: "No contacts found",
    connections: "Connections",
    users: "Users",
    queues: "Queues",
    withoutQueue: "No queue",
    statuses: "Status",
    dateFrom: "Start date",
    dateTo: "End date",
    onlyRated: "Rated only",
    clear: "Clear filters",
  },
  columns: {
    id: "No.",
    whatsappName: "Connection",
    contactName: "Contact",
    userName: "User",
    queueName: "Queue",
    status: "Status",
    lastMessage: "Last message",
    createdAt: "Opened",
    closedAt: "Closed",
    supportTime: "Support time",
    NPS: "NPS",
    actions: "Actions",
  },
  tableLabel: "Report tickets",
  empty: "No tickets match these filters.",
  loadError: "Could not load the list of records",
  rowsPerPage: "Rows per page",
  pageRange: "{{from}}-{{to}} of {{count}}",
  logs: "Logs of ticket {{id}}",
  open: "Open ticket {{id}}",
  export: {
    button: "Export",
    progress: "Exporting: {{written}} of {{total}} rows",
    preparing: "Preparing the export...",
    done: "Report exported: {{count}} rows.",
  },
};

export default reportsEn;
