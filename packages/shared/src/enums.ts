export const PROFILES = ["admin", "user"] as const;
export type Profile = (typeof PROFILES)[number];

/** Spec 1 uses "enable"/"disable" for allTicket and "enabled"/"disabled" for the rest. */
export const ALL_TICKET_VALUES = ["enable", "disable"] as const;
export const TOGGLE_VALUES = ["enabled", "disabled"] as const;
export type Toggle = (typeof TOGGLE_VALUES)[number];

export const THEMES = ["light", "dark"] as const;
export const MENU_STATES = ["open", "closed"] as const;

export const CHANNELS = ["whatsapp", "whatsappapi", "facebook", "instagram"] as const;
export type Channel = (typeof CHANNELS)[number];

export const TICKET_STATUSES = ["pending", "open", "closed", "group", "lgpd", "nps"] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const CONNECTION_STATUSES = [
  "qrcode",
  "OPENING",
  "CONNECTED",
  "DISCONNECTED",
  "PAIRING",
  "TIMEOUT",
] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

export const MEDIA_TYPES = [
  "chat",
  "image",
  "audio",
  "video",
  "application",
  "locationMessage",
  "contactMessage",
  "adMetaPreview",
  "template",
  "reactionMessage",
  "call_log",
] as const;

export const TICKET_LOG_TYPES = [
  "create",
  "chatBot",
  "queue",
  "open",
  "access",
  "transfered",
  "receivedTransfer",
  "pending",
  "closed",
  "reopen",
  "redirect",
  /** The ticket changed kanban lane (fromLane -> toLane; no user: the lane automation moved it). */
  "lane",
  /** The bot walked a flow's node (detail: flowId, nodeId, nodeType; ended when the walk stopped). */
  "flow",
] as const;

export const RECURRENCES = ["MENSAL", "BIMESTRAL", "TRIMESTRAL", "SEMESTRAL", "ANUAL"] as const;

export const LANGUAGES = ["pt", "en", "es", "tr"] as const;
export type Language = (typeof LANGUAGES)[number];
