import type plansPt from "./pt";

const plansEs: typeof plansPt = {
  title: "Planes",
  formTitleAdd: "Nuevo plan",
  formTitleEdit: "Editar plan {{name}}",
  empty: "No hay planes registrados.",
  loadError: "No fue posible cargar la lista de registros",
  saved: "¡Operación realizada con éxito!",
  saveFailed:
    "No fue posible realizar la operación. Verifique si ya existe un plan con el mismo nombre o si los campos se completaron correctamente",
  deleted: "¡Operación realizada con éxito!",
  deleteFailed: "No fue posible realizar la operación",
  deleteTitle: "¿Eliminar {{name}}?",
  deleteMessage: "¿Realmente desea eliminar este registro?",
  clear: "Limpiar",
  editLabel: "Editar {{name}}",
  deleteLabel: "Eliminar {{name}}",
  yes: "Sí",
  no: "No",
  actions: "Acciones",
  fields: {
    name: "Nombre",
    users: "Usuarios",
    connections: "Conexiones",
    queues: "Colas",
    amount: "Valor",
    isPublic: "Público",
    useWhatsapp: "WhatsApp",
    useFacebook: "Facebook",
    useInstagram: "Instagram",
    useCampaigns: "Campañas",
    useSchedules: "Agendamientos",
    useInternalChat: "Chat interno",
    useExternalApi: "API externa",
    useKanban: "Kanban",
    useOpenAi: "Open.AI",
    useIntegrations: "Integraciones",
  },
  features: "Recursos del plan",
  errors: {
    name: "Introduzca un nombre de 1 a 100 caracteres.",
    limit: "Introduzca un número entero de 0 a 2147483647.",
    amount: "Introduzca un importe de 0 a 9999999999,99, con hasta dos decimales.",
  },
};

export default plansEs;
