import chatsEs from "../chats/es";
import type { LocaleShape } from "../pt";
import type topBarPt from "./pt";

const topBarEs: LocaleShape<typeof topBarPt> = {
  announcements: {
    title: "Informativos",
    withCount_one: "Informativos: {{count}} no visto",
    withCount_other: "Informativos: {{count}} no vistos",
    listLabel: "Lista de informativos",
    empty: "Ningún informativo.",
    error: "No se pudieron cargar los informativos.",
    retry: "Intentar de nuevo",
    loadingMore: "Cargando más informativos...",
    attachment: "Adjunto",
    priority1: "Prioridad alta",
    priority2: "Prioridad media",
    priority3: "Prioridad baja",
  },
  chats: {
    title: "Chat interno",
    withUnread_one: "Chat interno: {{count}} conversación no leída",
    withUnread_other: "Chat interno: {{count}} conversaciones no leídas",
    listLabel: "Conversaciones del chat interno",
    empty: "Ninguna conversación.",
    error: "No se pudieron cargar las conversaciones.",
    retry: "Intentar de nuevo",
    loadingMore: "Cargando más conversaciones...",
    newChat: "Nueva conversación",
    noMessages: "Aún no hay mensajes.",
    unread_one: "{{count}} mensaje no leído",
    unread_other: "{{count}} mensajes no leídos",
  },
  /** The overflow menu that holds the top bar's actions on narrow screens. */
  more: { label: "Más acciones", withNews: "Más acciones: hay novedades" },
  chatPage: chatsEs,
};

export default topBarEs;
