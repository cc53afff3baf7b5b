import { isApiError } from "../../api/api-error";

/**
 * Recovery and reset show the server's own message when it sent one, else
 * their fixed fallback text (spec 2 section 8).
 */
export function serverMessageOr(error: unknown, fallback: string): string {
  if (isApiError(error) && error.status > 0 && error.message) return error.message;
  return fallback;
}
