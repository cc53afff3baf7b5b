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
  Required: "required",
  "Invalid time": "invalidTime",
  "Invalid date": "invalidDate",
  "Invalid id": "invalidId",
  "Invalid token": "invalidToken",
  "Unknown queue": "unknownQueue",
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

/** Minutes and counters: whatever the schema says about them (its English texts name no field). */
const NUMBER_FIELDS = new Set<string>([
  "maxUseBotQueues",
  "timeUseBotQueues",
  "timeSendQueue",
  "expiresTicket",
  "expiresTicketNPS",
  "maxUseBotQueuesNPS",
  "timeInactiveMessage",
  "timeCreateNewTicket",
]);
const ACCOUNT_FIELDS = new Set<string>(["phoneNumberId", "wabaId", "pageId", "instagramId"]);
/** The longest value of a text field; the messages take 4096 characters. */
const MAX_LENGTH: Record<string, number> = { verifyToken: 256, accessToken: 1024, appSecret: 1024 };

type Translation = { key: ErrorKey; max?: number };

function translation(message: string, field: string | undefined): Translation | undefined {
  // The name's 2-50 rule: one text for too short, too long and missing.
  if (field === "name" && ["Required", "Too Short!", "Too Long!"].includes(message))
    return { key: "nameLength" };
  const known = MESSAGE_KEYS[message];
  if (known) return { key: known };
  if (field && NUMBER_FIELDS.has(field)) return { key: "invalidNumber" };
  if (field && ACCOUNT_FIELDS.has(field)) return { key: "invalidId" };
  if (message === "Too Long!" || message.startsWith("Too big"))
    return { key: "tooLong", max: (field && MAX_LENGTH[field]) || 4096 };
  return undefined;
}

/**
 * The text under a field (`field` is its path, e.g. "name" or
 * "schedules.2.endTimeA"). Spec 2 section 5 gives no text of its own for
 * connections (section 8 names the keys errorRatingMessage, errorExpiresNPS
 * and errorSendQueue), so every message the form or the server gives has a
 * translation.
 */
export function fieldErrorText(message: string | undefined, field?: string): string | undefined {
  if (!message) return undefined;
  const found = translation(message, field);
  if (!found) return message;
  return i18n.t(`connectionModal.errors.${found.key}`, { max: found.max });
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
