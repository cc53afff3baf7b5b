/**
 * The settings panel (spec 2). The help texts say what the server does with
 * each setting (docs/SETTINGS.md has the long form).
 */
const settingsPt = {
  title: "Configurações",
  saved: "Operação atualizada com sucesso.",
  loadError: "Não foi possível carregar a lista de registros",
  soon: "em breve",
  trialDaysValue_one: "{{count}} dia",
  trialDaysValue_other: "{{count}} dias",
  tabs: {
    options: "Opções",
    schedules: "Horários",
    companies: "Empresas",
    plans: "Planos",
    helps: "Ajuda",
    whitelabel: "Whitelabel",
  },
  groups: {
    attendance: "Atendimento",
    botQueues: "Chatbot, filas e expediente",
    transfer: "Transferência",
    calls: "Chamadas",
    lgpd: "LGPD",
    notifications: "Notificações",
    platform: "Plataforma",
  },
  values: {
    enabled: "Habilitado",
    disabled: "Desabilitado",
    queue: "Fila",
    company: "Empresa",
    connection: "Conexão",
    text: "Texto",
  },
  keys: {
    userCreation: "Criação de usuários",
    downloadLimit: "Limite de download de arquivos",
    userRating: "Avaliações",
    scheduleType: "Gerenciamento de expediente",
    chatBotType: "Tipo do chatbot",
    acceptCallWhatsapp: "Aceitar chamadas no WhatsApp",
    userRandom: "Escolher atendente aleatório",
    sendGreetingMessageOneQueues: "Enviar saudação quando houver somente 1 fila",
    sendSignMessage: "Assinar mensagens com o nome do atendente",
    sendFarewellWaitingTicket: "Enviar despedida em atendimentos aguardando",
    sendGreetingAccepted: "Enviar saudação ao aceitar o atendimento",
    sendQueuePosition: "Enviar posição na fila",
    acceptAudioMessageContact: "Aceitar áudios de todos os contatos",
    enableLGPD: "Habilitar tratamento LGPD",
    requiredTag: "Tag obrigatória para resolver",
    lgpdDeleteMessage: "Ofuscar mensagens apagadas pelo contato",
    lgpdHideNumber: "Ocultar o número do contato para usuários",
    lgpdConsent: "Sempre pedir consentimento",
    lgpdMessage: "Mensagem de consentimento (LGPD)",
    lgpdLink: "Link da política de privacidade",
    sendMsgTransfTicket: "Enviar mensagem de transferência",
    closeTicketOnTransfer: "Fechar o atendimento ao transferir para outra fila",
    transferMessage: "Mensagem de transferência",
    greetingAcceptedMessage: "Mensagem de saudação ao aceitar",
    AcceptCallWhatsappMessage: "Mensagem de chamada recusada",
    sendQueuePositionMessage: "Mensagem de posição na fila",
    showNotificationPending: "Notificar atendimentos aguardando",
    phoneDefaultCountry: "País padrão dos números",
    DirectTicketsToWallets: "Direcionar atendimentos para a carteira",
    allowSignup: "Cadastro público de empresas",
    trialDays: "Dias de teste no cadastro",
    pixKey: "Chave PIX da plataforma",
    pixMerchantName: "Nome do recebedor PIX",
    pixMerchantCity: "Cidade do recebedor PIX",
  },
  help: {
    userCreation: "Permite criar novos usuários na plataforma.",
    downloadLimit:
      "Maior mídia recebida que o servidor baixa para a empresa. Vale em até um minuto após a mudança.",
    userRating:
      "Ao resolver com despedida, o contato recebe a mensagem de avaliação da conexão e responde de 0 a 10; a nota fica no atendimento e então ele é encerrado. As conexões passam a exigir mensagem e prazo de avaliação.",
    scheduleType:
      "Quais horários valem: nenhum, os de cada fila, os da empresa (aba Horários) ou os de cada conexão. Fora do horário o contato recebe a mensagem de fora de expediente (no máximo uma vez a cada 2 horas) e o atendimento fica aguardando.",
    chatBotType: "O chatbot envia os menus das filas e as opções como texto numerado.",
    acceptCallWhatsapp:
      "Desabilitado: uma chamada para uma conexão por QR Code é recusada e o contato recebe a mensagem de chamada recusada.",
    userRandom:
      "Um atendimento aguardando numa fila vai para um usuário online aleatório da fila, em vez do rodízio.",
    sendGreetingMessageOneQueues:
      "Com uma só fila na conexão, o atendimento novo entra nela direto; habilitado envia a saudação da fila.",
    sendSignMessage: "As mensagens enviadas levam o nome do atendente em negrito (*Nome:*).",
    sendFarewellWaitingTicket:
      "Ao resolver um atendimento que ainda estava aguardando, envia também a despedida.",
    sendGreetingAccepted: "Ao aceitar um atendimento, envia ao contato a mensagem de saudação abaixo.",
    sendQueuePosition: "Ao entrar numa fila, o contato recebe a sua posição na fila (mensagem abaixo).",
    acceptAudioMessageContact:
      "Guardado; ainda não altera o atendimento: os áudios dos contatos continuam sendo recebidos. Cada contato também guarda a sua própria opção.",
    enableLGPD:
      "Liga o tratamento LGPD: consentimento do contato, números ocultos e mensagens apagadas, conforme as opções abaixo.",
    requiredTag: "Um atendimento só é resolvido quando o contato tem uma tag.",
    lgpdDeleteMessage:
      "Uma mensagem apagada pelo contato tem o texto removido em vez de só ser marcada como apagada.",
    lgpdHideNumber:
      "Usuários (perfil usuário) veem os números dos contatos mascarados; administradores veem inteiros.",
    lgpdConsent:
      "O contato sem consentimento recebe a mensagem e o link abaixo e precisa aceitar antes de continuar.",
    lgpdMessage: "Texto enviado para pedir o consentimento do contato.",
    lgpdLink: "Enviado junto com a mensagem de consentimento.",
    sendMsgTransfTicket:
      "Ao transferir, o contato recebe a mensagem de transferência abaixo; o texto digitado na transferência tem prioridade.",
    closeTicketOnTransfer:
      "Ao transferir para outra fila, o atendimento é fechado e a conversa segue num novo atendimento da fila.",
    transferMessage: "Use {{queue}} para o nome da fila e {{name}} para o nome do contato.",
    greetingAcceptedMessage: "Use {{name}} para o nome do contato e {{userName}} para o nome do atendente.",
    AcceptCallWhatsappMessage: "Enviada a quem liga quando a chamada é recusada.",
    sendQueuePositionMessage: "Enviada ao contato que entra na fila, com a sua posição.",
    showNotificationPending:
      "Os usuários são notificados dos novos atendimentos aguardando, não só dos seus.",
    phoneDefaultCountry:
      "Números digitados sem código do país (+55…) são deste país e ficam salvos no formato internacional; os deste país aparecem no formato nacional.",
    DirectTicketsToWallets:
      "Os novos atendimentos de um contato vão direto para o usuário dono da carteira do contato.",
    allowSignup:
      "Habilitado: a tela de login mostra o link de cadastro e qualquer pessoa pode criar uma empresa num plano público. Desabilitado (ou nunca salvo): o cadastro é recusado.",
    trialDays: "Uma empresa criada pelo cadastro público vence pela primeira vez após estes dias (padrão 7).",
    pixKey:
      "Recebe os pagamentos das faturas pelo código PIX gerado aqui (CPF ou CNPJ só com números, e-mail, telefone +55 ou chave aleatória). Você confirma cada pagamento na fatura.",
    pixMerchantName: "Nome que aparece no código PIX (até 25 caracteres).",
    pixMerchantCity: "Cidade que aparece no código PIX (até 15 caracteres).",
  },
  required: {
    transferMessage: "A mensagem de transferência é obrigatória com o envio da transferência habilitado.",
    greetingAcceptedMessage: "A mensagem de saudação é obrigatória com a saudação ao aceitar habilitada.",
    sendQueuePositionMessage:
      "A mensagem de posição na fila é obrigatória com o envio da posição habilitado.",
    AcceptCallWhatsappMessage:
      "A mensagem de chamada recusada é obrigatória quando as chamadas não são aceitas.",
  },
  schedules: {
    saved: "Horários atualizados com sucesso.",
    neverSaved:
      "Horários ainda não salvos: até salvar, a empresa é considerada sempre aberta. Clique em salvar para gravar as alterações.",
    errors: {
      invalidTime: "Use o formato HH:MM",
      shiftIncomplete: "Informe o início e o fim do turno",
      shiftOrder: "O turno termina depois de começar",
      duplicateDay: "Dia repetido",
    },
  },
};

export default settingsPt;
