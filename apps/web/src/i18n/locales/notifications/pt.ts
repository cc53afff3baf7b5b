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
  preview: {
    image: "📷 Foto",
    video: "🎥 Vídeo",
    audio: "🎤 Áudio",
    document: "📄 Documento",
    sticker: "💟 Figurinha",
    location: "📍 Localização",
    contact: "👤 Contato",
    unsupported: "⚠️ Mensagem não suportada",
  },
  bellWithHandovers_one: "Notificações: {{count}} atendimento transferido para você",
  bellWithHandovers_other: "Notificações: {{count}} atendimentos transferidos para você",
  handovers_one: "{{count}} atendimento transferido para você",
  handovers_other: "{{count}} atendimentos transferidos para você",
  handoverList: "Atendimentos transferidos para você",
  handoverTitle: "Atendimento transferido para você",
  handoverInQueue: "Transferido para você · fila {{queue}}",
};

export default notificationsPt;
