/**
 * Scheduled messages (spec 1 sections 2 and 5; spec 3 "Schedules"), in their
 * own file so the area can grow without touching the shared locale files;
 * pt.ts mounts it under `schedules`.
 */
const schedulesPt = {
  action: "Agendar mensagem",
  dialog: {
    title: "Agendar mensagem",
    contact: "Contato",
    body: "Mensagem",
    sendAt: "Data e hora do envio",
    attach: "Anexar imagem",
    attachment: "Anexo",
    removeAttachment: "Remover anexo",
    invalidFile: "Apenas arquivos png, jpg ou jpeg",
    cancel: "Cancelar",
    save: "Agendar",
    success: "Agendamento salvo com sucesso!",
  },
};

export default schedulesPt;
