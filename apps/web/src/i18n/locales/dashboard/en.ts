import type dashboardPt from "./pt";

const dashboardEn: typeof dashboardPt = {
  title: "Dashboard",
  dateFrom: "From",
  dateTo: "To",
  empty: "No tickets in this period.",
  counters: {
    supportHappening: "In progress",
    supportPending: "Waiting",
    supportFinished: "Finished",
    leads: "New contacts",
    activeTickets: "Outbound",
    passiveTickets: "Inbound",
    avgResponseTime: "Avg. response time",
    avgWaitTime: "Avg. wait time",
    avgSupportTime: "Avg. service time",
  },
  charts: {
    byDay: "Tickets per day",
    created: "Opened",
    finished: "Finished",
    status: "Ticket status",
    origin: "Ticket origin",
  },
  performance: {
    title: "Performance",
    resolutionRate: "Resolution rate",
    avgResponse: "Average response time",
    ofMax: "{{avg}} of {{max}}",
  },
  attendants: {
    title: "Attendants",
    name: "Name",
    status: "Status",
    online: "Online",
    offline: "Offline",
    rating: "Rating",
    noRating: "No ratings",
    tickets: "Tickets",
    finished: "Finished",
    avgWaitTime: "Avg. wait time",
    avgSupportTime: "Avg. service time",
    avgWaitTimeMinutes: "Avg. wait time (min)",
    avgSupportTimeMinutes: "Avg. service time (min)",
    resolutionPercent: "Resolution (%)",
    performance: "Performance",
    resolutionOf: "Resolution rate of {{name}}",
    export: "Export spreadsheet",
    fileName: "attendants",
  },
};

export default dashboardEn;
