import type { UseFormSetError } from "react-hook-form";
import { isApiError } from "../../api/api-error";
import i18n from "../../i18n";
import { type ConnectionFormField, type ConnectionFormInput, toFormValues } from "./connection-form-schema";

const FORM_FIELDS = Object.keys(toFormValues("whatsapp")) as ConnectionFormField[];

/** Validation messages that are keys (spec 2 section 8) rather than the spec's literal texts. */
const MESSAGE_KEYS = {
  errorSendQueue: "connectionModal.errors.errorSendQueue",
  errorRatingMessage: "connectionModal.errors.errorRatingMessage",
  errorExpiresNPS: "connectionModal.errors.errorExpiresNPS",
  invalidNumber: "connectionModal.errors.invalidNumber",
  "A connection with this name already exists": "connectionModal.errors.nameTaken",
} as const;

/** The text under a field: a known key is translated; 'Too Short!' and the like show as the spec writes them. */
export function fieldErrorText(message: string | undefined): string | undefined {
  if (!message) return undefined;
  const key = MESSAGE_KEYS[message as keyof typeof MESSAGE_KEYS];
  return key ? i18n.t(key) : message;
}

function isFormField(field: string | undefined): field is ConnectionFormField {
  return FORM_FIELDS.includes(field as ConnectionFormField);
}

/**
 * Puts ERR_VALIDATION issues under their fields and returns the fields it
 * marked (empty when the error is not about a field the form shows; the
 * caller toasts it instead, e.g. ERR_NO_PERMISSION for a plan limit).
 */
export function applyServerError(
  error: unknown,
  setError: UseFormSetError<ConnectionFormInput>,
): ConnectionFormField[] {
  if (!isApiError(error) || error.code !== "ERR_VALIDATION") return [];
  const issues = error.issues?.length ? error.issues : [{ field: error.field ?? "", message: error.message }];
  const applied: ConnectionFormField[] = [];
  for (const issue of issues) {
    if (!isFormField(issue.field)) continue;
    setError(issue.field, { type: "server", message: issue.message });
    applied.push(issue.field);
  }
  return applied;
}
