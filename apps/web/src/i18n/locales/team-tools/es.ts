import type teamToolsPt from "./pt";

const teamToolsEs: typeof teamToolsPt = {
  quickMessages: {
    title: "Respuestas rápidas",
    search: "Buscar...",
    add: "Agregar",
    addTitle: "Agregar respuesta rápida",
    editTitle: "Editar respuesta rápida",
    fields: {
      shortcode: "Atajo",
      message: "Respuesta",
      geral: "Global (visible para todos los usuarios)",
    },
    columns: {
      shortcode: "Atajo",
      media: "Adjunto",
      geral: "Global",
      actions: "Acciones",
    },
    required: "Obligatorio",
    attach: "Adjuntar archivo",
    noFile: "Sin adjunto",
    removeFile: "Quitar adjunto",
    readOnly: "Esta respuesta rápida es personal de otro usuario: solo lectura.",
    close: "Cerrar",
    isGeral: "Global",
    view: "Ver",
    viewLabel: "Ver {{shortcode}}",
    editLabel: "Editar {{shortcode}}",
    deleteLabel: "Eliminar {{shortcode}}",
    saved: "¡Respuesta rápida guardada!",
    deleted: "¡Respuesta rápida eliminada!",
    deleteTitle: "¿Eliminar {{shortcode}}?",
    deleteMessage: "Esta acción no se puede deshacer.",
    empty: "Aún no hay respuestas rápidas.",
    loadingMore: "Cargando más...",
  },
};

export default teamToolsEs;
