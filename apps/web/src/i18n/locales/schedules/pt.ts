/**
 * Scheduled messages (spec 1 sections 2 and 5; spec 3 "Schedules"), in their
 * own file so the area can grow without touching the shared locale files;
 * pt.ts mounts it under `schedules`.
 */
const schedulesPt = {
  action: "Agendar mensagem",
  dialog: {
    editTitle: "Editar agendamento",
    contactRequired: "Obrigatório",
    contactHint: "Digite ao menos 3 letras para buscar o contato",
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
  recurrence: {
    intervalo: "Repetir",
    once: "Não repetir",
    intervals: { i1: "Dias", i2: "Semanas", i3: "Meses", i4: "Minutos" },
    valorIntervalo: "A cada (intervalo)",
    enviarQuantasVezes: "Enviar quantas vezes",
    tipoDias: "Em sábados e domingos",
    tipoDiasOptions: {
      t4: "Enviar normalmente",
      t5: "Enviar um dia útil antes",
      t6: "Enviar um dia útil depois",
    },
  },
  page: {
    title: "Agendamentos",
    add: "Novo agendamento",
    deleteTitle: "Excluir agendamento",
    deleteBody: "Este agendamento será excluído. Deseja continuar?",
    deleted: "Agendamento excluído",
    loadError: "Não foi possível carregar os agendamentos.",
    planned: "Próximo envio da recorrência",
  },
  status: {
    pending: "Pendente",
    confirmed: "Confirmado",
    completed: "Enviado",
    canceled: "Cancelado",
    error: "ERRO",
  },
  /** react-big-calendar's labels. */
  calendar: {
    date: "Data",
    time: "Hora",
    event: "Evento",
    allDay: "Dia todo",
    week: "Semana",
    work_week: "Semana útil",
    day: "Dia",
    month: "Mês",
    previous: "Anterior",
    next: "Próximo",
    yesterday: "Ontem",
    tomorrow: "Amanhã",
    today: "Hoje",
    agenda: "Agenda",
    noEventsInRange: "Não há agendamentos no período.",
    showMore: "+{{count}} mais",
  },
};

export default schedulesPt;
