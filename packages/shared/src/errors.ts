import type { PlanFlag } from "./schemas/plan.js";

/**
 * The error catalogue shared by server and web app. The server answers
 * `{ error: code, message }`; the web app translates `code` (i18n key
 * `errors.<code>`) and falls back to `message`.
 *
 * The first block is spec 1 section 8 verbatim; the second holds codes the
 * spec does not name but the foundation needs (each documented where thrown).
 */
export const SPEC_ERROR_CODES = [
  "ERR_NO_OTHER_WHATSAPP",
  "ERR_NO_DEF_WAPP_FOUND",
  "ERR_NO_WAPP_FOUND",
  "ERR_WAPP_NOT_INITIALIZED",
  "ERR_WAPP_CHECK_CONTACT",
  "ERR_WAPP_INVALID_CONTACT",
  "ERR_WAPP_DOWNLOAD_MEDIA",
  "ERR_INVALID_CREDENTIALS",
  "ERR_SENDING_WAPP_MSG",
  "ERR_DELETE_WAPP_MSG",
  "ERR_FETCH_WAPP_MSG",
  "ERR_CREATING_MESSAGE",
  "ERR_OTHER_OPEN_TICKET",
  "ERR_SESSION_EXPIRED",
  "ERR_USER_CREATION_DISABLED",
  "ERR_NO_PERMISSION",
  "ERR_DUPLICATED_CONTACT",
  "ERR_NO_SETTING_FOUND",
  "ERR_NO_CONTACT_FOUND",
  "ERR_NO_TICKET_FOUND",
  "ERR_NO_USER_FOUND",
  "ERR_CREATING_TICKET",
  "ERR_QUEUE_COLOR_ALREADY_EXISTS",
  "ERR_WAPP_GREETING_REQUIRED",
  "ERR_OUT_OF_HOURS",
] as const;

