import type { Db } from "../db/client.js";
import type { CampaignConfirmations } from "../modules/campaigns/confirmations.js";
import type { LaneAutomation } from "../modules/kanban/lane-automation.js";
import type { OutboundService } from "../modules/messages/outbound-service.js";
import type { MessageRow } from "../modules/messages/presenter.js";
import type { TicketRow } from "../modules/tickets/presenter.js";
import type { TicketEvents } from "../realtime/ticket-events.js";
import type { FlowMediaLookup, RunWrites } from "./effects.js";
import type { FlowBatch } from "./flow-world.js";
import type { HandoverDeps } from "./handover.js";
import type { AutomationRepo, SavedState, TicketChange } from "./repo.js";

/** The shapes the runner (runner.ts) works with: its dependencies, a ticket's key, a batch, a run's outcome. */

export interface AutomationDeps {
  db: Db;
  outbound: OutboundService;
  events: TicketEvents;
  logger: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** The clock (tests move it). */
  now?: () => Date;
  /** Kanban lanes' rollback on a contact's message, in the run's transaction (modules/kanban/lane-automation.ts). */
  lanes?: Pick<LaneAutomation, "onContactMessages" | "announce">;
  /** Campaign confirmations on a contact's answer, in the run's transaction (modules/campaigns/confirmations.ts). */
  confirmations?: Pick<CampaignConfirmations, "onContactMessages" | "announce">;
  /** A flow's stored upload by name (modules/flows/media.ts). */
  flowMedia?: FlowMediaLookup;
  /** The flows' randomizer draw (tests fix it). */
  random?: () => number;
  /** The integrations' clients: conversations handed to them are delivered (handover.ts). */
  integrations?: HandoverDeps["clients"];
  /** Files of hand-overs: a received audio's bytes, a prompt's voice answer stored. */
  handoverFiles?: Pick<HandoverDeps, "readMedia" | "storeAudio">;
}

export interface TicketKey {
  companyId: number;
  ticketId: number;
  /** The ticket's connection when the caller knows it (ingest, timers): its cached world is used. */
  whatsappId?: number | null;
  /** A timer's run: the token it carries must be the ticket's current one. */
  timerToken?: number;
}

/** What one batch's runs share: the writes held until its end and the reads made once. */
export interface Batch extends FlowBatch {
  writes: RunWrites;
  changes: TicketChange[];
  saves: SavedState[];
  /** The message variables' facts by (company, user, queue, connection). */
  facts: Map<string, Awaited<ReturnType<AutomationRepo["messageFacts"]>>>;
}

/** What one ticket's run changed, announced after its transaction commits. */
export interface Outcome {
  /** The connection, for the timer's job (its run then uses the cached world). */
  whatsappId?: number | null;
  companyId: number;
  ticketId: number;
  sent: MessageRow[];
  before: TicketRow;
  after: TicketRow;
  timer?: { at: Date; token: number };
  more: boolean;
  /** Contact messages went to the hand-over outbox: delivered after the commit (handover.ts). */
  handedOver?: boolean;
}

/** A ticket's run that changed nothing but its state: written with the batch's others in one statement. */
export interface Quiet {
  save?: SavedState;
  outcome?: Outcome;
}
