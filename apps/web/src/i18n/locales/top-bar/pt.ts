import chatsPt from "../chats/pt";

/**
 * The top bar's announcements and internal-chat popovers (spec 1 section 2, spec 3), and the internal
 * chat page they lead to (`chatPage`: kept here because the main locale files are at their size limit).
 */
const topBarPt = {
  announcements: {
    title: "Informativos",
    withCount_one: "Informativos: {{count}} não visto",
    withCount_other: "Informativos: {{count}} não vistos",
    listLabel: "Lista de informativos",
    empty: "Nenhum informativo.",
    error: "Não foi possível carregar os informativos.",
    retry: "Tentar novamente",
    loadingMore: "Carregando mais informativos...",
    attachment: "Anexo",
    priority1: "Prioridade alta",
    priority2: "Prioridade média",
    priority3: "Prioridade baixa",
  },
  chats: {
    title: "Chat interno",
    withUnread_one: "Chat interno: {{count}} conversa não lida",
    withUnread_other: "Chat interno: {{count}} conversas não lidas",
    listLabel: "Conversas do chat interno",
    empty: "Nenhuma conversa.",
    error: "Não foi possível carregar as conversas.",
    retry: "Tentar novamente",
    loadingMore: "Carregando mais conversas...",
    newChat: "Nova conversa",
    noMessages: "Nenhuma mensagem ainda.",
    unread_one: "{{count}} mensagem não lida",
    unread_other: "{{count}} mensagens não lidas",
  },
  /** The overflow menu that holds the top bar's actions on narrow screens. */
  more: { label: "Mais ações", withNews: "Mais ações: há novidades" },
  chatPage: chatsPt,
};

export default topBarPt;
