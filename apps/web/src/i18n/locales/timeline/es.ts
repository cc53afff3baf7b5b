import type timelinePt from "./pt";

const timelineEs: typeof timelinePt = {
  sender: {
    bot: "Bot",
  },
  lines: {
    label: "Eventos de la atención",
    create: "{{user}} inició la atención",
    chatBot: "Bot: atención automática iniciada",
    queueByBot: "Bot: cola {{queue}} elegida",
    queueByBotNoName: "Bot: cola elegida",
    queueByUser: "{{user}} movió a la cola {{queue}}",
    queueNoName: "Cola cambiada",
    open: "{{user}} aceptó la atención",
    openNoUser: "Atención aceptada",
    transferedToQueue: "{{user}} transfirió a la cola {{queue}}",
    transfered: "{{user}} transfirió la atención",
    transferedNoUser: "Transferido a la cola {{queue}}",
    receivedTransfer: "{{user}} recibió la transferencia",
    pending: "{{user}} devolvió la atención a la cola",
    pendingNoUser: "Atención en espera",
    closed: "Resuelto por {{user}}",
    closedByBot: "Bot: atención finalizada",
    reopen: "Reabierto por {{user}}",
    reopenNoUser: "Atención reabierta",
    redirectToUser: "Bot: atención entregada a {{user}}",
    redirectToQueue: "Bot: redirigido a la cola {{queue}}",
    redirect: "Bot: atención redirigida",
    flowEnded: {
      end: "Bot: flujo concluido",
      handoff: "Bot: el flujo entregó la conversación a la integración",
      cap: "Bot: flujo interrumpido (demasiados pasos sin espera)",
      missing: "Bot: flujo interrumpido (nodo o flujo eliminado)",
    },
  },
};

export default timelineEs;
