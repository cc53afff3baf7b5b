/** Team tools of spec 3: quick messages, announcements, file lists, the to-do list and the version popup. */
const teamToolsPt = {
  quickMessages: {
    title: "Respostas Rápidas",
    search: "Pesquisar...",
    add: "Adicionar",
    addTitle: "Adicionar Resposta Rápida",
    editTitle: "Editar Resposta Rápida",
    fields: {
      shortcode: "Atalho",
      message: "Resposta",
      geral: "Global (visível para todos os usuários)",
    },
    columns: {
      shortcode: "Atalho",
      media: "Nome da mídia",
      geral: "Global",
      actions: "Ações",
    },
    required: "Obrigatório",
    attach: "Anexar arquivo",
    noFile: "Sem anexo",
    removeFile: "Remover anexo",
    readOnly: "Esta resposta rápida é pessoal de outro usuário: somente leitura.",
    close: "Fechar",
    isGeral: "Global",
    view: "Ver",
    viewLabel: "Ver {{shortcode}}",
    editLabel: "Editar {{shortcode}}",
    deleteLabel: "Excluir {{shortcode}}",
    saved: "Resposta rápida salva com sucesso!",
    deleted: "Resposta rápida excluída com sucesso!",
    deleteTitle: "Excluir {{shortcode}}?",
    deleteMessage: "Esta ação não pode ser revertida.",
    empty: "Nenhuma resposta rápida cadastrada.",
    loadingMore: "Carregando mais...",
  },
};

export default teamToolsPt;
