import type momentsPt from "./pt";

const momentsEn: typeof momentsPt = {
  title: "Attendance panel",
  pending: "Pending",
  empty: "No open or pending tickets.",
  emptyColumn: "No tickets",
  count_one: "{{count}} ticket",
  count_other: "{{count}} tickets",
  more_one: "and {{count}} more ticket",
  more_other: "and {{count}} more tickets",
  noQueue: "No queue",
  online: "Online",
  offline: "Offline",
  openTicket: "Open ticket",
  openTicketOf: "Open the ticket of {{name}}",
  retry: "Try again",
};

export default momentsEn;
