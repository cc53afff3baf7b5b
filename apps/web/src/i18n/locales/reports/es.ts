import type { LocaleShape } from "../pt";
import type reportsPt from "./pt";

const reportsEs: LocaleShape<typeof reportsPt> = {
  title: "Informe de atenciones",
  filters: {
    label: "Filtros del informe",
    search: "Buscar",
    searchPlaceholder: "Contacto, número o último mensaje",
    contact: "Contacto",
    contactHint: "Escriba al menos 3 caracteres",
    searching: "Buscando...",
    noContacts: "No se encontraron contactos",
    connections: "Conexiones",
    users: "Usuarios",
    queues: "Colas",
    withoutQueue: "Sin cola",
    statuses: "Estado",
    dateFrom: "Fecha inicial",
    dateTo: "Fecha final",
    onlyRated: "Solo evaluados",
    clear: "Limpiar filtros",
  },
  columns: {
    id: "N.º",
    whatsappName: "Conexión",
    contactName: "Contacto",
    userName: "Usuario",
    queueName: "Cola",
    status: "Estado",
    lastMessage: "Último mensaje",
    createdAt: "Apertura",
    closedAt: "Cierre",
    supportTime: "Tiempo de atención",
    NPS: "NPS",
    actions: "Acciones",
  },
  tableLabel: "Atenciones del informe",
  empty: "Ninguna atención coincide con estos filtros.",
  loadError: "No se pudo cargar la lista de registros",
  rowsPerPage: "Filas por página",
  pageRange: "{{from}}-{{to}} de {{count}}",
  logs: "Registros de la atención {{id}}",
  open: "Abrir la atención {{id}}",
  export: {
    button: "Exportar",
    progress: "Exportando: {{written}} de {{total}} filas",
    preparing: "Preparando la exportación...",
    done: "Informe exportado: {{count}} filas.",
  },
};

export default reportsEs;
