import type { ApiErrorBody, ErrorCode } from "@inbox/shared";

const DEFAULT_STATUS: Partial<Record<ErrorCode, number>> = {
  ERR_INVALID_CREDENTIALS: 401,
  ERR_SESSION_EXPIRED: 401,
  ERR_INVALID_REFRESH_TOKEN: 401,
  ERR_INVALID_API_TOKEN: 401,
  ERR_NO_PERMISSION: 403,
  ERR_SUBSCRIPTION_EXPIRED: 402,
  ERR_SIGNUP_DISABLED: 403,
  ERR_USER_DELETE_SELF: 403,
  ERR_USER_CREATION_DISABLED: 403,
  ERR_OTHER_OPEN_TICKET: 409,
  ERR_CAMPAIGN_NOT_EDITABLE: 409,
  ERR_CAMPAIGN_INVALID_STATUS: 409,
  // Plan limits: the company's current count conflicts with one more (deleting one makes room).
  ERR_USER_CREATION_COUNT: 409,
  ERR_PLAN_CONNECTIONS_LIMIT: 409,
  ERR_PLAN_QUEUES_LIMIT: 409,
  ERR_FLOW_CAMPAIGNS_LIMIT: 409,
  ERR_NO_USER_FOUND: 404,
  ERR_NO_TICKET_FOUND: 404,
  ERR_NO_CONTACT_FOUND: 404,
  ERR_NO_SETTING_FOUND: 404,
  ERR_NO_WAPP_FOUND: 404,
  ERR_NOT_FOUND: 404,
  ERR_FILE_TOO_LARGE: 413,
  ERR_FLOW_FILE_TOO_LARGE: 413,
  ERR_TOO_MANY_REQUESTS: 429,
  ERR_FACEBOOK_GRAPH: 502,
  ERR_PAYMENT_PROVIDER: 502,
  ERR_PAYMENT_NOT_CONFIGURED: 503,
  ERR_INTERNAL: 500,
};

/** The one error a user may see: a catalogue code, an HTTP status and a plain message. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly field?: string;
  readonly headers?: Record<string, string>;
  /**
   * Extra fields of the answer body for the codes that carry some (ERR_OTHER_OPEN_TICKET: `ticket`;
   * ERR_VALIDATION found by a service across several fields: `issues`; plan limits: `limit`).
   */
  readonly details?: Pick<ApiErrorBody, "ticket" | "issues" | "limit">;

  constructor(
    code: ErrorCode,
    options: {
      status?: number;
      message?: string;
      field?: string;
      headers?: Record<string, string>;
      details?: Pick<ApiErrorBody, "ticket" | "issues" | "limit">;
    } = {},
  ) {
    super(options.message ?? code);
    this.code = code;
    this.status = options.status ?? DEFAULT_STATUS[code] ?? 400;
    this.field = options.field;
    this.headers = options.headers;
    this.details = options.details;
  }
}
