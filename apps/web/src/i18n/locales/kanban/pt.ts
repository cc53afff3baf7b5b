/** The kanban board (spec 2 sections 2 and 6). */
const kanbanPt = {
  title: "Kanban",
  startDate: "Data inicial",
  endDate: "Data final",
  search: "Buscar",
  addColumns: "Adicionar colunas",
  defaultLane: "Em aberto",
  boardLabel: "Quadro kanban",
  empty: "Nenhum ticket",
  loadingMore: "Carregando mais tickets…",
  viewTicket: "Ver ticket",
  ticketNumber: "Ticket nº {{id}}",
  noUser: "Sem atendente",
  moveFailed: "Não foi possível mover o ticket: {{reason}}",
  dnd: {
    instructions:
      "Para mover um ticket, pressione espaço ou Enter. Use as setas para a esquerda e para a direita para trocar de coluna, espaço ou Enter para soltar e Esc para cancelar.",
    start: "Ticket de {{contact}} selecionado, na coluna {{lane}}.",
    over: "Ticket de {{contact}} sobre a coluna {{lane}}.",
    outside: "Ticket de {{contact}} fora das colunas.",
    end: "Ticket de {{contact}} solto na coluna {{lane}}.",
    endOutside: "Ticket de {{contact}} solto fora das colunas; ele continua onde estava.",
    cancel: "Movimento cancelado; o ticket de {{contact}} continua na coluna {{lane}}.",
  },
};

export default kanbanPt;
