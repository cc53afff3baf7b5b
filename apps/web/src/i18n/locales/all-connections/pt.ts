/** /allConnections: every company's connections, for the platform owner (spec 2 section 2). */
const allConnectionsPt = {
  title: "Todas as conexões",
  columns: {
    client: "Cliente",
    connected: "Conectadas",
    disconnected: "Desconectadas",
    total: "Total",
    actions: "Ações",
  },
  totals: "Total geral",
  open: "Abrir as conexões de {{name}}",
  empty: "Nenhuma conexão cadastrada.",
  loadError: "Não foi possível carregar a lista de registros",
  refresh: "Atualizar",
  dialogTitle: "Conexões de {{name}}",
  dialogEmpty: "Esta empresa não tem conexões.",
  dialogColumns: {
    name: "Nome",
    channel: "Canal",
    status: "Status",
    lastUpdate: "Última atualização",
  },
};

export default allConnectionsPt;
