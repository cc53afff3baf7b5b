/**
 * The conversation's tools (attach menu, contact card, camera, PDF export,
 * media players, transcription, ack labels), in their own file so the area
 * can grow without touching the shared locale files; pt.ts mounts it under
 * `ticketTools`.
 */
const ticketToolsPt = {
  attach: {
    menu: "Mais opções de anexo",
    camera: "Câmera",
    contact: "Contato",
  },
  sendContact: {
    title: "Enviar contato",
    search: "Pesquisar contato",
    searchHelp: "Digite ao menos 3 caracteres para pesquisar",
    noContacts: "Nenhum contato encontrado",
    noNumber: "Sem número válido para um cartão de contato",
    send: "Enviar",
    sent: "Contato enviado.",
  },
  camera: {
    title: "Tirar foto",
    preview: "Imagem da câmera",
    starting: "Abrindo a câmera...",
    capture: "Capturar",
    unsupported: "Este navegador não permite acessar a câmera.",
    denied: "Permissão para usar a câmera negada. Libere o acesso nas configurações do navegador.",
    notFound: "Nenhuma câmera encontrada.",
    busy: "A câmera está em uso por outro aplicativo.",
    failed: "Não foi possível acessar a câmera.",
    captureFailed: "Não foi possível capturar a foto.",
  },
  export: {
    action: "Exportar PDF",
    title: "Exportar conversa em PDF",
    loading: "Carregando mensagens: {{loaded}} de {{total}}",
    building: "Gerando o PDF...",
    empty: "Elemento não encontrado: não há mensagens para exportar.",
    done: "PDF gerado.",
    heading: "Conversa com {{name}}",
    ticket: "Atendimento #{{id}}",
    exportedAt: "Exportado em {{date}}",
    count_one: "{{count}} mensagem",
    count_other: "{{count}} mensagens",
    me: "Atendente",
    privateNote: "Nota interna",
    media: "Anexo: {{name}}",
    deleted: "(mensagem apagada)",
    page: "Página {{page}} de {{pages}}",
  },
  bubble: {
    speed: "Velocidade de reprodução: {{rate}}x",
    played: "Reproduzida",
    contactCard: "Cartão de contato",
    transcribe: "Transcrever áudio",
    transcribing: "Transcrevendo...",
    transcription: "Transcrição",
    badUrl: "Não foi possível transcrever: formato de URL inesperado.",
    badData: "Não foi possível transcrever: dados de transcrição inválidos.",
  },
};

export default ticketToolsPt;