export const EXTRA_ERROR_CODES = [
  /** 400: a request body, query or params failed its schema. */
  "ERR_VALIDATION",
  /**
   * 409: POST /users at the plan's user limit (`plan.users`; the Whaticket family's code, kept for its
   * clients). Like the two below, the message names the limit ("The plan allows 3 users…").
   */
  "ERR_USER_CREATION_COUNT",
  /** 409: POST /whatsapp or POST /facebook at the plan's connection limit (`plan.connections`). */
  "ERR_PLAN_CONNECTIONS_LIMIT",
  /** 409: POST /queue at the plan's queue limit (`plan.queues`). */
  "ERR_PLAN_QUEUES_LIMIT",
  /** 409: POST /flowcampaign when the company already has FLOW_CAMPAIGN_LIST_MAX phrase campaigns. */
  "ERR_FLOW_CAMPAIGNS_LIMIT",
  /**
   * 403: the company's plan switches off the feature a route belongs to (spec 2 section 3, one code per
   * use flag: PLAN_FLAG_ERROR_CODES). Routes declare their flag (`config.planFeature`), checked before
   * validation, so every request of a switched-off area gets the code (a connection's channel is read
   * from the body: POST /whatsapp, POST /facebook).
   */
  "ERR_PLAN_NO_WHATSAPP",
  "ERR_PLAN_NO_FACEBOOK",
  "ERR_PLAN_NO_INSTAGRAM",
  "ERR_PLAN_NO_CAMPAIGNS",
  "ERR_PLAN_NO_SCHEDULES",
  "ERR_PLAN_NO_INTERNAL_CHAT",
  "ERR_PLAN_NO_EXTERNAL_API",
  "ERR_PLAN_NO_KANBAN",
  "ERR_PLAN_NO_OPENAI",
  "ERR_PLAN_NO_INTEGRATIONS",
  /** 400: another user already has this e-mail. */
  "ERR_USER_EMAIL_ALREADY_EXISTS",
  /** 403: POST /auth/signup while the platform's allowSignup setting is not enabled. */
  "ERR_SIGNUP_DISABLED",
  /** 400: POST /auth/signup with a plan that does not exist or is not public (field planId). */
  "ERR_PLAN_NOT_AVAILABLE",
  /** 400: the reset-password token is unknown, used or expired. */
  "ERR_INVALID_RESET_TOKEN",
  /** 401: the refresh cookie is missing, unknown or already used. */
  "ERR_INVALID_REFRESH_TOKEN",
  /** 401: POST /api/messages/send without a bearer token, or with one no connection has. */
  "ERR_INVALID_API_TOKEN",
  /** 404: no route or no record of that kind. */
  "ERR_NOT_FOUND",
  /** 413: an upload above the size limit. */
  "ERR_FILE_TOO_LARGE",
  /** 400: an upload whose bytes are not a type this use accepts (avatars, logos, schedule images: PNG, JPEG, WebP). */
  "ERR_FILE_TYPE_NOT_ALLOWED",
  /**
   * 413: a flow upload (POST /flowbuilder/img, /audio, /content) above its type's limit (spec 3
   * section 5: image 2 MB, audio 5 MB, video and pdf 20 MB); `limit` is that limit in MB, the message
   * the spec's 'Arquivo é muito grande! NMB máximo'.
   */
  "ERR_FLOW_FILE_TOO_LARGE",
  /** 429: too many attempts from this address or for this e-mail. */
  "ERR_TOO_MANY_REQUESTS",
  /** A send refused because the 24-hour customer-service window is closed (WhatsApp 131047, Messenger 10/2018278). */
  "ERR_OUTSIDE_24H_WINDOW",
  /** 400: POST /facebook: the Graph API refused the Facebook user token (expired, revoked or of another app; Graph code 190). */
  "ERR_FACEBOOK_INVALID_TOKEN",
  /** 400: POST /facebook: the Facebook user manages no page to add (with addInstagram alone: no page with an Instagram business account). */
  "ERR_FACEBOOK_NO_PAGES",
  /** 502: POST /facebook: the Graph API was unreachable or refused a call (e.g. a permission not granted at login); the message carries Graph's. */
  "ERR_FACEBOOK_GRAPH",
  /**
   * 400: POST/PUT /whatsapp, POST /facebook: another connection, of this or another company, already has
   * this provider id (Cloud API phone number id, Messenger page id, Instagram account id). Meta delivers
   * an account's webhooks to one place, so one connection holds it; `field` names the id.
   */
  "ERR_WAPP_PROVIDER_ID_IN_USE",
  /** 400: POST /messages/edit/{id}: the message is older than the edit window (15 minutes, spec 1 section 9). */
  "ERR_EDIT_WINDOW_EXPIRED",
  /** 503: GET /messages/transcribeAudio: no transcription service is configured (TRANSCRIPTION_URL). */
  "ERR_TRANSCRIPTION_NOT_CONFIGURED",
  /** 502: the transcription service failed or answered without text; the message carries its reason. */
  "ERR_TRANSCRIPTION_FAILED",
  /**
   * 400: POST /messages/{ticketId}: an audio the ticket's channel does not take and the server could not
   * convert (a damaged recording, or a format with no conversion, e.g. WAV for WhatsApp).
   */
  "ERR_AUDIO_CONVERSION",
  /** 400: PUT /tickets/{id} resolving while the requiredTag setting is enabled and the contact has no tag (spec 1 section 4). */
  "ERR_TAG_REQUIRED",
  /** 400: POST/PUT /queue: another queue of the company has this name (the colour has ERR_QUEUE_COLOR_ALREADY_EXISTS). */
  "ERR_QUEUE_NAME_ALREADY_EXISTS",
  /**
   * 400: PUT /settings/{key} or PUT /companySettings would leave a flag without its message (spec 2
   * section 5: transfer, greeting-accepted and queue-position messages when enabled, the call message
   * when calls are refused); `field` names the message key to fill in first.
   */
  "ERR_SETTING_MESSAGE_REQUIRED",
  /** 400: POST/PUT /plans: another plan already has this name. */
  "ERR_PLAN_NAME_ALREADY_EXISTS",
  /** 409: DELETE /plans/{id}: a company is subscribed to the plan; move it to another plan first. */
  "ERR_PLAN_IN_USE",
  /** 400: POST/PUT /companies: another company already has this name (case ignored). */
  "ERR_COMPANY_NAME_ALREADY_EXISTS",
  /** 400: DELETE /companies/{id}: the name typed to confirm is not the company's. */
  "ERR_COMPANY_CONFIRMATION_MISMATCH",
  /** 400: PUT /tags/{id}: another tag of the company has this name. */
  "ERR_TAG_NAME_ALREADY_EXISTS",
  /** 400: POST/PUT /tags: nextLaneId or rollbackLaneId (`field`) is not another kanban tag of the company. */
  "ERR_TAG_INVALID_LANE",
  /** 400: POST/PUT /helps: another help video already has this title. */
  "ERR_HELP_TITLE_ALREADY_EXISTS",
  /**
   * 402: the company's subscription expired (its due date is today or past; company 1 never expires).
   * Its users still sign in and reach what paying needs (the session, invoices, subscription, plans, their
   * company's plan: routes declaring `config.allowExpired`); every other private route and the socket
   * handshake answer this code until an invoice is paid (docs/SUBSCRIPTION.md).
   */
  "ERR_SUBSCRIPTION_EXPIRED",
  /**
   * 503: POST /subscription with the embedded PIX provider while the platform's pixKey, pixMerchantName
   * or pixMerchantCity setting is empty (the super admin fills them in the settings' platform group).
   */
  "ERR_PAYMENT_NOT_CONFIGURED",
  /** 502: the payment provider (Efí) was unreachable or refused a call; the message carries its reason. */
  "ERR_PAYMENT_PROVIDER",
  /** 400: POST /queueIntegration/test without a Dialogflow service-account JSON key, or with something else (field jsonContent). */
  "ERR_INTEGRATION_CREDENTIALS",
  /** 400: an integration's provider refused the call (wrong project, key without access, unknown language...); the message carries its reason. */
  "ERR_INTEGRATION_REFUSED",
  /** 502: an integration's provider did not answer in time, or failed (5xx, network); the message carries the reason. */
  "ERR_INTEGRATION_UNAVAILABLE",
  /** 400: POST /subscription or PUT /invoices/{id}/paid for an invoice already paid (field invoiceId). */
  "ERR_INVOICE_ALREADY_PAID",
  /**
   * 400: POST /subscription with a custom plan priced below the invoice it pays (field users): the
   * invoice is what the company owes; a custom plan may add users and connections, not cost less.
   */
  "ERR_CHECKOUT_BELOW_INVOICE",
  /**
   * 409: PUT /campaigns/{id} or its media-upload on a campaign that is not editable (spec 3 section 4:
   * editable when INATIVA, or PROGRAMADA more than an hour ahead; a CANCELADA one takes message edits only).
   */
  "ERR_CAMPAIGN_NOT_EDITABLE",
  /** 409: POST /campaigns/{id}/cancel on a campaign not EM_ANDAMENTO, or /restart on one not CANCELADA. */
  "ERR_CAMPAIGN_INVALID_STATUS",
  /** 403: DELETE /users/{id} naming the signed-in user: nobody deletes their own account (another admin may). */
  "ERR_USER_DELETE_SELF",
  /** 500: an unexpected failure, logged with the request id. */
  "ERR_INTERNAL",
] as const;

