/** The contacts page and its modal (spec 1 sections 2 and 5); pt.ts mounts it under `contacts`. */
const contactsPt = {
  title: "Contatos",
  search: "Pesquisar contatos",
  add: "Adicionar contato",
  empty: "Nenhum contato encontrado.",
  loadingMore: "Carregando mais contatos...",
  active: "Ativo",
  blocked: "Bloqueado",
  block: "Bloquear",
  unblock: "Desbloquear",
  blockContact: "Bloquear {{name}}",
  unblockContact: "Desbloquear {{name}}",
  editContact: "Editar {{name}}",
  deleteContact: "Excluir {{name}}",
  deleteTitle: "Excluir {{name}}?",
  deleteMessage:
    "Tem certeza que deseja excluir este contato? Todos os atendimentos relacionados serão perdidos.",
  deleted: "Contato excluído com sucesso!",
  blockedToast: "Contato bloqueado",
  unblocked: "Contato desbloqueado",
  columns: {
    name: "Nome",
    number: "Número",
    email: "Email",
    status: "Status",
    actions: "Ações",
  },
  modal: {
    titleAdd: "Adicionar contato",
    titleEdit: "Editar contato",
    saved: "Contato salvo com sucesso.",
    numberHidden: "Número oculto pela LGPD.",
    extraInfo: "Informações adicionais",
    addExtraInfo: "Adicionar informação",
    extraName: "Nome do campo",
    extraValue: "Valor",
    removeExtraInfo: "Remover informação {{index}}",
    noWallet: "Sem responsável",
    walletHelp:
      'Com "Direcionar atendimentos para a carteira" ativo, este usuário recebe direto os novos atendimentos do contato.',
    fields: {
      name: "Nome",
      number: "Número do WhatsApp",
      email: "Endereço de email",
      disableBot: "Desabilitar chatbot",
      walletUserId: "Carteira (responsável)",
    },
  },
};

export default contactsPt;
