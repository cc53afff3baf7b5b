import type { LocaleShape } from "../pt";
import type ticketsManagerPt from "./pt";

const ticketsManagerEs: LocaleShape<typeof ticketsManagerPt> = {
  searchTab: "Búsqueda",
  search: {
    label: "Buscar atenciones",
    placeholder: "Nombre o número del contacto",
    onMessages: "Buscar también en los mensajes",
  },
  filters: {
    group: "Filtros",
    tags: "Etiquetas",
    users: "Usuarios",
    connections: "Conexiones",
    statuses: "Estado",
    clear: "Limpiar filtros",
  },
  statuses: {
    open: "Atendiendo",
    pending: "Esperando",
    closed: "Resuelto",
    group: "Grupo",
    lgpd: "LGPD",
    nps: "NPS",
  },
  actions: {
    toolbar: "Acciones de la lista",
    newTicket: "Nueva atención",
    closeAll: "Cerrar todas",
    oldestFirst: "Más antiguas primero",
  },
  closeAll: {
    title: "¿Cerrar todas las atenciones?",
    message:
      'Todas las atenciones "{{status}}" de las colas seleccionadas se resolverán, sin mensaje de despedida.',
    yes: "Sí",
    no: "No",
    done_one: "{{count}} atención cerrada.",
    done_other: "{{count}} atenciones cerradas.",
  },
  newTicket: {
    title: "Nueva atención",
    contact: "Contacto",
    contactHint: "Escriba al menos 3 caracteres",
    searching: "Buscando...",
    noContacts: "Ningún contacto encontrado",
    noNumber: "Este contacto no tiene número.",
    queue: "Cola",
    queueRequired: "Seleccione una cola",
    connection: "Conexión",
    connectionRequired: "Seleccione una conexión",
    create: "Crear",
    inQueue: "Este contacto ya está siendo atendido por otro usuario.",
    beingAttendedBy: "Este contacto está siendo atendido por {{user}}",
  },
  resize: "Ancho de la lista de atenciones",
  narrow: {
    tabs: "Conversación o lista",
    ticket: "Conversación",
    list: "Atenciones",
    pickTicket: "Elegir una atención",
  },
};

export default ticketsManagerEs;
