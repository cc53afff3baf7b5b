/**
 * Realtime event names, exactly as the specs write them: `company-{id}-{topic}` for most topics,
 * `company{id}-tag` (no dash, spec 2 section 8), `schedule` and `company-announcement` (spec 3
 * "Live events"). Events go only to rooms of their company, whatever their name. Every payload
 * carries an `action`.
 */
export const COMPANY_TOPICS = [
  "ticket",
  "appMessage",
  "contact",
  "chat",
  "auth",
  "user",
  "whatsapp",
  "whatsappSession",
  "queue",
  "tag",
  "typing",
  "schedule",
  "announcement",
  /** Quick messages changed (QuickMessageEventPayload): `company-{id}-quickmessage`. */
  "quickmessage",
  /** Settings and business hours of the company changed (SettingsEventPayload). */
  "settings",
  /** The company's subscription changed: an invoice was paid and the due date moved (PaymentEventPayload). */
  "payment",
  /** Progress of a company deletion, to the super user who asked (CompanyDeletionPayload). */
  "companyDeletion",
  /** A WhatsApp message import's state and progress (ImportMessagesPayload), `importMessages-{id}`. */
  "importMessages",
  /** A ticket report export's progress, to the user who asked (ReportExportPayload). */
  "reportExport",
  /** Contact lists created, updated, deleted (ContactListEventPayload; spec 3 "Live events": ContactList). */
  "ContactList",
  /** Items of a list; `reload` after an import (ContactListItemEventPayload; spec 3: ContactListItem). */
  "ContactListItem",
  /** A spreadsheet import's progress and result (ContactListImportPayload). */
  "contactListImport",
  /** Campaigns created, changed (status, progress), deleted (CampaignEventPayload; spec 3 "Live events": campaign). */
  "campaign",
  /** File lists created, updated, deleted (FileListEventPayload; spec 3 "Live events": company-{id}-file). */
  "file",
  /** Flows created, renamed, duplicated, deleted (FlowEventPayload; spec 3 "Live events": flow lists). */
  "flowbuilder",
  /** Integrations created, updated, deleted (QueueIntegrationEventPayload; spec 3 "Live events": company-{id}-queueIntegration). */
  "queueIntegration",
  /** Phrase campaigns created, updated, deleted (FlowCampaignEventPayload; spec 3 "Live events" names no channel for them). */
  "flowcampaign",
  /** AI prompts created, updated, deleted (PromptEventPayload; spec 3 "Live events": company-{id}-prompt). */
  "prompt",
] as const;
export type CompanyTopic = (typeof COMPANY_TOPICS)[number];

export const EVENT_ACTIONS = ["create", "update", "delete", "new-message"] as const;
export type EventAction = (typeof EVENT_ACTIONS)[number];

/** The specs' names for topics not written `company-{id}-{topic}`. */
const SPEC_EVENT_NAMES: Partial<Record<CompanyTopic, (companyId: number) => string>> = {
  tag: (companyId) => `company${companyId}-tag`,
  schedule: () => "schedule",
  announcement: () => "company-announcement",
  importMessages: (companyId) => `importMessages-${companyId}`,
};

/** The event name a client written against the specs listens to for `topic` in company `companyId`. */
export function companyEvent(companyId: number, topic: CompanyTopic): string {
  return SPEC_EVENT_NAMES[topic]?.(companyId) ?? `company-${companyId}-${topic}`;
}

/**
 * Payload of `importMessages-{id}` (spec 2 section 4): `update` with the import's state, `this: -1`
 * while it is preparing, then `this` of `all` messages processed and the date of the last one
 * (ISO 8601; the page shows it in the viewer's time zone); `refresh` when it ended (or its imported
 * tickets were closed): the connections page reloads.
 */
export type ImportMessagesPayload =
  | {
      action: "update";
      whatsappId: number;
      status: { this: number; all: number; date?: string };
    }
  | { action: "refresh"; whatsappId: number };

/** Events the web client emits (spec 1 section 7). */
export const CLIENT_EVENTS = {
  joinNotification: "joinNotification",
  leaveNotification: "leaveNotification",
  joinTickets: "joinTickets",
  leaveTickets: "leaveTickets",
  joinChatBox: "joinChatBox",
  leaveChatBox: "joinChatBoxLeave",
  userTyping: "user_typing",
  userStatus: "userStatus",
  /** The attendance panel (spec 2, /moments) is open: hear every open and pending ticket's changes. */
  joinMoments: "joinMoments",
  leaveMoments: "leaveMoments",
} as const;

/** Payload of `company-{id}-auth`: a newer session replaced `tokenVersion`'s. */
export interface AuthEventPayload {
  action: "update";
  user: { id: number };
  /** The token version now valid; sessions holding an older one are over. */
  tokenVersion: number;
}

/** Payload of `company-{id}-user`: the full user on create and update, the id on delete. */
export type UserEventPayload =
  | { action: "create" | "update"; user: import("./schemas/dto.js").UserDto }
  | { action: "delete"; userId: number };

/**
 * Payload of `company-{id}-payment`: an invoice of the company was paid and
 * its due date is now `company.dueDate`. An expired company's screens come
 * back without signing in again.
 */
export interface PaymentEventPayload {
  action: "update";
  invoiceId: number;
  company: { id: number; dueDate: string };
}
