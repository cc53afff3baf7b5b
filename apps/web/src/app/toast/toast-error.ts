import { isApiError } from "../../api/api-error";
import i18n from "../../i18n";
import { toast } from "./toast-store";

/**
 * The text shown for a failure (spec 1 section 8): the translated message of a
 * known server error code, else the raw message, else 'An error occurred!'.
 */
export function errorMessage(error: unknown): string {
  if (isApiError(error) && error.code) {
    const key = `errors.${error.code}`;
    // Plan limit codes name the plan's limit ('Seu plano permite até {{limit}} usuários.').
    if (i18n.exists(key)) return i18n.t(key as "errors.generic", { limit: error.limit ?? "" });
  }
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === "string" && error) return error;
  return i18n.t("errors.generic");
}

export function toastError(error: unknown): void {
  toast.error(errorMessage(error));
}
