/**
 * The conversation's timeline (issue 9 rule 7): who sent each outgoing
 * bubble, and the system lines of the ticket's log between the messages.
 * pt.ts mounts it under `timeline`. `user` and `queue` are names.
 */
const timelinePt = {
  sender: {
    bot: "Bot",
  },
  lines: {
    label: "Eventos do atendimento",
    create: "{{user}} iniciou o atendimento",
    chatBot: "Bot: atendimento automático iniciado",
    queueByBot: "Bot: fila {{queue}} escolhida",
    queueByBotNoName: "Bot: fila escolhida",
    queueByUser: "{{user}} moveu para a fila {{queue}}",
    queueNoName: "Fila alterada",
    open: "{{user}} aceitou o atendimento",
    openNoUser: "Atendimento aceito",
    transferedToQueue: "{{user}} transferiu para a fila {{queue}}",
    transfered: "{{user}} transferiu o atendimento",
    transferedNoUser: "Transferido para a fila {{queue}}",
    receivedTransfer: "{{user}} recebeu a transferência",
    pending: "{{user}} devolveu o atendimento à fila",
    pendingNoUser: "Atendimento aguardando",
    closed: "Resolvido por {{user}}",
    closedByBot: "Bot: atendimento encerrado",
    reopen: "Reaberto por {{user}}",
    reopenNoUser: "Atendimento reaberto",
    redirectToUser: "Bot: atendimento entregue a {{user}}",
    redirectToQueue: "Bot: redirecionado para a fila {{queue}}",
    redirect: "Bot: atendimento redirecionado",
    flowEnded: {
      end: "Bot: fluxo concluído",
      handoff: "Bot: fluxo entregou a conversa à integração",
      cap: "Bot: fluxo interrompido (passos demais sem espera)",
      missing: "Bot: fluxo interrompido (nó ou fluxo removido)",
    },
  },
};

export default timelinePt;
