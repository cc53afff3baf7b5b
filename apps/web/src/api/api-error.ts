import { type ApiErrorBody, isErrorCode } from "@inbox/shared";

/** A failed API call: the HTTP status plus the server's `{ error, message }` body. */
export class ApiError extends Error {
  readonly status: number;
  /** The server's error code (usually one of ERROR_CODES); undefined for network failures. */
  readonly code: string | undefined;
  readonly field: string | undefined;
  readonly issues: ApiErrorBody["issues"];
  /** ERR_OTHER_OPEN_TICKET: the ticket already open for the contact (who holds it, which queue). */
  readonly ticket: ApiErrorBody["ticket"];
  /** The plan limit codes: the plan's limit (the translated message names it). */
  readonly limit: number | undefined;

  constructor(status: number, body: Partial<ApiErrorBody> | null, fallbackMessage = "") {
    super(body?.message ?? fallbackMessage);
    this.name = "ApiError";
    this.status = status;
    this.code = typeof body?.error === "string" ? body.error : undefined;
    this.field = body?.field;
    this.issues = body?.issues;
    this.ticket = body?.ticket;
    this.limit = typeof body?.limit === "number" ? body.limit : undefined;
  }

  get isKnownCode(): boolean {
    return isErrorCode(this.code);
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
