import type helpsPt from "./pt";

const helpsEs: typeof helpsPt = {
  pageTitle: "Ayuda ({{count}})",
  galleryLabel: "Videos de ayuda",
  play: "Ver: {{title}}",
  close: "Cerrar",
  empty: "No hay videos de ayuda registrados.",
  loadError: "No fue posible cargar la lista de registros",
  formTitleAdd: "Nuevo video de ayuda",
  formTitleEdit: "Editar {{title}}",
  fields: {
    title: "Título",
    video: "Código del video",
    description: "Descripción",
  },
  videoHint: "El código del video en YouTube (p. ej. dQw4w9WgXcQ) o la dirección del video.",
  clear: "Limpiar",
  saved: "¡Operación realizada con éxito!",
  saveFailed:
    "No fue posible realizar la operación. Verifique si ya existe una ayuda con el mismo nombre o si los campos se completaron correctamente",
  deleted: "¡Operación realizada con éxito!",
  deleteFailed: "No fue posible realizar la operación",
  deleteTitle: "¿Eliminar {{title}}?",
  deleteMessage: "¿Realmente desea eliminar este registro?",
  editLabel: "Editar {{title}}",
  deleteLabel: "Eliminar {{title}}",
  actions: "Acciones",
  tableLabel: "Videos de ayuda",
  errors: {
    title: "Ingrese un título de 1 a 100 caracteres.",
    video: "Ingrese el código del video en YouTube (letras, números, - y _) o la dirección del video.",
    description: "La descripción puede tener hasta 1000 caracteres.",
  },
};

export default helpsEs;
