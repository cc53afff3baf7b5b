/** /financeiro, /financeiro-aberto and /subscription (spec 2 sections 2 and 4). */
const invoicesPt = {
  title: "Faturas ({{count}})",
  menu: "Financeiro",
  search: "Pesquisar",
  empty: "Nenhuma fatura encontrada.",
  loadError: "Não foi possível carregar as faturas",
  loadingMore: "Carregando mais faturas",
  columns: {
    detail: "Detalhes",
    users: "Usuários",
    connections: "Conexões",
    queues: "Filas",
    value: "Valor",
    dueDate: "Data Venc.",
    status: "Status",
    action: "Ação",
  },
  status: {
    paid: "Pago",
    overdue: "Vencido",
    open: "Em Aberto",
  },
  expired: "Sua assinatura expirou.",
  expiredDescription:
    "Pague a fatura em aberto para voltar a usar o sistema. Assim que o pagamento for confirmado, você volta ao início sem precisar entrar de novo.",
  restored: "Pagamento confirmado! Sua licença vence em {{date}}.",
  subscription: {
    title: "Assinatura",
    menu: "Assinatura",
    period: "Período de Licença",
    daysLeft_one: "Sua licença vence em {{count}} dia!",
    daysLeft_other: "Sua licença vence em {{count}} dias!",
    today: "Sua licença vence hoje!",
    expired: "Sua licença venceu em {{date}}.",
    neverExpires: "Esta licença não vence.",
    dueDate: "Vencimento: {{date}}",
    billingEmail: "E-mail de cobrança",
    subscribe: "Assine Agora!",
  },
};

export default invoicesPt;
