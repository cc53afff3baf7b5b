import type { FlowEnd, FlowGraphData, FlowGraphNode, FlowMediaKind, FlowPosition } from "@inbox/shared";
import type { ScheduleDay } from "./hours.js";

/** What the machine (machine.ts) reads, keeps and decides: its world, state, events and actions. */

export interface OptionNode {
  id: number;
  name: string;
  greetingMessage: string | null;
  queueType: string;
  closeTicket: boolean;
  optQueueId: number | null;
  optUserId: number | null;
  optIntegrationId: number | null;
  optFileId: number | null;
  options: OptionNode[];
}

export interface QueueInfo {
  id: number;
  name: string;
  greetingMessage: string | null;
  /** Entering the queue through the bot sends its greeting and closes the ticket. */
  closeTicket: boolean;
  outOfHoursMessage: string | null;
  schedules: ScheduleDay[];
  /** The file list sent when the bot brings a contact into the queue (after its greeting). */
  fileListId: number | null;
  /** The integration the bot hands a contact to when it brings them into the queue. */
  integrationId: number | null;
  options: OptionNode[];
}

export interface World {
  now: Date;
  timeZone: string;
  ticket: { status: string; queueId: number | null; userId: number | null; isGroup: boolean };
  contact: { disableBot: boolean; outOfHoursSentAt: Date | null; lgpdAcceptedAt: Date | null };
  connection: {
    name: string;
    greetingMessage: string | null;
    outOfHoursMessage: string | null;
    schedules: ScheduleDay[];
    maxUseBotQueues: number;
    timeUseBotQueues: number;
    timeSendQueue: number;
    sendIdQueue: number | null;
    collectiveVacationStart: Date | null;
    collectiveVacationEnd: Date | null;
    collectiveVacationMessage: string | null;
    ratingMessage: string | null;
    complationMessage: string | null;
    expiresTicketNPS: number;
    maxUseBotQueuesNPS: number;
    /** The connection's queues in menu order (orderQueue, then id). */
    queues: QueueInfo[];
    /** A greeting file was uploaded (the runner reads it when it sends). */
    hasGreetingMedia: boolean;
    /** The connection's AI prompt (prompts.id): it answers new conversations (handover-machine.ts). */
    promptId: number | null;
    /** The connection's integration: it takes new conversations before the prompt (handover-machine.ts). */
    integrationId: number | null;
  };
  settings: {
    scheduleType: string;
    sendGreetingMessageOneQueues: boolean;
    companySchedules: ScheduleDay[];
    outOfHoursRepeatMinutes: number;
    /** LGPD (rule 2): enableLGPD on; consent: lgpdConsent on (the contact must accept), else only informed. */
    lgpd: { enabled: boolean; consent: boolean; message: string | null; link: string | null };
    /** sendQueuePosition on: the message that precedes the contact's position in the queue. */
    queuePositionMessage: string | null;
  };
  /** Every queue of the company a menu may lead to (queue options can leave the connection's). */
  queuesById: ReadonlyMap<number, QueueInfo>;
  /** Flows (flow-machine.ts): absent when the connection and company have none to run. */
  flows?: FlowWorld;
}

/** A flow's graph at one version (the flow's updatedAt in ms): what a walk started on. */
export interface FlowRef {
  flowId: number;
  version: number;
  graph: FlowGraphData;
}

/** The flows a ticket may start or is walking, and what their conditions read. */
export interface FlowWorld {
  /** The connection's flowIdWelcome, when active. */
  welcome: FlowRef | null;
  /** The connection's flowIdNotPhrase, when active. */
  notPhrase: FlowRef | null;
  /** The connection's active phrase campaigns with active flows, oldest first. */
  phrases: { phrase: string; flow: FlowRef }[];
  /** Integrations of type flowbuilder (chatbot options hand to them): their active flows. */
  byIntegration: ReadonlyMap<number, FlowRef>;
  /** The graph of the walk in progress (the state's flowId and version), when there is one. */
  current: FlowRef | null;
  /** The contact writes for the first time (no earlier ticket): the welcome flow's case. */
  isNewContact: boolean;
  contact: { name: string; number: string; email: string };
  /** The randomizer's draw in [0, 1). */
  random?: () => number;
}

/** Where a menu is: the connection's queues (queueId null), a queue's first level, or an option's children. */
export interface MenuLevel {
  queueId: number | null;
  optionId: number | null;
}

export interface BotState {
  stage: "new" | "lgpd" | "menu" | "stopped" | "done" | "rating" | "flow" | "integration";
  level?: MenuLevel;
  /** Menus sent since the bot (re)started, for maxUseBotQueues. */
  menusSent: number;
  /** When the bot stopped after maxUseBotQueues menus (ISO). */
  stoppedAt?: string;
  /** Invalid answers to the rating question. */
  ratingAttempts?: number;
  /** The one pending timer. */
  timer?: { kind: TimerKind; at: string };
  /** The integration holding the conversation (stage integration; automation/handover.ts), its Typebot session. */
  integration?: { id: number; kind?: "prompt"; session?: { id: string; at: string } };
  /** The flow the ticket is walking (stage flow): which version, and where in it. */
  flow?: { flowId: number; version: number; position: FlowPosition };
}

export type TimerKind = "sendQueue" | "ratingExpires" | "flow";

export const INITIAL_STATE: BotState = { stage: "new", menusSent: 0 };

export type BotEvent =
  | { type: "message"; body: string; id?: number }
  | { type: "timer"; kind: TimerKind }
  /** An attendant resolved the ticket with rating on: the ticket waits in nps for the contact's score. */
  | { type: "ratingRequested" };

export type BotAction =
  | { type: "send"; body: string }
  | { type: "enterQueue"; queueId: number }
  | { type: "assign"; userId: number }
  | { type: "close" }
  /** The vacation or out-of-hours answer went out: remember it on the contact. */
  | { type: "outOfHoursSent" }
  /** The ticket's status changes (lgpd while consent is asked, then pending). */
  | { type: "setStatus"; status: "lgpd" | "pending" }
  /** The contact accepted the LGPD terms: stored with its time on the contact. */
  | { type: "lgpdAccepted" }
  /** Tell the contact their position among the queue's waiting tickets (the runner counts them). */
  | { type: "tellPosition"; queueId: number; message: string }
  /** The contact's score (0 to 10) of the user who resolved the ticket. */
  | { type: "rate"; value: number }
  /** The connection's greeting file, when it has one (the runner knows). */
  | { type: "sendGreetingMedia" }
  /** The file list's message and its options' files (the runner reads the list when it sends). */
  | { type: "sendFiles"; fileListId: number | null }
  /**
   * The conversation goes to an integration (chatbot option, flow node), or a contact message of a
   * conversation it holds goes to it: a row of the hand-over outbox (automation/handover.ts).
   * messageId null: no contact message to hand (a flow's timer led there).
   */
  | { type: "handOver"; integrationId: number | null; messageId: number | null; target?: "prompt" }
  /** A flow's image, audio, video or document (a stored upload's name; modules/flows/media.ts). */
  | {
      type: "sendFlowMedia";
      flowId: number;
      media: FlowMediaKind;
      name: string;
      filename?: string;
      record?: boolean;
    }
  /** The flow's steps for the ticket's history (and a log line when the step cap stopped it). */
  | {
      type: "flowLog";
      flowId: number;
      version: number;
      started: boolean;
      visited: { nodeId: string; type: FlowGraphNode["type"] }[];
      ended: FlowEnd | null;
    };

export interface Decision {
  state: BotState;
  actions: BotAction[];
}
