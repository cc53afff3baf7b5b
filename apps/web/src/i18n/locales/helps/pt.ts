/** The help videos: the /helps gallery and the helps tab of the settings panel (spec 2). */
const helpsPt = {
  pageTitle: "Ajuda ({{count}})",
  galleryLabel: "Vídeos de ajuda",
  play: "Assistir: {{title}}",
  close: "Fechar",
  empty: "Nenhum vídeo de ajuda cadastrado.",
  loadError: "Não foi possível carregar a lista de registros",
  formTitleAdd: "Novo vídeo de ajuda",
  formTitleEdit: "Editar {{title}}",
  fields: {
    title: "Título",
    video: "Código do vídeo",
    description: "Descrição",
  },
  videoHint: "O código do vídeo no YouTube (ex.: dQw4w9WgXcQ) ou o endereço do vídeo.",
  clear: "Limpar",
  saved: "Operação realizada com sucesso!",
  saveFailed:
    "Não foi possível realizar a operação. Verifique se já existe uma ajuda com o mesmo nome ou se os campos foram preenchidos corretamente",
  deleted: "Operação realizada com sucesso!",
  deleteFailed: "Não foi possível realizar a operação",
  deleteTitle: "Excluir {{title}}?",
  deleteMessage: "Deseja realmente excluir esse registro?",
  editLabel: "Editar {{title}}",
  deleteLabel: "Excluir {{title}}",
  actions: "Ações",
  tableLabel: "Vídeos de ajuda",
  errors: {
    title: "Informe um título de 1 a 100 caracteres.",
    video: "Informe o código do vídeo no YouTube (letras, números, - e _) ou o endereço do vídeo.",
    description: "A descrição pode ter até 1000 caracteres.",
  },
};

export default helpsPt;
