import type invoicesPt from "./pt";

const invoicesEs: typeof invoicesPt = {
  title: "Facturas ({{count}})",
  menu: "Finanzas",
  search: "Buscar",
  empty: "No se encontraron facturas.",
  loadError: "No se pudieron cargar las facturas",
  loadingMore: "Cargando más facturas",
  columns: {
    detail: "Detalles",
    users: "Usuarios",
    connections: "Conexiones",
    queues: "Colas",
    value: "Valor",
    dueDate: "Vencimiento",
    status: "Estado",
    action: "Acción",
  },
  status: {
    paid: "Pagado",
    overdue: "Vencido",
    open: "Pendiente",
  },
  expired: "Su suscripción ha vencido.",
  expiredDescription:
    "Pague la factura pendiente para volver a usar el sistema. En cuanto se confirme el pago volverá al inicio, sin iniciar sesión de nuevo.",
  restored: "¡Pago confirmado! Su licencia ahora vence el {{date}}.",
  subscription: {
    title: "Suscripción",
    menu: "Suscripción",
    period: "Período de licencia",
    daysLeft_one: "¡Su licencia vence en {{count}} día!",
    daysLeft_other: "¡Su licencia vence en {{count}} días!",
    today: "¡Su licencia vence hoy!",
    expired: "Su licencia venció el {{date}}.",
    neverExpires: "Esta licencia no vence.",
    dueDate: "Vencimiento: {{date}}",
    billingEmail: "Correo de facturación",
    subscribe: "¡Suscríbase ahora!",
  },
};

export default invoicesEs;
