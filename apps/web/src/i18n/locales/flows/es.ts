import type flowsPt from "./pt";

const flowsEs: typeof flowsPt = {
  title: "Flujos de conversación",
  search: "Buscar flujos",
  add: "Agregar flujo",
  addTitle: "Agregar flujo",
  editTitle: "Editar nombre del flujo",
  empty: "No se encontraron flujos.",
  loadingMore: "Cargando más...",
  active: "Activo",
  inactive: "Desactivado",
  saved: "Flujo guardado con éxito",
  deleted: "Flujo eliminado con éxito",
  duplicated: "Flujo duplicado con éxito",
  menuLabel: "Acciones de {{name}}",
  menu: { open: "Editar flujo", rename: "Editar nombre", duplicate: "Duplicar", delete: "Eliminar" },
  deleteTitle: "¿Eliminar {{name}}?",
  deleteMessage: "Esta acción no se puede deshacer: el flujo será eliminado.",
  duplicateTitle: "¿Duplicar {{name}}?",
  duplicateMessage: "Se creará una copia del flujo con todos sus bloques.",
  columns: { name: "Nombre", status: "Estado", actions: "Acciones" },
  fields: { name: "Nombre" },
};
export default flowsEs;
