import type allConnectionsPt from "./pt";

const allConnectionsEn: typeof allConnectionsPt = {
  title: "All connections",
  columns: {
    client: "Client",
    connected: "Connected",
    disconnected: "Disconnected",
    total: "Total",
    actions: "Actions",
  },
  totals: "Grand total",
  open: "Open the connections of {{name}}",
  empty: "No connections yet.",
  loadError: "The list could not be loaded",
  refresh: "Refresh",
  dialogTitle: "Connections of {{name}}",
  dialogEmpty: "This company has no connections.",
  dialogColumns: {
    name: "Name",
    channel: "Channel",
    status: "Status",
    lastUpdate: "Last update",
  },
};

export default allConnectionsEn;
