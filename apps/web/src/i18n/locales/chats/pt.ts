/** The internal chat page (/chats, /chats/{uuid}; spec 3). */
const chatsPt = {
  title: "Chat interno",
  newChat: "Nova conversa",
  tabChats: "Conversas",
  tabMessages: "Mensagens",
  listLabel: "Conversas",
  empty: "Nenhuma conversa.",
  selectChat: "Selecione uma conversa para ver as mensagens.",
  noMessages: "Nenhuma mensagem ainda.",
  loadError: "Não foi possível carregar.",
  retry: "Tentar novamente",
  notFound: "Conversa não encontrada.",
  messagesLabel: "Mensagens de {{title}}",
  loadingOlder: "Carregando mensagens anteriores...",
  messagePlaceholder: "Digite uma mensagem",
  messageLabel: "Mensagem",
  send: "Enviar",
  editLabel: "Editar {{title}}",
  deleteLabel: "Excluir {{title}}",
  deleteTitle: "Excluir a conversa {{title}}?",
  deleteMessage: "A conversa e todas as suas mensagens serão excluídas para todos os participantes.",
  unread_one: "{{count}} mensagem não lida",
  unread_other: "{{count}} mensagens não lidas",
  dialog: {
    addTitle: "Nova conversa",
    editTitle: "Editar conversa",
    title: "Título",
    users: "Participantes",
  },
};

export default chatsPt;
