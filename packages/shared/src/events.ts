/**
 * Realtime event names. Server-to-client events are always scoped to one
 * company: `company-{id}-{topic}`. Every payload carries an `action`.
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
] as const;
export type CompanyTopic = (typeof COMPANY_TOPICS)[number];

export const EVENT_ACTIONS = ["create", "update", "delete", "new-message"] as const;
export type EventAction = (typeof EVENT_ACTIONS)[number];

export function companyEvent(companyId: number, topic: CompanyTopic): `company-${number}-${CompanyTopic}` {
  return `company-${companyId}-${topic}`;
}

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
