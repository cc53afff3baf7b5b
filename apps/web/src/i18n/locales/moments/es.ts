import type momentsPt from "./pt";

const momentsEs: typeof momentsPt = {
  title: "Panel de Atenciones",
  pending: "Pendientes",
  empty: "Ninguna atención abierta o pendiente.",
  emptyColumn: "Ninguna atención",
  count_one: "{{count}} atención",
  count_other: "{{count}} atenciones",
  more_one: "y {{count}} atención más",
  more_other: "y {{count}} atenciones más",
  noQueue: "Sin cola",
  online: "En línea",
  offline: "Desconectado",
  openTicket: "Abrir atención",
  openTicketOf: "Abrir la atención de {{name}}",
  retry: "Intentar de nuevo",
};

export default momentsEs;
