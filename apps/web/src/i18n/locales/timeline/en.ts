import type timelinePt from "./pt";

const timelineEn: typeof timelinePt = {
  sender: {
    bot: "Bot",
  },
  lines: {
    label: "Ticket events",
    create: "{{user}} started the ticket",
    chatBot: "Bot: automatic service started",
    queueByBot: "Bot: queue {{queue}} chosen",
    queueByBotNoName: "Bot: queue chosen",
    queueByUser: "{{user}} moved it to queue {{queue}}",
    queueNoName: "Queue changed",
    open: "{{user}} accepted the ticket",
    openNoUser: "Ticket accepted",
    transferedToQueue: "{{user}} transferred it to queue {{queue}}",
    transfered: "{{user}} transferred the ticket",
    transferedNoUser: "Transferred to queue {{queue}}",
    receivedTransfer: "{{user}} received the transfer",
    pending: "{{user}} returned the ticket to the queue",
    pendingNoUser: "Ticket waiting",
    closed: "Resolved by {{user}}",
    closedByBot: "Bot: ticket closed",
    reopen: "Reopened by {{user}}",
    reopenNoUser: "Ticket reopened",
    redirectToUser: "Bot: ticket handed to {{user}}",
    redirectToQueue: "Bot: redirected to queue {{queue}}",
    redirect: "Bot: ticket redirected",
    flowEnded: {
      end: "Bot: flow finished",
      handoff: "Bot: flow handed the conversation to the integration",
      cap: "Bot: flow stopped (too many steps without a wait)",
      missing: "Bot: flow stopped (node or flow removed)",
    },
  },
};

export default timelineEn;
