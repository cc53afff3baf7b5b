/**
 * The tickets list side (search, filters, new ticket, close-all, sort,
 * resizing, narrow-screen tabs), in its own file so the area can grow
 * without touching the shared locale files; pt.ts mounts it under
 * `ticketsManager`.
 */
const ticketsManagerPt = {
  searchTab: "Pesquisa",
  search: {
    label: "Pesquisar atendimentos",
    placeholder: "Nome ou número do contato",
    onMessages: "Pesquisar também nas mensagens",
  },
  filters: {
    group: "Filtros",
    tags: "Etiquetas",
    users: "Usuários",
    connections: "Conexões",
    statuses: "Status",
    clear: "Limpar filtros",
  },
  statuses: {
    open: "Atendendo",
    pending: "Aguardando",
    closed: "Resolvido",
    group: "Grupo",
    lgpd: "LGPD",
    nps: "NPS",
  },
  actions: {
    toolbar: "Ações da lista",
    newTicket: "Novo atendimento",
    closeAll: "Fechar todos",
    oldestFirst: "Mais antigos primeiro",
  },
  closeAll: {
    title: "Fechar todos os atendimentos?",
    message:
      'Todos os atendimentos "{{status}}" das filas selecionadas serão resolvidos, sem mensagem de despedida.',
    yes: "Sim",
    no: "Não",
    done_one: "{{count}} atendimento fechado.",
    done_other: "{{count}} atendimentos fechados.",
  },
  newTicket: {
    title: "Novo atendimento",
    contact: "Contato",
    contactHint: "Digite ao menos 3 caracteres",
    searching: "Pesquisando...",
    noContacts: "Nenhum contato encontrado",
    noNumber: "Este contato não tem número.",
    queue: "Fila",
    queueRequired: "Selecione uma fila",
    connection: "Conexão",
    connectionRequired: "Selecione uma conexão",
    create: "Criar",
    inQueue: "Este contato já está sendo atendido por outro usuário.",
    beingAttendedBy: "Este contato está sendo atendido por {{user}}",
  },
  resize: "Largura da lista de atendimentos",
  narrow: {
    tabs: "Conversa ou lista",
    ticket: "Conversa",
    list: "Atendimentos",
    pickTicket: "Escolher um atendimento",
  },
};

export default ticketsManagerPt;