export const ERROR_CODES = [...SPEC_ERROR_CODES, ...EXTRA_ERROR_CODES] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The code each plan use flag answers when the company's plan switches it off. */
export const PLAN_FLAG_ERROR_CODES = {
  useWhatsapp: "ERR_PLAN_NO_WHATSAPP",
  useFacebook: "ERR_PLAN_NO_FACEBOOK",
  useInstagram: "ERR_PLAN_NO_INSTAGRAM",
  useCampaigns: "ERR_PLAN_NO_CAMPAIGNS",
  useSchedules: "ERR_PLAN_NO_SCHEDULES",
  useInternalChat: "ERR_PLAN_NO_INTERNAL_CHAT",
  useExternalApi: "ERR_PLAN_NO_EXTERNAL_API",
  useKanban: "ERR_PLAN_NO_KANBAN",
  useOpenAi: "ERR_PLAN_NO_OPENAI",
  useIntegrations: "ERR_PLAN_NO_INTEGRATIONS",
} as const satisfies Record<PlanFlag, ErrorCode>;

/** The open ticket an ERR_OTHER_OPEN_TICKET answer names: who holds it and in which queue. */
export interface OpenTicketRef {
  id: number;
  uuid: string;
  status: string;
  userId: number | null;
  user: { id: number; name: string } | null;
  queue: { id: number; name: string } | null;
}

/** The wire shape of every error answer. */
export interface ApiErrorBody {
  error: ErrorCode;
  message: string;
  /** For ERR_VALIDATION: the first failing field and every issue. */
  field?: string;
  issues?: { field: string; message: string }[];
  /** For ERR_OTHER_OPEN_TICKET: the ticket already open for the contact and connection (spec 1 section 4). */
  ticket?: OpenTicketRef;
  /**
   * For the plan limit codes (ERR_USER_CREATION_COUNT, ERR_PLAN_CONNECTIONS_LIMIT, ERR_PLAN_QUEUES_LIMIT): the plan's limit.
   * For ERR_FLOW_CAMPAIGNS_LIMIT: how many phrase campaigns a company may have.
   * For ERR_FLOW_FILE_TOO_LARGE: the upload's limit in MB.
   */
  limit?: number;
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && (ERROR_CODES as readonly string[]).includes(value);
}
