/** The attendance panel (/moments, spec 2). */
const momentsPt = {
  title: "Painel de Atendimentos",
  pending: "Pendentes",
  empty: "Nenhum atendimento aberto ou pendente.",
  emptyColumn: "Nenhum atendimento",
  count_one: "{{count}} atendimento",
  count_other: "{{count}} atendimentos",
  more_one: "e mais {{count}} atendimento",
  more_other: "e mais {{count}} atendimentos",
  noQueue: "Sem fila",
  online: "Online",
  offline: "Offline",
  openTicket: "Abrir atendimento",
  openTicketOf: "Abrir o atendimento de {{name}}",
  retry: "Tentar novamente",
};

export default momentsPt;
