import {
  IMPORT_QUEUE_REQUIRED,
  IMPORT_RECENT_ORDER,
  IMPORT_WINDOW_MESSAGE,
  SHIFT_INCOMPLETE,
  SHIFT_ORDER,
  VACATION_END_REQUIRED,
  VACATION_ORDER,
  VACATION_START_REQUIRED,
} from "@inbox/shared";
import type { FieldPath, UseFormSetError } from "react-hook-form";
import { isApiError } from "../../../api/api-error";
import i18n from "../../../i18n";
import type connectionDialogPt from "../../../i18n/locales/connection-dialog/pt";
import { type ConnectionFormField, type ConnectionFormInput, toFormValues } from "./connection-form-schema";

const FORM_FIELDS = Object.keys(toFormValues("whatsapp")) as ConnectionFormField[];

type ErrorKey = keyof typeof connectionDialogPt.errors;

/** Validation messages that are keys (spec 2 section 8) or the shared schemas' English texts. */
const MESSAGE_KEYS: Record<string, ErrorKey> = {
  errorSendQueue: "errorSendQueue",
  errorRatingMessage: "errorRatingMessage",
  errorExpiresNPS: "errorExpiresNPS",
  invalidNumber: "invalidNumber",
  invalidDate: "invalidDate",
  importWindow: "importWindow",
  "Invalid time": "invalidTime",
  "Invalid date": "invalidDate",
  "A connection with this name already exists": "nameTaken",
  [VACATION_START_REQUIRED]: "vacationStartRequired",
  [VACATION_END_REQUIRED]: "vacationEndRequired",
  [VACATION_ORDER]: "vacationOrder",
  [IMPORT_WINDOW_MESSAGE]: "importWindow",
  [IMPORT_RECENT_ORDER]: "importRecentOrder",
  [IMPORT_QUEUE_REQUIRED]: "importQueueRequired",
  [SHIFT_INCOMPLETE]: "shiftIncomplete",
  [SHIFT_ORDER]: "shiftOrder",
};

/** The text under a field: a known key is translated; 'Too Short!' and the like show as the spec writes them. */
export function fieldErrorText(message: string | undefined): string | undefined {
  if (!message) return undefined;
  const key = MESSAGE_KEYS[message];
  return key ? i18n.t(`connectionModal.errors.${key}`) : message;
}

/** A field the form shows: a top-level one, or a day's time ("schedules.2.endTimeA"). */
function formPath(field: string | undefined): FieldPath<ConnectionFormInput> | undefined {
  if (!field) return undefined;
  if (/^schedules\.[0-6]\.(start|end)Time[AB]$/.test(field)) return field as FieldPath<ConnectionFormInput>;
  return FORM_FIELDS.includes(field as ConnectionFormField) ? (field as ConnectionFormField) : undefined;
}

/**
 * Puts ERR_VALIDATION issues under their fields and returns the fields it
 * marked (empty when the error is not about a field the form shows; the
 * caller toasts it instead, e.g. ERR_NO_PERMISSION for a plan limit).
 */
export function applyServerError(error: unknown, setError: UseFormSetError<ConnectionFormInput>): string[] {
  if (!isApiError(error) || error.code !== "ERR_VALIDATION") return [];
  const issues = error.issues?.length ? error.issues : [{ field: error.field ?? "", message: error.message }];
  const applied: string[] = [];
  for (const issue of issues) {
    const path = formPath(issue.field);
    if (!path) continue;
    setError(path, { type: "server", message: issue.message });
    applied.push(path);
  }
  return applied;
}
