import type phraseListsPt from "./pt";

const phraseListsEs: typeof phraseListsPt = {
  title: "Campañas de frase",
  add: "Nueva Campaña",
  addTitle: "Nueva campaña de frase",
  editTitle: "Editar campaña de frase",
  empty: "No se encontraron campañas de frase.",
  created: "¡Frase creada con éxito!",
  updated: "¡Frase modificada con éxito!",
  deleted: "Frase eliminada",
  active: "Activo",
  inactive: "Desactivado",
  editRow: "Editar {{name}}",
  deleteRow: "Eliminar {{name}}",
  deleteTitle: "¿Eliminar {{name}}?",
  deleteMessage: "Esta acción no se puede deshacer: la frase dejará de iniciar el flujo.",
  noConnection: "Ninguna conexión elegida: la frase no se reconocerá en ninguna conexión.",
  noConnectionShort: "Sin conexión",
  columns: {
    name: "Nombre",
    flow: "Flujo",
    connection: "Conexión",
    phrase: "Frase",
    status: "Estado",
    actions: "Acciones",
  },
  fields: {
    name: "Nombre del disparador",
    flow: "Flujo",
    connection: "Conexión",
    phrase: "Frase de disparo",
  },
  validation: { required: "Obligatorio" },
};
export default phraseListsEs;
