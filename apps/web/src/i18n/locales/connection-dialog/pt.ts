/**
 * The connection dialog (spec 2 sections 2, 3 and 5), in its own file so the
 * area can grow without touching the shared locale files; pt.ts mounts it
 * under `connectionModal`. The help texts say what the server does with each
 * field (issue 9's automation rules).
 */
const connectionDialogPt = {
  titleAdd: "Adicionar conexão {{channel}}",
  titleEdit: "Editar conexão",
  saved: "Conexão salva com sucesso!",
  noQueues: "Nenhuma fila cadastrada.",
  tabs: {
    general: "Geral",
    integrations: "Integrações",
    messages: "Mensagens",
    chatbot: "Chatbot",
    assessments: "Avaliações",
    schedules: "Horários",
    vacation: "Férias coletivas",
  },
  credentials: {
    whatsappapi: "Conta do WhatsApp Cloud API",
    facebook: "Página do Facebook",
    instagram: "Conta do Instagram",
  },
  secretConfigured: "Configurado ({{hint}}). Deixe em branco para manter.",
  secretConfiguredNoHint: "Configurado. Deixe em branco para manter.",
  verifyTokenGenerated: "Deixe em branco para gerar um automaticamente.",
  webhookAfterSave: "A URL do webhook aparece aqui depois de salvar a conexão.",
  fields: {
    flowIdWelcome: "Fluxo de boas-vindas",
    flowIdNotPhrase: "Fluxo quando nenhuma frase corresponde",
    promptId: "Prompt",
    integrationId: "Integração",
    name: "Nome",
    isDefault: "Padrão",
    queues: "Filas",
    allowGroup: "Permitir grupos",
    groupAsTicket: "Tratar grupos como atendimento",
    greetingMessage: "Mensagem de saudação",
    complationMessage: "Mensagem de conclusão",
    outOfHoursMessage: "Mensagem de fora de expediente",
    ratingMessage: "Mensagem de avaliação",
    inactiveMessage: "Mensagem de inatividade",
    phoneNumberId: "ID do número de telefone",
    wabaId: "ID da conta do WhatsApp Business (WABA)",
    pageId: "ID da página do Facebook",
    instagramId: "ID da conta do Instagram",
    accessToken: "Token de acesso",
    pageAccessToken: "Token de acesso da página",
    appSecret: "App Secret",
    verifyToken: "Token de verificação do webhook",
    webhookUrl: "URL do webhook",
    maxUseBotQueues: "Máximo de envios do menu",
    timeUseBotQueues: "Reiniciar o chatbot após (minutos)",
    timeSendQueue: "Transferir para a fila após (minutos)",
    sendIdQueue: "Fila de transferência",
    expiresTicket: "Encerrar atendimentos parados após (minutos)",
    whenExpiresTicket: "Encerrar quando a última mensagem for",
    expiresInactiveMessage: "Mensagem de encerramento por inatividade",
    timeInactiveMessage: "Enviar a mensagem de inatividade após (minutos)",
    expiresTicketNPS: "Prazo da avaliação NPS (minutos)",
    maxUseBotQueuesNPS: "Máximo de respostas inválidas na avaliação",
    timeCreateNewTicket: "Reabrir o atendimento encerrado até (minutos)",
    importMessages: "Importar mensagens do aparelho",
    importOldMessages: "Importar a partir de",
    importRecentMessages: "Mensagens recentes a partir de",
    importOldMessagesGroups: "Importar mensagens de grupos",
    closedTicketsPostImported: "Encerrar os atendimentos importados",
    queueIdImportMessages: "Fila das mensagens importadas",
    collectiveVacationStart: "Início das férias",
    collectiveVacationEnd: "Fim das férias",
    collectiveVacationMessage: "Mensagem de férias coletivas",
  },
  help: {
    isDefault: "Usada quando nenhuma conexão é indicada (novos atendimentos, agendamentos).",
    queues:
      "Filas oferecidas no menu do chatbot. Com uma fila, o atendimento entra nela; com várias, o contato escolhe pelo número.",
    allowGroup: "Recebe também as mensagens de grupos nesta conexão.",
    groupAsTicket: "Habilitado: cada grupo abre um atendimento como um contato.",
    greetingMessage:
      "Enviada quando um novo atendimento começa; com várias filas, vem seguida do menu numerado das filas.",
    complationMessage:
      "Enviada ao contato quando o atendimento é resolvido com despedida (e após a avaliação).",
    outOfHoursMessage:
      "Enviada a quem escreve fora do horário de atendimento (no máximo uma vez a cada poucas horas por contato); o atendimento fica aguardando.",
    ratingMessage:
      "Enviada ao resolver com avaliação, quando a avaliação de atendimentos está ativa; o contato responde com uma nota de 0 a 10.",
    inactiveMessage:
      "Enviada a um atendimento aberto parado há 'Enviar a mensagem de inatividade após' minutos.",
    greetingMedia:
      "Arquivo enviado junto com a mensagem de saudação: imagem, vídeo, áudio ou documento (até 16 MB).",
    maxUseBotQueues:
      "Quantas vezes o menu é reenviado após respostas inválidas; depois o chatbot para (0 = sem limite).",
    timeUseBotQueues:
      "Minutos depois dos quais o chatbot pode voltar a responder um contato que esgotou as tentativas.",
    timeSendQueue:
      "Minutos sem escolher fila até mover o atendimento para a fila de transferência (0 = nunca).",
    sendIdQueue: "Fila que recebe o atendimento quando o contato não escolhe uma a tempo.",
    expiresTicket:
      "Minutos parado (depois da mensagem de inatividade) até o atendimento aberto ser encerrado (0 = nunca); substitui o encerramento automático geral nesta conexão.",
    whenExpiresTicket:
      "'Do atendente': só conta atendimentos cuja última mensagem foi nossa (aguardando o contato).",
    expiresInactiveMessage: "Enviada ao contato quando o atendimento é encerrado por inatividade.",
    timeInactiveMessage: "Minutos parado até enviar a mensagem de inatividade (0 = não enviar).",
    timeCreateNewTicket:
      "Se o contato escrever de novo até esses minutos após o encerramento, o atendimento encerrado é reaberto em vez de abrir um novo (0 = sempre um novo).",
    expiresTicketNPS:
      "Minutos de espera pela nota do contato; depois a avaliação termina e o atendimento é encerrado.",
    maxUseBotQueuesNPS: "Respostas que não são uma nota de 0 a 10 aceitas antes de encerrar a avaliação.",
    importMessages:
      "Na próxima leitura do QR code, as mensagens do aparelho entre as datas entram como atendimentos na fila escolhida.",
    importOldMessages: "Entre 2 anos atrás e hoje.",
    importRecentMessages: "Na mesma data do início ou depois.",
    queueIdImportMessages: "Fila onde entram os atendimentos das mensagens importadas.",
    schedules:
      "Fora destes horários o contato recebe a mensagem de fora de expediente e o atendimento fica aguardando. Turno em branco: sem atendimento.",
    vacation:
      "Entre o início e o fim (inclusive), quem escreve recebe a mensagem de férias em vez do atendimento normal.",
  },
  media: {
    attach: "Anexar arquivo",
    remove: "Remover arquivo",
    current: "Arquivo atual",
    pending: "Será enviado ao salvar",
    willRemove: "Será removido ao salvar",
    undo: "Desfazer",
    tooLarge: "O arquivo passa de 16 MB.",
    uploadFailed: "A conexão foi salva, mas o arquivo da saudação não: {{error}}",
  },
  integrations: {
    intro: "A automação desta conexão: fluxos, prompt de IA e integração. Cada um é opcional.",
    help: {
      flowIdWelcome: "Começa na primeira mensagem de um contato novo.",
      flowIdNotPhrase: "Roda quando a mensagem não corresponde a nenhuma campanha de frase.",
      promptId: "A IA responde os contatos com este prompt até transferir para a fila.",
      integrationId: "As conversas desta conexão são entregues a esta integração.",
    },
  },
  warnings: {
    noQueues:
      "Sem filas, os atendimentos desta conexão chegam apenas aos usuários que veem atendimentos sem fila.",
    savedNoQueues:
      "Conexão salva sem filas: os atendimentos dela chegam apenas aos usuários que veem atendimentos sem fila.",
  },
  options: {
    enabled: "Habilitado",
    disabled: "Desabilitado",
    lastMessageAny: "Do atendente ou do cliente",
    lastMessageAgent: "Do atendente",
  },
  apiToken: {
    label: "Token da API de mensagens",
    help: "As chamadas de POST /api/messages/send com este token enviam por esta conexão.",
    regenerate: "Gerar novo token",
    confirmTitle: "Gerar um novo token?",
    confirmMessage: "O token atual deixa de funcionar na hora: os sistemas que o usam precisam do novo.",
    confirm: "Gerar",
    regenerated: "Novo token salvo.",
  },
  errors: {
    nameLength: "Informe um nome de 2 a 50 caracteres.",
    required: "Campo obrigatório.",
    tooLong: "No máximo {{max}} caracteres.",
    invalidId: "Use até 64 letras, números, _ ou -.",
    invalidToken: "O token tem caracteres inválidos (espaços ou acentos).",
    unknownQueue: "Escolha filas desta empresa.",
    errorSendQueue: "Selecione a fila para a qual o atendimento será transferido.",
    errorRatingMessage: "Informe a mensagem de avaliação: a avaliação de atendimentos está ativa.",
    errorExpiresNPS: "O prazo da avaliação NPS não pode ser 0 com a avaliação de atendimentos ativa.",
    invalidNumber: "Informe um número inteiro de 0 a 1000000.",
    nameTaken: "Já existe uma conexão com este nome.",
    vacationStartRequired: "Informe o início das férias.",
    vacationEndRequired: "Informe o fim das férias.",
    vacationOrder: "O fim das férias deve ser no início ou depois.",
    importWindow: "A importação começa entre 2 anos atrás e hoje.",
    importRecentOrder: "Deve ser na data de início da importação ou depois.",
    importQueueRequired: "Selecione a fila das mensagens importadas.",
    shiftIncomplete: "Informe o início e o fim do turno, ou deixe os dois em branco.",
    shiftOrder: "O fim do turno deve ser depois do início.",
    invalidTime: "Use o formato HH:MM.",
    invalidDate: "Data inválida.",
  },
};

export default connectionDialogPt;
