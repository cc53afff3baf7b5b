import type kanbanPt from "./pt";

const kanbanEs: typeof kanbanPt = {
  title: "Kanban",
  startDate: "Fecha inicial",
  endDate: "Fecha final",
  search: "Buscar",
  addColumns: "Agregar columnas",
  defaultLane: "Abiertos",
  boardLabel: "Tablero kanban",
  empty: "Ningún ticket",
  loadingMore: "Cargando más tickets…",
  viewTicket: "Ver ticket",
  ticketNumber: "Ticket n.º {{id}}",
  noUser: "Sin agente",
  moveFailed: "No se pudo mover el ticket: {{reason}}",
  dnd: {
    instructions:
      "Para mover un ticket, pulse espacio o Intro. Use las flechas izquierda y derecha para cambiar de columna, espacio o Intro para soltar y Esc para cancelar.",
    start: "Ticket de {{contact}} seleccionado, en la columna {{lane}}.",
    over: "Ticket de {{contact}} sobre la columna {{lane}}.",
    outside: "Ticket de {{contact}} fuera de las columnas.",
    end: "Ticket de {{contact}} soltado en la columna {{lane}}.",
    endOutside: "Ticket de {{contact}} soltado fuera de las columnas; sigue donde estaba.",
    cancel: "Movimiento cancelado; el ticket de {{contact}} sigue en la columna {{lane}}.",
  },
};

export default kanbanEs;
