import type chatsPt from "./pt";

const chatsEs: typeof chatsPt = {
  title: "Chat interno",
  newChat: "Nueva conversación",
  tabChats: "Conversaciones",
  tabMessages: "Mensajes",
  listLabel: "Conversaciones",
  empty: "Ninguna conversación.",
  selectChat: "Seleccione una conversación para ver sus mensajes.",
  noMessages: "Aún no hay mensajes.",
  loadError: "No se pudo cargar.",
  retry: "Intentar de nuevo",
  notFound: "Conversación no encontrada.",
  messagesLabel: "Mensajes de {{title}}",
  loadingOlder: "Cargando mensajes anteriores...",
  messagePlaceholder: "Escriba un mensaje",
  messageLabel: "Mensaje",
  send: "Enviar",
  editLabel: "Editar {{title}}",
  deleteLabel: "Eliminar {{title}}",
  deleteTitle: "¿Eliminar la conversación {{title}}?",
  deleteMessage: "La conversación y todos sus mensajes se eliminarán para todos los participantes.",
  unread_one: "{{count}} mensaje no leído",
  unread_other: "{{count}} mensajes no leídos",
  dialog: {
    addTitle: "Nueva conversación",
    editTitle: "Editar conversación",
    title: "Título",
    users: "Participantes",
  },
};

export default chatsEs;
