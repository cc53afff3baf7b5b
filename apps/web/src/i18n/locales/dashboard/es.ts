import type dashboardPt from "./pt";

const dashboardEs: typeof dashboardPt = {
  title: "Panel",
  dateFrom: "Fecha inicial",
  dateTo: "Fecha final",
  empty: "Ninguna atención en el período.",
  counters: {
    supportHappening: "En atención",
    supportPending: "En espera",
    supportFinished: "Finalizadas",
    leads: "Nuevos contactos",
    activeTickets: "Activas",
    passiveTickets: "Receptivas",
    avgResponseTime: "T.M. de respuesta",
    avgWaitTime: "T.M. de espera",
    avgSupportTime: "T.M. de atención",
  },
  charts: {
    byDay: "Atenciones por día",
    created: "Abiertas",
    finished: "Finalizadas",
    status: "Situación de las atenciones",
    origin: "Origen de las atenciones",
  },
  performance: {
    title: "Desempeño",
    resolutionRate: "Tasa de resolución",
    avgResponse: "Tiempo medio de respuesta",
    ofMax: "{{avg}} de {{max}}",
  },
  attendants: {
    title: "Agentes",
    name: "Nombre",
    status: "Estado",
    online: "En línea",
    offline: "Desconectado",
    rating: "Valoración",
    noRating: "Sin valoraciones",
    tickets: "Atenciones",
    finished: "Finalizadas",
    avgWaitTime: "T.M. de espera",
    avgSupportTime: "T.M. de atención",
    avgWaitTimeMinutes: "T.M. de espera (min)",
    avgSupportTimeMinutes: "T.M. de atención (min)",
    resolutionPercent: "Resolución (%)",
    performance: "Desempeño",
    resolutionOf: "Tasa de resolución de {{name}}",
    export: "Exportar hoja de cálculo",
    fileName: "agentes",
  },
};

export default dashboardEs;
