/** Notifications: the bell's list, the desktop-notification permission and the notification texts. */
const notificationsPt = {
  bellWithCount_one: "Notificações: {{count}} atendimento com mensagens não lidas",
  bellWithCount_other: "Notificações: {{count}} atendimentos com mensagens não lidas",
  listLabel: "Atendimentos com mensagens não lidas",
  unread_one: "{{count}} mensagem não lida",
  unread_other: "{{count}} mensagens não lidas",
  permissionHint: "Receba um aviso na área de trabalho quando chegar uma nova mensagem.",
  enable: "Ativar notificações",
  denied: "As notificações estão bloqueadas neste navegador. Libere-as nas configurações do site.",
  unsupported: "Este navegador não mostra notificações; o aviso sonoro continua ativo.",
  newMessage: "Nova mensagem",
  unknownContact: "Contato",
  media: {
    image: "📷 Imagem",
    audio: "🎤 Áudio",
    video: "🎥 Vídeo",
    application: "📄 Documento",
    locationMessage: "📍 Localização",
    contactMessage: "👤 Contato",
  },
};

export default notificationsPt;
